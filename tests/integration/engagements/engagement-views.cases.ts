import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryItems, deliveryOutlines, matchRequests } from "~db/schema";
import { ITEM_REVIEW_BUTTON, PREPAY_LABEL } from "~/lib/engagements/engagement-copy";
import {
  call,
  createBusinessEngagement,
  createConsultant,
  createMatchedMatch,
  createOutlineRows,
  db,
  html,
  postForm,
} from "../helpers";
import { signedInClient } from "../../factories";

/**
 * The business's engagement views (spec §2 /features Engagements and the engagement panel,
 * /engagement-portal, the navigation's Engagements entry, the dashboard's Engagements card; §4
 * "Matches with an active or proposed outline become engagements"): what each page shows the
 * business that owns the engagement, and that another business, a plan still with the manager and
 * an anonymous visitor see nothing of it.
 */

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

type Tile = { title: string; href: string; status: string; date: string; next: string };

function tilesIn(page: string): Tile[] {
  const list = /<ul class="engagement-list">([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? "";
  return [...list.matchAll(/<li class="engagement-tile">([\s\S]*?)<\/li>/g)].map(([, row]) => ({
    title: decode(/class="engagement-tile-link"[^>]*>([^<]*)</.exec(row)?.[1] ?? ""),
    href: decode(/class="engagement-tile-link"[^>]*? href="([^"]*)"/.exec(row)?.[1] ?? ""),
    status: decode(/class="badge engagement-status[^"]*">([^<]*)</.exec(row)?.[1] ?? ""),
    date: /class="engagement-tile-date"[^>]*>([^<]*)</.exec(row)?.[1] ?? "",
    next: decode(/class="engagement-tile-next">([^<]*)</.exec(row)?.[1] ?? ""),
  }));
}

const day = (n: number) => new Date(`2026-11-${String(n).padStart(2, "0")}T12:00:00Z`);
const panelUrl = (id: string, tab?: string) =>
  `/features?focus=Engagements&engagementId=${encodeURIComponent(id)}${tab ? `&tab=${tab}` : ""}`;

async function page(path: string, token: string) {
  const response = await call(path, { cookie: token });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("the Engagements tab", () => {
  it("lists the active engagements newest first with their status, and never a plan still with the manager", async () => {
    const client = await signedInClient();
    const id = client.business.id;
    const older = await createBusinessEngagement(id, "active", { createdAt: day(2), title: "Margin recovery plan" });
    const newer = await createBusinessEngagement(id, "awaiting", { createdAt: day(5), title: "Hiring plan" });
    await createBusinessEngagement(id, "unapproved", { createdAt: day(6), title: "Plan still with the manager" });
    await createBusinessEngagement(id, "complete", { createdAt: day(4), title: "Finished pricing plan" });

    const text = await page("/features?focus=Engagements", client.token);
    expect(text).toContain('aria-pressed="true">Active Engagements</button>');
    expect(text).toContain('aria-pressed="false">Completed Engagements</button>');
    expect(tilesIn(text)).toEqual([
      {
        title: "Hiring plan",
        href: panelUrl(newer.outline.id),
        status: "Approved (awaiting customer decision)",
        date: "Nov 5, 2026",
        next: "Review and sign your engagement plan.",
      },
      {
        title: "Margin recovery plan",
        href: panelUrl(older.outline.id),
        status: "Active",
        date: "Nov 2, 2026",
        next: "Review the deliverable your consultant delivered.",
      },
    ]);
    expect(text).not.toContain("Plan still with the manager");
  });

  it("says 'No Active Engagements' when there are none", async () => {
    const client = await signedInClient();
    const text = await page("/features?focus=Engagements", client.token);
    expect(text).toContain('<p class="empty-state">No Active Engagements</p>');
    expect(tilesIn(text)).toEqual([]);
  });

  it("redirects an anonymous visitor to the sign-in screen", async () => {
    const response = await call("/features?focus=Engagements&engagementId=anything");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("the engagement panel", () => {
  it("offers Reject and Accept on a plan the manager approved, and no deliverable actions before the signature", async () => {
    const client = await signedInClient();
    const { outline } = await createBusinessEngagement(client.business.id, "awaiting", { title: "Hiring plan" });
    const text = await page(panelUrl(outline.id), client.token);
    expect(text).toMatch(/<button[^>]*>Reject<\/button>/);
    expect(text).toMatch(/<button[^>]*>Accept<\/button>/);
    expect(text).not.toContain('class="deliverable-actions"');
    expect(text).not.toContain(`>${PREPAY_LABEL}</button>`);
  });

  it("opens on Deliverables: the plan toggle, the items still to do and the completed ones", async () => {
    const client = await signedInClient();
    const { outline, items } = await createBusinessEngagement(client.business.id, "active", {
      title: "Margin recovery plan",
    });
    const text = await page(panelUrl(outline.id), client.token);
    expect(text).toContain('<h2 id="engagement-panel-title">Margin recovery plan</h2>');
    expect(text).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Deliverables</);
    expect(text).toContain('aria-expanded="false"');
    expect(text).toContain(">View Project Plan</button>");
    // The plan's text is shown only once opened.
    expect(text).not.toContain(">Form of Statement of Work</h4>");

    const todo = /aria-label="Deliverables to do">([\s\S]*?)<\/ul>/.exec(text)?.[1] ?? "";
    expect(todo).toContain(">Phase 2</h4>");
    expect(todo).toContain(">Phase 3</h4>");
    expect(todo).not.toContain(">Phase 1</h4>");
    expect(todo).toContain("<dd>$1,500.00</dd>");
    expect(todo).toContain("<dd>Feb 1, 2027</dd>");
    expect(todo).toContain("Delivered: awaiting your review");
    expect(todo).toContain("Not started");
    expect(todo).not.toContain("Found the three products that lost margin.");
    // The delivered item in progress, with its summary and the review (the deliverables' actions).
    const actions = /<section class="deliverable-actions"[\s\S]*?<\/section>/.exec(text)?.[0] ?? "";
    expect(actions).toContain("Found the three products that lost margin.");
    expect(actions).toContain(`>${ITEM_REVIEW_BUTTON}</summary>`);
    // The plan is signed: no Reject / Accept.
    expect(text).not.toMatch(/<button[^>]*>Accept<\/button>/);

    const completed =
      /<h4>Completed Items<\/h4>[\s\S]*?<ul class="engagement-items" aria-label="Completed Items">([\s\S]*?)<\/ul>/.exec(
        text,
      )?.[1];
    expect(completed).toContain(">Phase 1</h5>");
    expect(completed).toContain("<dd>Jan 1, 2027</dd>");
    expect(completed).toContain('<dd class="engagement-item-status">Approved</dd>');
    expect(items).toHaveLength(3);
  });

  it("shows an item's whole title (cut by CSS only where the space ends, issue #36) and its description in 100", async () => {
    const client = await signedInClient();
    const { user: consultant } = await createConsultant();
    const match = await createMatchedMatch(client.business.id, consultant.id);
    const description =
      "Every line of the income statement, checked against last year's, month by month, with notes on each change.";
    const { outline } = await createOutlineRows(match, {
      outline: { state: "proposed", egmReviewStatus: "approved", submittedAt: new Date() },
      items: [{ title: "Quarterly forecasting workshop", description }],
    });
    const text = decode(await page(panelUrl(outline.id), client.token));
    expect(text).toContain('title="Quarterly forecasting workshop">Quarterly forecasting workshop</h4>');
    expect(text).toContain(`>${description.slice(0, 100).trimEnd()}…</p>`);
  });

  it("shows the match info and the consultant on their tabs", async () => {
    const client = await signedInClient();
    const { outline, match } = await createBusinessEngagement(client.business.id, "active");
    await db()
      .update(matchRequests)
      .set({ createdAt: day(7) })
      .where(eq(matchRequests.id, match.id));
    const info = await page(panelUrl(outline.id, "match"), client.token);
    expect(info).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Match Info</);
    expect(info).toContain("<dt>Created</dt><dd>Nov 7, 2026</dd>");
    expect(info).toContain("<dt>Engagement type</dt><dd>Fractional</dd>");
    expect(info).toContain("<dt>Business area</dt><dd>Finance</dd>");
    expect(info).toContain(html("Our margins fell this year and we do not know why."));

    const consultant = await page(panelUrl(outline.id, "consultant"), client.token);
    expect(consultant).toContain('<p class="consultant-name">Dana Reyes</p>');
    expect(consultant).toContain('<p class="consultant-headline">Fractional CFO for growing retailers</p>');
    expect(consultant).toContain("<dt>Business areas</dt><dd>Finance, Operations</dd>");
    expect(consultant).toContain("<dt>Engagement types</dt><dd>Fractional, Project</dd>");
  });

  it("shows only what is paid, with a notice, while a changed plan waits for the manager", async () => {
    const client = await signedInClient();
    const { outline } = await createBusinessEngagement(client.business.id, "changed");
    const text = await page(panelUrl(outline.id), client.token);
    expect(text).toContain(
      html(
        "Your consultant changed the plan. An engagement manager is reviewing the change; you will be asked to review and sign it once it is approved. Until then you see the deliverables you have paid for.",
      ),
    );
    expect(text).toContain(">Phase 1</h5>");
    expect(text).toContain(">Phase 2</h4>");
    expect(text).not.toContain("Unapproved new phase");
    expect(text).not.toContain("View Project Plan");
  });

  it("shows another business's engagement, or a plan still with the manager, as not found", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const foreign = await createBusinessEngagement(other.business.id, "active", { title: "Secret expansion plan" });
    const pending = await createBusinessEngagement(client.business.id, "unapproved", { title: "Draft with manager" });
    for (const id of [foreign.outline.id, pending.outline.id, "no-such-engagement"]) {
      const text = await page(panelUrl(id), client.token);
      expect(text).toContain(html("We couldn't find that engagement."));
      expect(text).not.toContain("Secret expansion plan");
      expect(text).not.toContain("Draft with manager");
      expect(text).not.toContain("engagement-panel-title");
    }
  });
});

describe("/engagement-portal", () => {
  it("shows the current engagement's plan with the side menu Match, Consultant and Plan", async () => {
    const client = await signedInClient();
    await createBusinessEngagement(client.business.id, "complete", { createdAt: day(9), title: "Finished plan" });
    const current = await createBusinessEngagement(client.business.id, "active", {
      createdAt: day(3),
      title: "Current plan",
    });
    const text = await page("/engagement-portal", client.token);
    expect(text).toContain("<h1>Engagement Plan</h1>");
    expect(text).toContain('<p class="eyebrow">Current plan</p>');
    const menu = /<nav aria-label="Engagement plan"[\s\S]*?<\/nav>/.exec(text)?.[0] ?? "";
    expect([...menu.matchAll(/class="feature-link"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      "Match",
      "Consultant",
      "Plan",
    ]);
    expect(menu).toMatch(/aria-current="page"[^>]*>Plan</);
    expect(text).toContain(">View Project Plan</button>");

    const match = await page(`/engagement-portal?engagementId=${current.outline.id}&section=match`, client.token);
    expect(match).toContain('<h2 id="engagement-match-title">Match Info</h2>');
  });

  it("opens another engagement by ?engagementId= and refuses one of another business", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const own = await createBusinessEngagement(client.business.id, "complete", { title: "Finished plan" });
    const foreign = await createBusinessEngagement(other.business.id, "active", { title: "Secret expansion plan" });
    const text = await page(`/engagement-portal?engagementId=${own.outline.id}`, client.token);
    expect(text).toContain('<p class="eyebrow">Finished plan</p>');
    const refused = await page(`/engagement-portal?engagementId=${foreign.outline.id}`, client.token);
    expect(refused).toContain(html("We couldn't find that engagement."));
    expect(refused).not.toContain("Secret expansion plan");
  });

  it("says there are no engagements yet, and sends an anonymous visitor to sign in", async () => {
    const client = await signedInClient();
    await createBusinessEngagement(client.business.id, "unapproved");
    const text = await page("/engagement-portal", client.token);
    expect(text).toContain("You have no engagements yet.");
    expect(text).not.toContain("Match Info");
    const anonymous = await call("/engagement-portal");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });
});

describe("the navigation and the dashboard", () => {
  const navEntry = (text: string) =>
    /<nav id="main-nav"[\s\S]*?<\/nav>/
      .exec(text)?.[0]
      .match(/<li>(?:(?!<li>)[\s\S])*?Engagements[\s\S]*?<\/li>/)?.[0] ?? "";

  it("enables Engagements only once the business has an engagement a manager approved", async () => {
    const client = await signedInClient();
    await createBusinessEngagement(client.business.id, "unapproved");
    const before = navEntry(await page("/dashboard", client.token));
    expect(before).toContain('aria-disabled="true"');
    expect(before).not.toContain("href=");

    await createBusinessEngagement(client.business.id, "awaiting");
    const after = navEntry(await page("/dashboard", client.token));
    expect(after).toContain('href="/features?focus=Engagements"');
    expect(after).not.toContain("aria-disabled");
  });

  it("shows the counts and the next thing to do on the Engagements card", async () => {
    const client = await signedInClient();
    const empty = await page("/dashboard", client.token);
    const emptyCard = /<section id="engagements-card"[\s\S]*?<\/section>/.exec(empty)?.[0] ?? "";
    expect(emptyCard).toContain('href="/features?focus=Engagements"');
    expect(emptyCard).toContain("You have no engagements yet.");

    await createBusinessEngagement(client.business.id, "complete", { createdAt: day(1) });
    await createBusinessEngagement(client.business.id, "active", { createdAt: day(2), title: "Margin recovery plan" });
    const text = await page("/dashboard", client.token);
    const card = /<section id="engagements-card"[\s\S]*?<\/section>/.exec(text)?.[0] ?? "";
    expect(card).toContain("<dt>Active</dt><dd>1</dd>");
    expect(card).toContain("<dt>Complete</dt><dd>1</dd>");
    expect(card).toContain(html("Next: Review the deliverable your consultant delivered. (Margin recovery plan)"));
  });

  it("links a match tile to its engagement only once a manager approved the plan", async () => {
    const client = await signedInClient();
    const approved = await createBusinessEngagement(client.business.id, "awaiting");
    const pending = await createBusinessEngagement(client.business.id, "unapproved");
    // The dashboard's activity panel lists every match (matched ones are on the Completed side of
    // /features) on its Matching tab, rendered when open.
    const text = decode(await page("/dashboard?activity=matching", client.token));
    expect(text).toContain(`href="${panelUrl(approved.outline.id)}"`);
    expect(text).not.toContain(pending.outline.id);
    expect(text).toContain(`href="/features?matchId=${pending.match.id}"`);
  });
});

describe("the panel's forms post to /features", () => {
  const review = (outlineId: string, overrides: Record<string, string> = {}) => ({
    intent: "review-plan",
    deliveryOutlineId: outlineId,
    decision: "approved",
    confirm: "on",
    firstName: "Pat",
    lastName: "Owner",
    signatureDate: "2026-11-23",
    notes: "",
    version: "1",
    ...overrides,
  });

  it("signs the plan through intent=review-plan, and the panel then shows the engagement active", async () => {
    const client = await signedInClient();
    const { outline } = await createBusinessEngagement(client.business.id, "awaiting", { title: "Hiring plan" });
    const response = await postForm(panelUrl(outline.id), review(outline.id), client.token);
    expect(response.status).toBe(200);
    const [row] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id));
    expect(row.businessReviewStatus).toBe("approved");
    expect(row.businessSignature).toBe("Pat Owner");
    const text = await page(panelUrl(outline.id), client.token);
    expect(text).toContain('engagement-status-active">Active</span>');
    expect(text).not.toMatch(/<button[^>]*>Accept<\/button>/);
  });

  it("refuses another business's plan and an incomplete form without changing anything", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const foreign = await createBusinessEngagement(other.business.id, "awaiting");
    const refused = await postForm(panelUrl(foreign.outline.id), review(foreign.outline.id), client.token);
    expect(refused.status).toBe(404);
    const incomplete = await postForm(panelUrl(foreign.outline.id), { intent: "review-plan" }, other.token);
    expect(incomplete.status).toBe(400);
    const [row] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, foreign.outline.id));
    expect(row.businessReviewStatus).toBe("pending");
  });

  it("dispatches the deliverables' intents (prepay opens the next item's checkout)", async () => {
    const client = await signedInClient();
    const { outline } = await createBusinessEngagement(client.business.id, "active");
    // Phase 2 is delivered and waits for review: nothing to prepay yet.
    const early = await postForm(
      panelUrl(outline.id),
      { intent: "prepay", deliveryOutlineId: outline.id },
      client.token,
    );
    expect(early.status).toBe(409);
    const junk = await postForm(panelUrl(outline.id), { intent: "review-item" }, client.token);
    expect(junk.status).toBe(400);
  });
});

