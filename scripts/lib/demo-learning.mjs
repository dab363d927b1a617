// The demo's Learning Center, made the way people make it: the engagement manager adds thirteen
// items through the console's forms (/manage/learning: articles across business areas, three
// videos and the three Tools & Templates workbooks from content/templates/, uploaded as files) and
// publishes each; then demo@partwise.test marks two articles done on /learning. A second run
// changes nothing (it stops when the first item already exists).
//
// What a new user finds afterwards: demo@ (BASIC plan) sees the four items opened to every plan
// (three articles and a video, two of the articles done), the others locked with the plans that
// include them (templates: STARTER and SCALE; the other articles and videos: SCALE), and the
// dashboard's Learning Center and Featured video cards filled in.

import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLIENT, MANAGER, Session } from "./demo-session.mjs";
import { LEARNING_TEMPLATES } from "./learning-templates.mjs";

const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "content", "templates");

/** In publishing order (the last is the newest). */
export const DEMO_LEARNING = [
  {
    kind: "article",
    title: "Reading your monthly cash flow in ten minutes",
    area: "finance",
    access: "all",
    summary: "Three numbers to check every month, and what to do when one of them moves.",
    bodyMarkdown: `## Why cash, not profit

A profitable month can still leave you short of cash. Inventory bought ahead of the season, customers who pay late and loan repayments all take cash without touching profit.

## The three numbers

1. **Cash at month end**, compared with the same month last year.
2. **Days sales outstanding**: how long customers take to pay you.
3. **Weeks of expenses covered**: cash divided by your average weekly costs.

## What to do when one moves

- Cash down but profit up? Look at inventory and receivables first.
- Customers paying slower? Send invoices the day you deliver and follow up at 15 days.
- Fewer than *six weeks* covered? Talk to your bank before you need to.

> Cash is a fact, profit is an opinion.`,
    markDone: true,
  },
  {
    kind: "article",
    title: "Running a one-page weekly leadership meeting",
    area: "leadership",
    access: "all",
    summary: "An agenda that fits on one page and keeps the meeting under an hour.",
    bodyMarkdown: `## The agenda

- **Wins** (5 minutes): one from each person.
- **Numbers** (10 minutes): the five figures you agreed to watch, red or green.
- **Issues** (35 minutes): list them, pick the three that matter most, solve them one at a time.
- **Commitments** (5 minutes): who does what by next week.

## Rules that keep it short

Start on time, even when someone is late. Problems are solved in the issues block, not during the numbers. Write the commitments down where everyone can see them.`,
    markDone: true,
  },
  {
    kind: "article",
    title: "Pricing when your costs rise",
    area: "sales",
    access: "all",
    summary: "How to raise prices without losing your best customers.",
    bodyMarkdown: `## Know your margin per product

Before changing any price, list your top twenty products with their cost and price. Sort them by *gross margin*. The products at the bottom are where rising costs hurt first.

## Raise prices in steps

1. Tell your best customers first, personally.
2. Raise the lowest-margin products more, the traffic builders less.
3. Review after one month: volume, margin and complaints.

Read more on price elasticity from the [U.S. Small Business Administration](https://www.sba.gov/business-guide/manage-your-business/manage-your-finances).`,
  },
  {
    kind: "video",
    title: "How great leaders inspire action",
    area: "leadership",
    access: "all",
    summary: "Simon Sinek's talk on starting with why: a classic for leadership teams.",
    videoUrl: "https://www.youtube.com/watch?v=u4ZoJKF_VuA",
  },
  {
    kind: "article",
    title: "A 90-day onboarding plan for new hires",
    area: "hr",
    access: "perk",
    summary: "What a new hire should know, do and deliver in their first three months.",
    bodyMarkdown: `## Days 1 to 30: learn

- Meet every person they will work with.
- Shadow the work before changing it.

## Days 31 to 60: contribute

Give them one small project they own from start to finish.

## Days 61 to 90: own

Agree on the three results they are responsible for, and review them together at day 90.`,
  },
  {
    kind: "article",
    title: "Counting inventory that matches the books",
    area: "operations",
    access: "perk",
    summary: "Cycle counts, one location per item and a weekly variance check.",
    bodyMarkdown: `## Cycle counts beat the annual count

Count a few shelves every week instead of everything once a year. Count the fast movers most often.

## One place for everything

Every item has **one** home location. Overflow goes to a labelled overflow spot, recorded in the system.

## Check the variance weekly

Compare counted and recorded quantities. Anything off by more than 2% gets investigated the same week.`,
  },
  {
    kind: "article",
    title: "Choosing the software your business runs on",
    area: "technology",
    access: "perk",
    summary: "Five questions to ask before you sign any software contract.",
    bodyMarkdown: `## Five questions

1. Which problem does it solve, and how do we solve it today?
2. Who will own it inside the company?
3. Can we get our data out, in a format we can use?
4. What does it cost in year three, not just year one?
5. What does it connect to: accounting, e-commerce, payroll?

Write the answers down before the demo, not after.`,
  },
  {
    kind: "article",
    title: "Writing a one-page marketing plan",
    area: "marketing",
    access: "perk",
    summary: "Your customer, your message, your channels and your budget on one page.",
    bodyMarkdown: `## The page

- **Who**: the customer you want more of, in one sentence.
- **Why us**: the one reason they choose you.
- **Where**: the two or three channels where they already are.
- **How much**: the monthly budget and what you expect back.

Review it every quarter with the numbers: leads, conversion and cost per customer.`,
  },
  {
    kind: "video",
    title: "Product videos on a budget",
    area: "marketing",
    access: "perk",
    summary: "An example of a short product video to watch before filming your own with what you have.",
    videoUrl: "https://vimeo.com/76979871",
  },
  {
    kind: "video",
    title: "Talks for business leaders",
    area: "strategy",
    access: "perk",
    summary: "TED's library of talks: pick one on strategy before your next planning session.",
    videoUrl: "https://www.ted.com/talks",
  },
  ...LEARNING_TEMPLATES.map((template) => ({
    kind: "template",
    title: template.title,
    area: template.area,
    access: "perk",
    summary: template.summary,
    file: template.file,
  })),
];

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

