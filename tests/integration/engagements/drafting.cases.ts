import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  deliveryOutlineVersions,
  matchRequests,
  notifications,
  users,
} from "~db/schema";
import { MATCH_STATUS_TEXTS, matchStatusText } from "~/lib/matching/match-status";
import {
  ITEM_DATE_PAST,
  PLAN_CHANGED_MEANWHILE,
  PLAN_HAS_PAST_DATES,
  PLAN_NEEDS_ITEMS,
  PLAN_NEEDS_OVERVIEW,
  PLAN_NOT_EDITABLE,
  PLAN_SAVED,
  PLAN_SEND_FAILED,
  PLAN_SUBMITTED,
} from "~/lib/engagements/engagement-copy";
import {
  consultantDeliveryPath,
  consultantEngagementPath,
  consultantNewPlanPath,
  managerEngagementPath,
} from "~/lib/engagements/engagement-paths";
import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import {
  call,
  createMatchedMatch,
  createMatchRequestRow,
  createOutlineRows,
  createPurchaseRow,
  db,
  html,
  planFields,
  postForm,
} from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

const outlineOf = async (id: string) =>
  (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id)))[0]!;
const itemsOf = (outlineId: string) =>
  db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, outlineId)).orderBy(deliveryItems.position);
const notificationsOf = (userId: string, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** A consultant (named) matched to a client's request, both signed in. */
async function matchedPair(status: "consultant_matched" | "outline_draft" = "consultant_matched") {
  const consultant = await signedInConsultant();
  await db().update(users).set({ firstName: "Avery", lastName: "Stone" }).where(eq(users.id, consultant.user.id));
  const client = await signedInClient();
  await db().update(businesses).set({ name: "Harbor Supply Co." }).where(eq(businesses.id, client.business.id));
  const match = await createMatchedMatch(client.business.id, consultant.user.id);
  if (status !== "consultant_matched")
    await db().update(matchRequests).set({ status }).where(eq(matchRequests.id, match.id));
  return { consultant, client, match };
}

/** Starts the plan through the page and answers the outline's id. */
async function startPlan(token: string, matchId: string): Promise<string> {
  const response = await postForm(consultantNewPlanPath(matchId), { matchId }, token);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  return decodeURIComponent(location.split("/").pop()!);
}

/** Bodies no page of ours posts: JSON, nothing, junk. */
const MALFORMED: { headers: Record<string, string>; body?: string }[] = [
  { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "save" }) },
  { headers: {} },
  { headers: { "Content-Type": "text/plain" }, body: "\u0000junk" },
];

const TWO_ITEMS = [
  { title: "Margin review", description: "Where the margin went.", deliveryDate: "2027-01-15", price: "1,500" },
  { title: "Pricing fixes", description: "", deliveryDate: "2027-02-15", price: "$2,250.50" },
];