describe("statuses and dates the business reads (issue #36)", () => {
  it("a paused engagement is Paused, not Active; a deliverable past its date and not delivered is Overdue", async () => {
    const client = await signedInClient();
    const { outline, items } = await createBusinessEngagement(client.business.id, "active", {
      title: "Margin recovery plan",
    });
    // Phase 2 accepted, the next paused; Phase 3, not paid yet, was due in 2020.
    await db()
      .update(deliveryItems)
      .set({ status: "approved", businessDeliveryReview: "approved", completedAt: new Date() })
      .where(eq(deliveryItems.id, items[1]!.id));
    await db().update(deliveryItems).set({ deliveryDate: "2020-01-15" }).where(eq(deliveryItems.id, items[2]!.id));
    await db().update(deliveryOutlines).set({ pausedAt: new Date() }).where(eq(deliveryOutlines.id, outline.id));

    const list = await page("/features?focus=Engagements", client.token);
    expect(tilesIn(list).map((tile) => [tile.title, tile.status])).toEqual([["Margin recovery plan", "Paused"]]);
    const panel = decode((await page(panelUrl(outline.id), client.token)).replace(/<!-- -->/g, ""));
    expect(panel).toContain('<span class="badge engagement-status engagement-status-paused">Paused</span>');
    expect(panel).not.toContain(">Active<");
    expect(panel).toContain('<dd>Jan 15, 2020 <span class="badge match-badge-overdue">Overdue</span></dd>');
    expect(panel.match(/match-badge-overdue/g)).toHaveLength(1);
    const api = (await (await call(`/api/delivery-outline/${outline.id}`, { cookie: client.token })).json()) as {
      status: string;
      incompleteItems: { title: string; overdue: boolean }[];
    };
    expect(api.status).toBe("paused");
    expect(api.incompleteItems.map((item) => [item.title, item.overdue])).toEqual([["Phase 3", true]]);
  });
});