/** The item id in the console's HTML: the `/manage/learning/<id>` link whose text is the title. */
function itemIdOf(html, title) {
  const escaped = escapeHtml(title).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`href="/manage/learning/([0-9a-f-]{36})"[^>]*>${escaped}<`);
  return pattern.exec(html)?.[1] ?? null;
}

export async function playLearningFlows(baseURL, { log = console.log } = {}) {
  const manager = await new Session(baseURL, "engagement manager").signIn(MANAGER);
  const console_ = await manager.page("/manage/learning");
  if (console_.includes(escapeHtml(DEMO_LEARNING[0].title))) {
    log("demo flows: the demo learning items already exist");
    return { played: false };
  }
  const ids = new Map();
  for (const item of DEMO_LEARNING) {
    const form = new FormData();
    form.append("intent", "create");
    for (const field of ["kind", "title", "area", "access", "summary", "bodyMarkdown", "videoUrl"]) {
      if (item[field] !== undefined) form.append(field, item[field]);
    }
    if (item.file) {
      const bytes = await readFile(join(TEMPLATES_DIR, item.file));
      form.append(
        "file",
        new File([bytes], item.file, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
      );
    }
    await manager.multipart("/manage/learning?index", form);
    const id = itemIdOf(await manager.page("/manage/learning"), item.title);
    if (!id) throw new Error(`demo flows: the learning item "${item.title}" is not in the console`);
    await manager.form(`/manage/learning/${id}`, { intent: "publish" });
    ids.set(item.title, id);
  }
  // She marks two done from their pages' forms without opening the list, so her first visit of the
  // Learning Center still shows every item as New.
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  for (const item of DEMO_LEARNING.filter((entry) => entry.markDone)) {
    const id = ids.get(item.title);
    await client.form(`/learning/${id}`, { intent: "done", itemId: id });
  }
  log(`demo flows: the manager published ${DEMO_LEARNING.length} learning items; the demo business marked two done`);
  return { played: true };
}
