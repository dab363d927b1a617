// The demo's conversations (issue #39), written the way people write them: over HTTP, on the
// thread pages' own forms, as the demo business, the engagement manager and the consultants.
// Run after the matching and engagement flows; a second run changes nothing (it stops when the
// interview's first question is already there).
//
// What a new user finds afterwards:
//  - demo@partwise.test, /messages: an interview with Aisha Thompson (the candidate she has to
//    decide on: questions asked and answered, the manager's note), and the active engagement's
//    thread with Daniel Brennan (the plan's and the deliverables' events in line, and messages,
//    a customer list attached to Dana's message (also in her Documents Hub under the match),
//    then a call: Daniel proposed next Tuesday or Wednesday at 15:00 UTC, 30 minutes, on a video
//    link, with the thread page's own form, and Dana booked the Tuesday; its .ics is on the page);
//  - consultant5@partwise.test and consultant6@partwise.test: the same threads in the portal's
//    Messages, unread until they open them; manager@partwise.test: every thread in the console.

import { randomUUID } from "node:crypto";
import { CLIENT, CONSULTANT5, inputAfter, MANAGER, Session } from "./demo-session.mjs";

const CONSULTANT6 = "consultant6@partwise.test";

export const DEMO_INTERVIEW = [
  {
    as: "client",
    body: "Hello Aisha, before we decide: have you worked with a bakery or café that runs more than one location?",
  },
  {
    as: "consultant",
    body: "Hello Dana! Yes: two years with a three-shop bakery in Providence. We moved them from weekly guesses to a daily production plan per shop, and waste fell by a third.",
  },
  {
    as: "manager",
    body: "For context: Aisha's references from that bakery were excellent; I am here if you want to talk it through before deciding.",
  },
  { as: "client", body: "Thank you both. How many hours a week would you have for us in the first month?" },
  {
    as: "consultant",
    body: "Eight to ten in the first month (mostly on site in the mornings), then about six. The plan would say so before you sign.",
  },
];

export const DEMO_ENGAGEMENT_MESSAGES = [
  {
    as: "consultant",
    body: "The wholesale review is under way: I have the last twelve months of orders and will have the price list draft to you on Friday.",
  },
  {
    as: "client",
    body: "Great. Here is our wholesale customer list; Sam from our books can answer anything about the invoices.",
    // Attached with the thread's own form (docs/decisions/076): it shows under the message and in
    // the Documents Hub under the match.
    file: {
      name: "Wholesale customers.csv",
      type: "text/csv",
      content:
        "customer,city,orders_last_12_months,average_order_usd\nCasco Bay Outfitters,Portland ME,14,1860\nWhite Mountain Trail Supply,North Conway NH,9,2240\nKennebec Camp & Paddle,Augusta ME,6,1310\n",
    },
  },
];

/** The thread whose list entry names `name`, from a Messages page. */
function threadIdNamed(html, prefix, name) {
  const pattern = new RegExp(`href="${prefix}/([^"/?]+)"[^>]*>${name}<`);
  return pattern.exec(html)?.[1] ?? null;
}

async function write(session, path, body, file) {
  if (!file) {
    await session.form(path, { intent: "send", key: randomUUID(), body });
    return;
  }
  const form = new FormData();
  form.set("intent", "send");
  form.set("key", randomUUID());
  form.set("body", body);
  form.set("files", new Blob([file.content], { type: file.type }), file.name);
  await session.multipart(path, form);
}

/** Where the demo's booked call happens. */
export const DEMO_CALL_LINK = "https://meet.example.com/harbor-pine-wholesale";

const TUESDAY = 2;

/** "YYYY-MM-DD" of a UTC date, as a date input sends it. */
const dateField = (date) => date.toISOString().slice(0, 10);

/**
 * The call's two times: the next Tuesday after `today` (a week on when today is a Tuesday) and the
 * Wednesday after it, both at 15:00 UTC, so both are always in the future.
 */
export function demoCallDates(today) {
  const ahead = (TUESDAY - today.getUTCDay() + 7) % 7 || 7;
  const tuesday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead));
  const wednesday = new Date(tuesday.getTime() + 24 * 60 * 60 * 1000);
  return [dateField(tuesday), dateField(wednesday)];
}

/**
 * The consultant proposes a call with the thread page's "Propose a call" form (its fields as the
 * page posts them: a fresh one-time key, the zone, three date/time pairs, the length, the place,
 * the note), and the business books the first time with the call's own "Book this time" form.
 */
async function bookDemoCall(consultant, consultantPath, client, clientPath) {
  const [first, second] = demoCallDates(new Date());
  await consultant.form(consultantPath, {
    intent: "propose",
    key: randomUUID(),
    zone: "UTC",
    slot1Date: first,
    slot1Time: "15:00",
    slot2Date: second,
    slot2Time: "15:00",
    slot3Date: "",
    slot3Time: "",
    duration: "30",
    location: DEMO_CALL_LINK,
    note: "Thirty minutes to walk through the price list draft together.",
  });
  const meetingId = inputAfter(await client.page(clientPath), "thread-meeting", "meetingId");
  if (!meetingId) throw new Error("demo conversations: the proposed call is not on the business's thread page");
  await client.form(clientPath, { intent: "book", meetingId, slot: "1" });
}

export async function playConversationFlows(baseURL, { log = console.log } = {}) {
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  const list = await client.page("/messages");
  const interview = threadIdNamed(list, "/messages", "Aisha Thompson");
  const engagement = threadIdNamed(list, "/messages", "Daniel Brennan");
  if (!interview || !engagement) throw new Error("demo conversations: the demo business's threads are missing");
  if ((await client.page(`/messages/${interview}`)).includes("before we decide")) {
    log("demo conversations: the demo business already has its conversations");
    return { played: false };
  }
  const manager = await new Session(baseURL, "engagement manager").signIn(MANAGER);
  const aisha = await new Session(baseURL, "consultant5").signIn(CONSULTANT5);
  const daniel = await new Session(baseURL, "consultant6").signIn(CONSULTANT6);

  const interviewSides = {
    client: [client, `/messages/${interview}`],
    consultant: [aisha, `/consultant/messages/${interview}`],
    manager: [manager, `/manage/messages/${interview}`],
  };
  for (const message of DEMO_INTERVIEW) {
    const [session, path] = interviewSides[message.as];
    await write(session, path, message.body);
  }
  const engagementSides = {
    client: [client, `/messages/${engagement}`],
    consultant: [daniel, `/consultant/messages/${engagement}`],
  };
  for (const message of DEMO_ENGAGEMENT_MESSAGES) {
    const [session, path] = engagementSides[message.as];
    await write(session, path, message.body, message.file);
  }
  await bookDemoCall(daniel, engagementSides.consultant[1], client, engagementSides.client[1]);
  log(
    "demo conversations: demo@partwise.test has an interview with Aisha Thompson and a thread with Daniel Brennan, a call booked in it",
  );
  return { played: true, threads: { interview, engagement } };
}