describe("the consultant's engagements list", () => {
  it("lists the matches without a plan with 'Draft the plan', and the consultant's engagements", async () => {
    const { consultant, client, match } = await matchedPair();
    const other = await signedInConsultant();
    await createMatchedMatch(client.business.id, other.user.id);
    const second = await createMatchRequestRow(client.business.id, {
      status: "engagement_active",
      matchedConsultantId: consultant.user.id,
    });
    const { outline } = await createOutlineRows(
      { id: second.id, businessId: client.business.id, matchedConsultantId: consultant.user.id },
      { outline: { title: "Cash flow plan" } },
    );
    const response = await call("/consultant/engagements", { cookie: consultant.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Plans to draft");
    expect(body).toContain(`href="${html(consultantNewPlanPath(match.id))}"`);
    expect(body).toContain("Draft the plan");
    expect(body).toContain("Your engagements");
    expect(body).toContain("Cash flow plan");
    expect(body).toContain("Harbor Supply Co.");
    expect(body).toContain(`href="${consultantEngagementPath(outline.id)}"`);
    // Drafts are pending (the engagement status label); the next delivery is the first item's date.
    expect(body).toContain(">Pending<");
    expect(body).toContain("Jan 1, 2027");
    // The other consultant's match is not listed.
    const mine = (await call("/consultant/engagements", { cookie: other.token })).text();
    expect(await mine).not.toContain("Cash flow plan");
  });
});

describe("starting the plan of a match", () => {
  it("shows the start page to the matched consultant only", async () => {
    const { consultant, client, match } = await matchedPair();
    const page = await call(consultantNewPlanPath(match.id), { cookie: consultant.token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Harbor Supply Co.");
    expect(body).toContain("Start the plan");
    const other = await signedInConsultant();
    expect((await call(consultantNewPlanPath(match.id), { cookie: other.token })).status).toBe(404);
    expect((await call(consultantNewPlanPath(match.id), { cookie: client.token })).status).toBe(404);
    expect((await call("/consultant/engagements/new", { cookie: consultant.token })).status).toBe(404);
    const anonymous = await call(consultantNewPlanPath(match.id));
    expect([302, 303]).toContain(anonymous.status);
  });

  it("creates one plan per match, moves the match to outline_draft, and a second start opens the same plan", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const outline = await outlineOf(id);
    expect(outline).toMatchObject({
      matchRequestId: match.id,
      consultantId: consultant.user.id,
      state: "draft",
      title: "Finance engagement plan for Harbor Supply Co.",
    });
    const [matchRow] = await db().select().from(matchRequests).where(eq(matchRequests.id, match.id));
    expect(matchRow!.status).toBe("outline_draft");
    expect(matchStatusText(matchRow!)).toBe(MATCH_STATUS_TEXTS.outline_draft);
    expect(await startPlan(consultant.token, match.id)).toBe(id);
    const rows = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.matchRequestId, match.id));
    expect(rows).toHaveLength(1);
    const again = await call(consultantNewPlanPath(match.id), { cookie: consultant.token });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(consultantEngagementPath(id));
  });

  it("refuses another consultant (404, nothing written) and a client", async () => {
    const { client, match } = await matchedPair();
    const other = await signedInConsultant();
    const response = await postForm(consultantNewPlanPath(match.id), { matchId: match.id }, other.token);
    expect(response.status).toBe(404);
    expect((await postForm(consultantNewPlanPath(match.id), { matchId: match.id }, client.token)).status).toBe(404);
    const rows = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.matchRequestId, match.id));
    expect(rows).toHaveLength(0);
  });

  it("answers a JSON, empty or junk body with 400/415 and the form's error", async () => {
    const { consultant, match } = await matchedPair();
    for (const init of [
      ...MALFORMED,
      { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "unexpected=1" },
    ]) {
      const response = await call(consultantNewPlanPath(match.id), {
        method: "POST",
        cookie: consultant.token,
        ...init,
      });
      expect([400, 415]).toContain(response.status);
      expect(await response.text()).toContain(html(FORM_UNREADABLE_MESSAGE));
    }
  });
});

