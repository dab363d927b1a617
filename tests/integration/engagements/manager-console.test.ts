import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  engagementNotes,
  matchRequests,
  notifications,
  users,
} from "~db/schema";
import { MATCH_STATUS_TEXTS, matchStatusText } from "~/lib/matching/match-status";
import {
  ITEM_DATE_PAST,
  MANAGER_NOTES_REQUIRED,
  NOTE_REQUIRED,
  NOTE_SAVED,
  PLAN_APPROVED,
  PLAN_REVIEW_NOT_PENDING,
  PLAN_SENT_BACK,
  planChangesHeading,
  planPastDatesRefusal,
  planPreviousUnknown,
  VERBAL_APPROVAL_SAVED,
} from "~/lib/engagements/engagement-copy";
import {
  businessEngagementPath,
  consultantEngagementPath,
  managerEngagementPath,
} from "~/lib/engagements/engagement-paths";
import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import {
  call,
  createMatchedMatch,
  createOutlineRows,
  createPurchaseRow,
  db,
  html,
  planFields,
  postForm,
  auditOf,
} from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

const outlineOf = async (id: string) =>
  (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id)))[0]!;
const notificationsOf = (userId: string, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

let counter = 0;

/** The page's text as read: entities decoded, React's text separators (<!-- -->) dropped. */
const decode = (text: string) =>
  text
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * An engagement whose plan waits for the manager (proposed, pending) unless `outline` says
 * otherwise; the business and consultant have names to find on the pages.
 */
async function engagement(
  outline: NonNullable<Parameters<typeof createOutlineRows>[1]>["outline"] = {},
  items?: NonNullable<Parameters<typeof createOutlineRows>[1]>["items"],
) {
  counter += 1;
  const consultant = await signedInConsultant();
  await db().update(users).set({ firstName: "Avery", lastName: "Stone" }).where(eq(users.id, consultant.user.id));
  const client = await signedInClient();
  const businessName = `Harbor Supply ${counter} Co.`;
  await db().update(businesses).set({ name: businessName }).where(eq(businesses.id, client.business.id));
  const match = await createMatchedMatch(client.business.id, consultant.user.id);
  await db().update(matchRequests).set({ status: "outline_draft" }).where(eq(matchRequests.id, match.id));
  const rows = await createOutlineRows(
    { ...match, matchedConsultantId: consultant.user.id },
    {
      outline: {
        title: `Margin plan ${counter}`,
        state: "proposed",
        egmReviewStatus: "pending",
        submittedAt: new Date(),
        ...outline,
      },
      items,
    },
  );
  return { consultant, client, match, businessName, ...rows };
}

describe("the console's engagements list", () => {
  it("is the managers' only, and lists every engagement with what needs attention first", async () => {
    const manager = await signedInManager();
    const quiet = await engagement({ egmReviewStatus: "approved", businessReviewStatus: "pending" });
    const toReview = await engagement();
    const purchase = await createPurchaseRow(toReview.client.business.id);
    const late = await engagement(
      {
        state: "active",
        egmReviewStatus: "approved",
        businessReviewStatus: "approved",
        signedVersion: 1,
      },
      [{ status: "active", paidPurchaseId: purchase.id, deliveryDate: "2020-01-01" }, {}],
    );
    const paused = await engagement(
      {
        state: "active",
        egmReviewStatus: "approved",
        businessReviewStatus: "approved",
        signedVersion: 1,
        pausedAt: new Date(),
      },
      [{ status: "revision" }],
    );
    const response = await call("/manage/engagements", { cookie: manager.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    for (const row of [quiet, toReview, late, paused]) {
      expect(body).toContain(row.businessName);
      expect(body).toContain(row.outline.title);
      expect(body).toContain(`href="${managerEngagementPath(row.outline.id)}"`);
    }
    expect(body).toContain("Avery Stone");
    expect(body).toContain("Plan to review");
    expect(body).toContain("1 delivery overdue");
    expect(body).toContain("1 item in revision");
    expect(body).toContain(">Paused<");
    expect(body).toContain("Approved (awaiting customer decision)");
    // What needs attention first: the plan to review, then the overdue delivery, then the rest.
    const at = (text: string) => body.indexOf(text);
    expect(at(toReview.businessName)).toBeLessThan(at(late.businessName));
    expect(at(late.businessName)).toBeLessThan(at(paused.businessName));
    expect(at(paused.businessName)).toBeLessThan(at(quiet.businessName));

    const filtered = await (await call("/manage/engagements?show=review", { cookie: manager.token })).text();
    expect(filtered).toContain(toReview.businessName);
    expect(filtered).not.toContain(late.businessName);
    const overdue = await (await call("/manage/engagements?show=overdue", { cookie: manager.token })).text();
    expect(overdue).toContain(late.businessName);
    expect(overdue).not.toContain(toReview.businessName);

    expect((await call("/manage/engagements", { cookie: toReview.consultant.token })).status).toBe(404);
    expect((await call("/manage/engagements", { cookie: toReview.client.token })).status).toBe(404);
    expect((await call("/manage/engagements")).status).toBe(404);
  });

  it("has its section in the console navigation with the plans to review", async () => {
    const manager = await signedInManager();
    await engagement();
    const body = await (await call("/manage", { cookie: manager.token })).text();
    expect(body).toContain('href="/manage/engagements"');
    expect(body).toContain(">Engagements<");
    expect(body).toMatch(/to review<\/span>/);
    // Every plan sent and waiting for a manager (this file's engagements so far).
    const waiting = await db()
      .select()
      .from(deliveryOutlines)
      .where(and(eq(deliveryOutlines.egmReviewStatus, "pending"), ne(deliveryOutlines.state, "draft")));
    const count = waiting.filter((row) => !row.complete).length;
    expect(count).toBeGreaterThan(0);
    expect(body).toContain(`Engagement plans to review</h2><p class="console-stat-value">${count}</p>`);
    expect(body).toContain('href="/manage/engagements?show=review"');
  });
});

describe("one engagement in the console", () => {
  it("shows the plan, its versions and the review while it waits; 404 for others and unknown ids", async () => {
    const manager = await signedInManager();
    const { outline, consultant, client, businessName } = await engagement();
    const response = await call(managerEngagementPath(outline.id), { cookie: manager.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(businessName);
    expect(body).toContain("Avery Stone");
    expect(body).toContain("Engagement Plan");
    expect(body).toContain("Work Schedule and Deliverables");
    expect(body).toContain("Review version 1");
    expect(body).toContain("Approve plan");
    expect(body).toContain("Send back");
    expect(body).toContain(html("Waiting for the engagement manager's review"));
    expect((await call(managerEngagementPath("no-such-outline"), { cookie: manager.token })).status).toBe(404);
    expect((await call(managerEngagementPath(outline.id), { cookie: consultant.token })).status).toBe(404);
    expect((await call(managerEngagementPath(outline.id), { cookie: client.token })).status).toBe(404);
    expect((await call(managerEngagementPath(outline.id))).status).toBe(404);

    const draft = await engagement({ state: "draft", submittedAt: null });
    const draftPage = await (await call(managerEngagementPath(draft.outline.id), { cookie: manager.token })).text();
    expect(draftPage).not.toContain("Approve plan");
  });

  it("approves once: the business's owner and the consultant are told, the match moves on; a second approval is refused", async () => {
    const manager = await signedInManager();
    const { outline, consultant, client, match } = await engagement();
    const approved = await postForm(
      managerEngagementPath(outline.id),
      { intent: "approve-plan", notes: "" },
      manager.token,
    );
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(`${managerEngagementPath(outline.id)}?notice=approved`);
    const after = await outlineOf(outline.id);
    expect(after).toMatchObject({ egmReviewStatus: "approved", egmReviewerId: manager.user.id, egmReviewNotes: null });
    const [matchRow] = await db().select().from(matchRequests).where(eq(matchRequests.id, match.id));
    expect(matchRow!.status).toBe("outline_proposed");
    expect(matchStatusText(matchRow!)).toBe(MATCH_STATUS_TEXTS.outline_proposed);
    const owner = await notificationsOf(client.user.id, "plan_approved");
    expect(owner).toHaveLength(1);
    expect(owner[0]!.link).toBe(businessEngagementPath(outline.id));
    const toConsultant = await notificationsOf(consultant.user.id, "plan_approved");
    expect(toConsultant).toHaveLength(1);
    expect(toConsultant[0]!.link).toBe(consultantEngagementPath(outline.id));
    const page = await (
      await call(`${managerEngagementPath(outline.id)}?notice=approved`, { cookie: manager.token })
    ).text();
    expect(page).toContain(PLAN_APPROVED);
    expect(page).not.toContain("Approve plan");

    const again = await postForm(managerEngagementPath(outline.id), { intent: "approve-plan" }, manager.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(PLAN_REVIEW_NOT_PENDING));
    expect((await outlineOf(outline.id)).updatedAt).toEqual(after.updatedAt);
    expect(await notificationsOf(client.user.id, "plan_approved")).toHaveLength(1);
    const sendBack = await postForm(
      managerEngagementPath(outline.id),
      { intent: "send-back-plan", notes: "Too late" },
      manager.token,
    );
    expect(sendBack.status).toBe(409);
    expect((await outlineOf(outline.id)).egmReviewStatus).toBe("approved");
    // The business's trail shows the one approval, by this manager; the refused ones left nothing.
    expect(await auditOf(client.business.id, outline.id)).toMatchObject([
      {
        action: "plan.approved",
        actorUserId: manager.user.id,
        subjectType: "plan",
        detail: { title: outline.title, version: 1 },
      },
    ]);
  });

  it("sends back with notes (required) the consultant sees; approving a draft is refused", async () => {
    const manager = await signedInManager();
    const { outline, consultant } = await engagement();
    const noNotes = await postForm(
      managerEngagementPath(outline.id),
      { intent: "send-back-plan", notes: " " },
      manager.token,
    );
    expect(noNotes.status).toBe(400);
    expect(await noNotes.text()).toContain(MANAGER_NOTES_REQUIRED);
    expect((await outlineOf(outline.id)).egmReviewStatus).toBe("pending");

    const sent = await postForm(
      managerEngagementPath(outline.id),
      { intent: "send-back-plan", notes: "Split phase 2 into two deliverables." },
      manager.token,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${managerEngagementPath(outline.id)}?notice=sent-back`);
    expect(await outlineOf(outline.id)).toMatchObject({
      egmReviewStatus: "revision",
      egmReviewNotes: "Split phase 2 into two deliverables.",
    });
    const told = await notificationsOf(consultant.user.id, "plan_sent_back");
    expect(told).toHaveLength(1);
    expect((await auditOf(outline.businessId, outline.id)).map(({ action, detail }) => [action, detail])).toEqual([
      ["plan.sent_back", { title: outline.title, version: 1, notes: "Split phase 2 into two deliverables." }],
    ]);
    expect(told[0]!.link).toBe(consultantEngagementPath(outline.id));
    const page = await (
      await call(`${managerEngagementPath(outline.id)}?notice=sent-back`, { cookie: manager.token })
    ).text();
    expect(page).toContain(PLAN_SENT_BACK);
    const consultantPage = await (
      await call(consultantEngagementPath(outline.id), { cookie: consultant.token })
    ).text();
    expect(consultantPage).toContain("Split phase 2 into two deliverables.");
    expect(consultantPage).toContain("Sent back by the engagement manager");

    const draft = await engagement({ state: "draft", submittedAt: null });
    const refused = await postForm(managerEngagementPath(draft.outline.id), { intent: "approve-plan" }, manager.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(PLAN_REVIEW_NOT_PENDING));
    expect((await outlineOf(draft.outline.id)).egmReviewStatus).toBe("pending");
  });

  it("records notes and verbal approvals, listed newest first with author and date", async () => {
    const manager = await signedInManager();
    await db().update(users).set({ firstName: "Morgan", lastName: "Lee" }).where(eq(users.id, manager.user.id));
    const { outline, items } = await engagement();
    const other = await engagement();
    const empty = await postForm(managerEngagementPath(outline.id), { intent: "note", body: "" }, manager.token);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(NOTE_REQUIRED);
    const emptyVerbal = await postForm(
      managerEngagementPath(outline.id),
      { intent: "verbal-approval", deliveryItemId: items[0]!.id, body: " " },
      manager.token,
    );
    expect(emptyVerbal.status).toBe(400);
    expect(await emptyVerbal.text()).toContain(NOTE_REQUIRED);

    const note = await postForm(
      managerEngagementPath(outline.id),
      { intent: "note", body: "Called the owner about timing." },
      manager.token,
    );
    expect(note.status).toBe(302);
    expect(note.headers.get("Location")).toBe(`${managerEngagementPath(outline.id)}?notice=note`);
    const foreign = await postForm(
      managerEngagementPath(outline.id),
      { intent: "verbal-approval", deliveryItemId: other.items[0]!.id, body: "Approved on the phone." },
      manager.token,
    );
    expect(foreign.status).toBe(404);
    const verbal = await postForm(
      managerEngagementPath(outline.id),
      { intent: "verbal-approval", deliveryItemId: items[0]!.id, body: "Approved phase 1 on the phone." },
      manager.token,
    );
    expect(verbal.status).toBe(302);
    expect(verbal.headers.get("Location")).toBe(`${managerEngagementPath(outline.id)}?notice=verbal`);
    const rows = await db().select().from(engagementNotes).where(eq(engagementNotes.outlineId, outline.id));
    expect(rows.map((row) => [row.kind, row.itemId, row.authorId]).sort()).toEqual(
      [
        ["note", null, manager.user.id],
        ["verbal_approval", items[0]!.id, manager.user.id],
      ].sort(),
    );
    // The verbal approval is newer: it is listed first.
    await db()
      .update(engagementNotes)
      .set({ createdAt: new Date("2026-11-20T15:04:00Z") })
      .where(and(eq(engagementNotes.outlineId, outline.id), eq(engagementNotes.kind, "note")));
    const page = await (
      await call(`${managerEngagementPath(outline.id)}?notice=verbal`, { cookie: manager.token })
    ).text();
    expect(page).toContain(VERBAL_APPROVAL_SAVED);
    expect(page).toContain("Morgan Lee");
    expect(page).toContain("Nov 20, 2026, 3:04 PM UTC");
    expect(page).toContain("1. Phase 1");
    expect(page.indexOf("Approved phase 1 on the phone.")).toBeLessThan(page.indexOf("Called the owner about timing."));
    const notePage = await (
      await call(`${managerEngagementPath(outline.id)}?notice=note`, { cookie: manager.token })
    ).text();
    expect(notePage).toContain(NOTE_SAVED);
  });

  it("refuses a consultant, a client and a visitor (404) and writes nothing", async () => {
    const { outline, consultant, client } = await engagement();
    for (const token of [consultant.token, client.token, undefined]) {
      const response = await postForm(managerEngagementPath(outline.id), { intent: "approve-plan" }, token);
      expect(response.status).toBe(404);
      const note = await postForm(managerEngagementPath(outline.id), { intent: "note", body: "x" }, token);
      expect(note.status).toBe(404);
    }
    expect((await outlineOf(outline.id)).egmReviewStatus).toBe("pending");
    expect(await db().select().from(engagementNotes).where(eq(engagementNotes.outlineId, outline.id))).toHaveLength(0);
  });

  it("answers a JSON, empty or junk body, or another intent, with 400/415 and the form's error", async () => {
    const manager = await signedInManager();
    const { outline } = await engagement();
    const malformed: { headers: Record<string, string>; body?: string }[] = [
      { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "approve-plan" }) },
      { headers: {} },
      { headers: { "Content-Type": "text/plain" }, body: "\u0000junk" },
    ];
    for (const init of malformed) {
      const response = await call(managerEngagementPath(outline.id), {
        method: "POST",
        cookie: manager.token,
        ...init,
      });
      expect([400, 415]).toContain(response.status);
      expect(await response.text()).toContain(html(FORM_UNREADABLE_MESSAGE));
    }
    const unknown = await postForm(managerEngagementPath(outline.id), { intent: "delete-everything" }, manager.token);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("That action is not available on this page.");
    expect((await outlineOf(outline.id)).egmReviewStatus).toBe("pending");
  });
});

describe("dates, versions and statuses in the console (issue #36, ADR 049)", () => {
  const signed = {
    state: "active" as const,
    egmReviewStatus: "approved" as const,
    businessReviewStatus: "approved" as const,
    signedVersion: 1,
  };

  it("counts a deliverable past its date and not delivered as overdue, paid or not; not a delivered one or a draft's", async () => {
    const manager = await signedInManager();
    const unpaid = await engagement(signed, [
      { status: "approved", deliveryDate: "2020-01-01" },
      { title: "Pricing fixes", deliveryDate: "2020-01-15" },
    ]);
    const delivered = await engagement(signed, [
      { status: "delivered", businessDeliveryReview: "pending", deliveryDate: "2020-01-15" },
    ]);
    const draft = await engagement({ state: "draft", submittedAt: null }, [{ deliveryDate: "2020-01-15" }]);
    const overdue = await (await call("/manage/engagements?show=overdue", { cookie: manager.token })).text();
    expect(overdue).toContain(unpaid.businessName);
    expect(overdue).not.toContain(delivered.businessName);
    expect(overdue).not.toContain(draft.businessName);
    const list = await (await call("/manage/engagements", { cookie: manager.token })).text();
    const row = list.slice(list.indexOf(unpaid.businessName) - 600, list.indexOf(unpaid.businessName) + 600);
    expect(row).toContain("1 delivery overdue");
    const page = await (await call(managerEngagementPath(unpaid.outline.id), { cookie: manager.token })).text();
    expect(page).toMatch(
      /Pricing fixes<\/strong><span class="badge badge-soft">Upcoming<\/span><span class="badge match-badge-overdue">Overdue</,
    );
    // The consultant's plan (their editor: the deliverable is not paid yet) says its date has passed.
    const consultantPage = decode(
      await (await call(consultantEngagementPath(unpaid.outline.id), { cookie: unpaid.consultant.token })).text(),
    );
    expect(consultantPage).toContain(
      `<span class="badge match-badge-overdue">Overdue</span> <span>${ITEM_DATE_PAST}</span>`,
    );
  });

  it("refuses to approve a plan with a deliverable dated in the past (409, named) and changes nothing", async () => {
    const manager = await signedInManager();
    const { outline, client } = await engagement({}, [{ title: "Hiring routine", deliveryDate: "2020-01-15" }, {}]);
    const refused = await postForm(managerEngagementPath(outline.id), { intent: "approve-plan" }, manager.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      html(planPastDatesRefusal(["deliverable 1, “Hiring routine” (Jan 15, 2020)"])),
    );
    expect(await outlineOf(outline.id)).toMatchObject({ egmReviewStatus: "pending", egmReviewerId: null });
    expect(await notificationsOf(client.user.id, "plan_approved")).toHaveLength(0);
    // Sending it back stays possible.
    const sentBack = await postForm(
      managerEngagementPath(outline.id),
      { intent: "send-back-plan", notes: "Phase 1's date has passed." },
      manager.token,
    );
    expect(sentBack.status).toBe(302);
  });

  it("shows what changed from the previous version sent", async () => {
    const manager = await signedInManager();
    const { outline, consultant } = await engagement({ state: "draft", submittedAt: null }, []);
    const send = (items: Parameters<typeof planFields>[0]["items"], title = "Margin plan") =>
      postForm(consultantEngagementPath(outline.id), planFields({ intent: "submit", title, items }), consultant.token);
    expect(
      (
        await send([
          { title: "Margin review", description: "Where it went.", deliveryDate: "2027-01-15", price: "1,500" },
          { title: "Pricing fixes", deliveryDate: "2027-02-15", price: "2,000" },
        ])
      ).status,
    ).toBe(302);
    const first = await (await call(managerEngagementPath(outline.id), { cookie: manager.token })).text();
    expect(first).not.toContain("What changed");
    await postForm(managerEngagementPath(outline.id), { intent: "send-back-plan", notes: "Split it." }, manager.token);
    const [review, fixes] = await db()
      .select()
      .from(deliveryItems)
      .where(eq(deliveryItems.outlineId, outline.id))
      .orderBy(deliveryItems.position);
    expect(
      (
        await send(
          [
            {
              id: review!.id,
              title: "Margin review",
              description: "Where it went, line by line.",
              deliveryDate: "2027-01-20",
              price: "1,500",
            },
            { title: "Price list", deliveryDate: "2027-03-01", price: "900" },
          ],
          "Margin recovery plan",
        )
      ).status,
    ).toBe(302);
    const page = decode(await (await call(managerEngagementPath(outline.id), { cookie: manager.token })).text());
    expect(page).toContain(planChangesHeading(1, 2));
    expect(page).toContain(
      'Plan title</strong>: <del class="plan-change-before">Margin plan</del> → <ins class="plan-change-after">Margin recovery plan</ins>',
    );
    expect(page).toContain("Added</span> <strong>Deliverable 2, “Price list”</strong>: Mar 1, 2027 · $900.00");
    expect(page).toContain(
      `Removed</span> <strong>Deliverable 2, “${fixes!.title}”</strong> (was Feb 15, 2027 · $2,000.00)`,
    );
    expect(page).toContain(
      'Description: <del class="plan-change-before">Where it went.</del> → <ins class="plan-change-after">Where it went, line by line.</ins>',
    );
    expect(page).toContain(
      'Delivery date: <del class="plan-change-before">Jan 15, 2027</del> → <ins class="plan-change-after">Jan 20, 2027</ins>',
    );

    // A version 2 whose version 1 was sent before versions were kept says so.
    const legacy = await engagement({ version: 2 });
    const legacyPage = await (await call(managerEngagementPath(legacy.outline.id), { cookie: manager.token })).text();
    expect(legacyPage).toContain(planPreviousUnknown(1));
  });

  it("calls a paused engagement Paused and one waiting for a revision Paused for a revision, never Active", async () => {
    const manager = await signedInManager();
    const paused = await engagement({ ...signed, pausedAt: new Date() }, [{ status: "approved" }, {}]);
    const revising = await engagement(signed, [{ status: "revision" }, {}]);
    const list = await (await call("/manage/engagements", { cookie: manager.token })).text();
    const rowOf = (name: string) => list.slice(list.indexOf(name) - 600, list.indexOf(name) + 300);
    expect(rowOf(paused.businessName)).toContain('<span class="badge badge-soft">Paused</span>');
    expect(rowOf(revising.businessName)).toContain('<span class="badge badge-soft">Paused for a revision</span>');
    for (const row of [paused, revising]) {
      const page = await (await call(managerEngagementPath(row.outline.id), { cookie: manager.token })).text();
      expect(page).not.toContain('<span class="badge badge-soft">Active</span>');
      const own = await (await call("/consultant/engagements", { cookie: row.consultant.token })).text();
      expect(own).not.toContain('<span class="badge badge-soft">Active</span>');
    }
  });
});