describe("the plan editor", () => {
  it("is the consultant's own: another consultant, a client and a manager get 404; a visitor the login", async () => {
    const { consultant, client, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const page = await call(consultantEngagementPath(id), { cookie: consultant.token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Edit the plan");
    expect(body).toContain("Draft (not sent yet)");
    expect(body).toContain("Send for review");
    const other = await signedInConsultant();
    const manager = await signedInManager();
    for (const token of [other.token, client.token, manager.token])
      expect((await call(consultantEngagementPath(id), { cookie: token })).status).toBe(404);
    expect([302, 303]).toContain((await call(consultantEngagementPath(id))).status);
  });

  it("saves the draft: items in order, prices in cents; a later save updates, reorders and removes rows", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const saved = await postForm(
      consultantEngagementPath(id),
      planFields({ intent: "save", items: TWO_ITEMS }),
      consultant.token,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${consultantEngagementPath(id)}?notice=saved`);
    const items = await itemsOf(id);
    expect(items.map((item) => [item.position, item.title, item.priceCents, item.deliveryDate, item.status])).toEqual([
      [0, "Margin review", 150_000, "2027-01-15", "upcoming"],
      [1, "Pricing fixes", 225_050, "2027-02-15", "upcoming"],
    ]);
    expect(await outlineOf(id)).toMatchObject({ state: "draft", title: "Margin recovery plan", submittedAt: null });
    const page = await (
      await call(`${consultantEngagementPath(id)}?notice=saved`, { cookie: consultant.token })
    ).text();
    expect(page).toContain(PLAN_SAVED);

    // Swap the two, change one, drop none; then remove the first.
    const [first, second] = items;
    await postForm(
      consultantEngagementPath(id),
      planFields({
        intent: "save",
        items: [
          { id: second!.id, title: "Pricing fixes", deliveryDate: "2027-02-20", price: "2000" },
          { id: first!.id, title: "Margin review", deliveryDate: "2027-01-15", price: "1500" },
        ],
      }),
      consultant.token,
    );
    expect((await itemsOf(id)).map((item) => [item.id, item.position, item.deliveryDate, item.priceCents])).toEqual([
      [second!.id, 0, "2027-02-20", 200_000],
      [first!.id, 1, "2027-01-15", 150_000],
    ]);
    await postForm(
      consultantEngagementPath(id),
      planFields({
        intent: "save",
        items: [{ id: first!.id, title: "Margin review", deliveryDate: "2027-01-15", price: "1500" }],
      }),
      consultant.token,
    );
    expect((await itemsOf(id)).map((item) => [item.id, item.position])).toEqual([[first!.id, 0]]);
  });

  it("a replayed save (the same revision) writes nothing twice", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const revision = String((await outlineOf(id)).updatedAt.getTime());
    const fields = planFields({ intent: "save", items: TWO_ITEMS, revision });
    expect((await postForm(consultantEngagementPath(id), fields, consultant.token)).status).toBe(302);
    const replay = await postForm(consultantEngagementPath(id), fields, consultant.token);
    expect(replay.status).toBe(409);
    expect(await replay.text()).toContain(html(PLAN_CHANGED_MEANWHILE));
    expect(await itemsOf(id)).toHaveLength(2);
  });

  it("checks the fields (400 with the field's message) and needs items and an overview to submit", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const invalid = await postForm(
      consultantEngagementPath(id),
      planFields({ intent: "save", items: [{ title: "", deliveryDate: "2027-02-30", price: "0.5" }] }),
      consultant.token,
    );
    expect(invalid.status).toBe(400);
    const text = await invalid.text();
    expect(text).toContain("Please enter a title.");
    expect(text).toContain("Please enter a delivery date.");
    expect(text).toContain(html("Enter a price between $1 and $1,000,000."));

    const noItems = await postForm(consultantEngagementPath(id), planFields({ intent: "submit" }), consultant.token);
    expect(noItems.status).toBe(400);
    expect(await noItems.text()).toContain(PLAN_NEEDS_ITEMS);
    const noOverview = await postForm(
      consultantEngagementPath(id),
      planFields({ intent: "submit", overview: "", items: TWO_ITEMS }),
      consultant.token,
    );
    expect(noOverview.status).toBe(400);
    expect(await noOverview.text()).toContain(PLAN_NEEDS_OVERVIEW);
    expect(await itemsOf(id)).toHaveLength(0);
    expect((await outlineOf(id)).state).toBe("draft");
  });

  it("submits for the manager's review once: a double submit changes nothing twice and tells the managers once", async () => {
    const { consultant, match } = await matchedPair();
    const manager = await signedInManager();
    const id = await startPlan(consultant.token, match.id);
    const fields = planFields({ intent: "submit", items: TWO_ITEMS });
    const sent = await postForm(consultantEngagementPath(id), fields, consultant.token);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${consultantEngagementPath(id)}?notice=submitted`);
    const outline = await outlineOf(id);
    expect(outline).toMatchObject({ state: "proposed", egmReviewStatus: "pending", version: 1 });
    expect(outline.submittedAt).not.toBeNull();
    const told = await notificationsOf(manager.user.id, "plan_submitted");
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(managerEngagementPath(id));
    expect(told[0]!.title).toBe("An engagement plan is waiting for your review");

    const again = await postForm(consultantEngagementPath(id), fields, consultant.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(PLAN_NOT_EDITABLE);
    expect(await outlineOf(id)).toMatchObject({ version: 1, updatedAt: outline.updatedAt });
    expect(await itemsOf(id)).toHaveLength(2);
    expect(await notificationsOf(manager.user.id, "plan_submitted")).toHaveLength(1);

    // While pending review, the page is the plan as it reads, not the editor.
    const page = await (
      await call(`${consultantEngagementPath(id)}?notice=submitted`, { cookie: consultant.token })
    ).text();
    expect(page).toContain(PLAN_SUBMITTED);
    expect(page).toContain(html("Waiting for the engagement manager's review"));
    expect(page).toContain("Work Schedule and Deliverables");
    expect(page).not.toContain("Edit the plan");
  });

  it("refuses another consultant's save (404) and writes nothing", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const other = await signedInConsultant();
    const response = await postForm(
      consultantEngagementPath(id),
      planFields({ intent: "submit", items: TWO_ITEMS }),
      other.token,
    );
    expect(response.status).toBe(404);
    expect(await itemsOf(id)).toHaveLength(0);
    expect((await outlineOf(id)).state).toBe("draft");
    const anonymous = await postForm(consultantEngagementPath(id), planFields({ intent: "save" }));
    expect([302, 303]).toContain(anonymous.status);
  });

  it("answers a JSON, empty or junk body with 400/415 and the form's error", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    for (const init of MALFORMED) {
      const response = await call(consultantEngagementPath(id), { method: "POST", cookie: consultant.token, ...init });
      expect([400, 415]).toContain(response.status);
      expect(await response.text()).toContain(html(FORM_UNREADABLE_MESSAGE));
    }
    const missing = await postForm(consultantEngagementPath(id), { unexpected: "1" }, consultant.token);
    expect(missing.status).toBe(400);
    expect((await outlineOf(id)).state).toBe("draft");
  });

  it("shows the manager's notes of a send-back and the business's rejection notes, and is editable again", async () => {
    const { consultant, client, match } = await matchedPair("outline_draft");
    const { outline } = await createOutlineRows(
      { ...match, matchedConsultantId: consultant.user.id },
      {
        outline: {
          state: "proposed",
          egmReviewStatus: "revision",
          egmReviewNotes: "Split phase 2 into two deliverables.",
          submittedAt: new Date(),
        },
      },
    );
    const body = await (await call(consultantEngagementPath(outline.id), { cookie: consultant.token })).text();
    expect(body).toContain(html("The engagement manager's notes"));
    expect(body).toContain("Split phase 2 into two deliverables.");
    expect(body).toContain("Edit the plan");
    expect(client.business.id).toBeTruthy();

    const rejected = await createOutlineRows(
      {
        ...(await createMatchedMatch(client.business.id, consultant.user.id)),
        matchedConsultantId: consultant.user.id,
      },
      {
        outline: {
          state: "proposed",
          egmReviewStatus: "approved",
          businessReviewStatus: "revision",
          businessRejectedVersion: 1,
          businessNotes: "The second phase is too expensive.",
          submittedAt: new Date(),
        },
      },
    );
    const page = await (await call(consultantEngagementPath(rejected.outline.id), { cookie: consultant.token })).text();
    expect(page).toContain(html("The business's notes"));
    expect(page).toContain("The second phase is too expensive.");
    expect(page).toContain("Edit the plan");
  });

  it("keeps paid items as they are, links their delivery, and a change after the signature is a new version for review", async () => {
    const { consultant, client, match } = await matchedPair("outline_draft");
    const purchase = await createPurchaseRow(client.business.id);
    const { outline, items } = await createOutlineRows(
      { ...match, matchedConsultantId: consultant.user.id },
      {
        outline: {
          state: "active",
          egmReviewStatus: "approved",
          businessReviewStatus: "approved",
          signedVersion: 1,
          version: 1,
          submittedAt: new Date(),
          businessSignature: "Dana Reyes",
          businessSignatureDate: "2026-11-20",
        },
        items: [{ status: "active", paidPurchaseId: purchase.id }, {}, {}],
      },
    );
    const [paid, second, third] = items;
    const page = await (await call(consultantEngagementPath(outline.id), { cookie: consultant.token })).text();
    expect(page).toContain("Paid deliverables");
    expect(page).toContain(`href="${consultantDeliveryPath(outline.id, paid!.id)}"`);
    expect(page).toContain("Confirm delivery");
    expect(page).toContain(html("The business signed this plan."));

    // The form tries to change the paid item and drops the third: the paid one stays as it was.
    const response = await postForm(
      consultantEngagementPath(outline.id),
      planFields({
        intent: "submit",
        items: [
          { id: paid!.id, title: "Changed", deliveryDate: "2027-01-01", price: "1" },
          { id: second!.id, title: "Phase 2, shorter", deliveryDate: "2027-02-01", price: "1200" },
        ],
      }),
      consultant.token,
    );
    expect(response.status).toBe(302);
    const after = await itemsOf(outline.id);
    expect(after.map((item) => [item.id, item.position, item.title, item.priceCents])).toEqual([
      [paid!.id, 0, "Phase 1", 150_000],
      [second!.id, 1, "Phase 2, shorter", 120_000],
    ]);
    expect(after.find((item) => item.id === third!.id)).toBeUndefined();
    expect(await outlineOf(outline.id)).toMatchObject({
      state: "active",
      version: 2,
      signedVersion: 1,
      egmReviewStatus: "pending",
      businessReviewStatus: "pending",
    });
  });
});

describe("sending a plan (issue #36, ADR 049)", () => {
  const versionsOf = (outlineId: string) =>
    db()
      .select()
      .from(deliveryOutlineVersions)
      .where(eq(deliveryOutlineVersions.outlineId, outlineId))
      .orderBy(deliveryOutlineVersions.version);

  it("refuses to send a deliverable dated in the past (400, the date field's message) and writes nothing; a draft may keep it", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const items = [TWO_ITEMS[0]!, { ...TWO_ITEMS[1]!, deliveryDate: "2020-01-15" }];
    const refused = await postForm(
      consultantEngagementPath(id),
      planFields({ intent: "submit", items }),
      consultant.token,
    );
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain(html(PLAN_HAS_PAST_DATES));
    expect(text).toContain(html(ITEM_DATE_PAST));
    // The form comes back as it was posted.
    expect(text).toContain('value="2020-01-15"');
    expect(await outlineOf(id)).toMatchObject({ state: "draft", submittedAt: null });
    expect(await itemsOf(id)).toHaveLength(0);
    expect(await versionsOf(id)).toHaveLength(0);
    // Today (anywhere on Earth) is not past.
    const today = new Date(Date.now() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const draft = await postForm(consultantEngagementPath(id), planFields({ intent: "save", items }), consultant.token);
    expect(draft.status).toBe(302);
    const saved = await itemsOf(id);
    const sent = await postForm(
      consultantEngagementPath(id),
      planFields({
        intent: "submit",
        items: [
          { ...items[0]!, id: saved[0]!.id },
          { ...items[1]!, id: saved[1]!.id, deliveryDate: today },
        ],
      }),
      consultant.token,
    );
    expect(sent.status).toBe(302);
    expect(await outlineOf(id)).toMatchObject({ state: "proposed", version: 1 });
  });

  it("keeps each version as it was sent", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    await postForm(consultantEngagementPath(id), planFields({ intent: "submit", items: TWO_ITEMS }), consultant.token);
    const [first] = await versionsOf(id);
    const rows = await itemsOf(id);
    expect(first).toMatchObject({ version: 1, title: "Margin recovery plan" });
    expect(first!.items).toEqual(
      rows.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        deliveryDate: row.deliveryDate,
        priceCents: row.priceCents,
      })),
    );
    expect(first!.submittedAt).toEqual((await outlineOf(id)).submittedAt);
  });

  it("a send that fails in D1 answers 503 with the form as posted and what to do, writes nothing, and the retry sends", async () => {
    const { consultant, match } = await matchedPair();
    const id = await startPlan(consultant.token, match.id);
    const fields = planFields({
      intent: "submit",
      title: "Margin recovery, revised",
      items: [{ ...TWO_ITEMS[0]!, title: "Margin review, line by line" }],
    });
    // D1 refuses the send's write (as a lost or contended database would).
    await env.DB.prepare(
      "CREATE TRIGGER fail_plan_send BEFORE UPDATE OF submitted_at ON delivery_outlines BEGIN SELECT RAISE(ABORT, 'injected D1 failure'); END",
    ).run();
    try {
      const failed = await postForm(consultantEngagementPath(id), fields, consultant.token);
      expect(failed.status).toBe(503);
      const text = await failed.text();
      expect(text).toContain(html(PLAN_SEND_FAILED.submit));
      expect(text).toContain('value="Margin recovery, revised"');
      expect(text).toContain('value="Margin review, line by line"');
      expect(text).toContain("Edit the plan");
      expect(await outlineOf(id)).toMatchObject({ state: "draft", submittedAt: null });
      expect(await itemsOf(id)).toHaveLength(0);
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS fail_plan_send").run();
    }
    const retried = await postForm(consultantEngagementPath(id), fields, consultant.token);
    expect(retried.status).toBe(302);
    expect(await outlineOf(id)).toMatchObject({ state: "proposed", title: "Margin recovery, revised" });
  });

  it("a notice that cannot be written does not turn a send that landed into a failure", async () => {
    const { consultant, match } = await matchedPair();
    await signedInManager();
    const id = await startPlan(consultant.token, match.id);
    await env.DB.prepare(
      "CREATE TRIGGER fail_plan_notice BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'injected D1 failure'); END",
    ).run();
    try {
      const sent = await postForm(
        consultantEngagementPath(id),
        planFields({ intent: "submit", items: TWO_ITEMS }),
        consultant.token,
      );
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe(`${consultantEngagementPath(id)}?notice=submitted`);
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS fail_plan_notice").run();
    }
    expect(await outlineOf(id)).toMatchObject({ state: "proposed", egmReviewStatus: "pending" });
  });
});
