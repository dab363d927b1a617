import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryItems, deliveryOutlines, notifications, timeEntries } from "~db/schema";
import { PLAN_HAS_PAST_DATES, PLAN_SAVED } from "~/lib/engagements/engagement-copy";
import {
  consultantDeliveryPath,
  consultantEngagementPath,
  consultantNewPlanPath,
  businessEngagementPath,
} from "~/lib/engagements/engagement-paths";
import {
  NOTICE_ALREADY_GIVEN,
  NOTICE_GIVEN,
  NOTICE_TELL_CONSULTANT,
  NOTICE_TEXTS,
  RETAINER_FEE_REQUIRED,
  RETAINER_TERMS_NEED_REVIEW,
  RETAINER_START_PAST,
  TIME_ENTRY_HOURS_INVALID,
  TIME_LOG_TEXTS,
} from "~/lib/engagements/retainer-copy";
import { call, createMatchedMatch, db, html, postForm } from "../helpers";
import { createRunningRetainer } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInMember } from "../../factories";

/**
 * Fractional retainers through the pages (issue #41, docs/decisions/082): the consultant drafts
 * the terms in the plan editor (a fractional match starts as a retainer), logs time on a month's
 * page; the business reads the months, their logs and the terms, and gives notice. Another party
 * gets 404 and writes nothing.
 */

const outlineOf = async (id: string) =>
  (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id)))[0]!;
const itemsOf = (outlineId: string) =>
  db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, outlineId)).orderBy(deliveryItems.position);
/** A page's text with React's separators dropped. */
const page = async (path: string, token: string) =>
  (await (await call(path, { cookie: token })).text()).replace(/<!-- -->/g, "");
const nextYear = new Date().getUTCFullYear() + 1;

const retainerForm = (fields: Record<string, string>) => ({
  intent: "save",
  title: "Fractional CFO",
  overview: "Monthly finance leadership.",
  kind: "retainer",
  monthlyFee: "4,000.00",
  monthlyHours: "20",
  startDate: `${nextYear}-03-15`,
  noticeMonths: "1",
  ...fields,
});

describe("a retainer's pages", () => {
  it("drafts a fractional plan as a retainer: its terms, its first month and the statement's text", async () => {
    const consultant = await signedInConsultant();
    const client = await signedInClient();
    const match = await createMatchedMatch(client.business.id, consultant.user.id);
    const started = await postForm(consultantNewPlanPath(match.id), { matchId: match.id }, consultant.token);
    const outlineId = decodeURIComponent(started.headers.get("Location")!.split("/").pop()!);
    expect((await outlineOf(outlineId)).kind).toBe("retainer");
    const editor = await page(consultantEngagementPath(outlineId), consultant.token);
    expect(editor).toContain("How is the engagement billed?");
    expect(editor).toMatch(/<input type="radio"[^>]*name="kind"[^>]*checked=""[^>]*value="retainer"/);

    const missing = await postForm(
      consultantEngagementPath(outlineId),
      retainerForm({ monthlyFee: "" }),
      consultant.token,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(html(RETAINER_FEE_REQUIRED));
    const past = await postForm(
      consultantEngagementPath(outlineId),
      retainerForm({ intent: "submit", startDate: "2020-01-15" }),
      consultant.token,
    );
    expect(past.status).toBe(400);
    const pastText = await past.text();
    expect(pastText).toContain(html(PLAN_HAS_PAST_DATES));
    expect(pastText).toContain(html(RETAINER_START_PAST));
    expect(await itemsOf(outlineId)).toHaveLength(0);

    const saved = await postForm(consultantEngagementPath(outlineId), retainerForm({}), consultant.token);
    expect(saved.status).toBe(302);
    expect(await outlineOf(outlineId)).toMatchObject({
      kind: "retainer",
      monthlyFeeCents: 400_000,
      monthlyBudgetMinutes: 1200,
      retainerStartDate: `${nextYear}-03-15`,
      noticeMonths: 1,
    });
    expect(await itemsOf(outlineId)).toMatchObject([
      {
        title: `Month 1 (Mar 15 – Apr 14, ${nextYear})`,
        priceCents: 400_000,
        periodStart: `${nextYear}-03-15`,
        periodEnd: `${nextYear}-04-14`,
        deliveryDate: `${nextYear}-04-14`,
      },
    ]);
    const after = await page(`${consultantEngagementPath(outlineId)}?notice=saved`, consultant.token);
    expect(after).toContain(PLAN_SAVED);
    expect(after).toContain('value="4,000.00"');

    // A new fee reprices the month in place; billing by deliverables removes it.
    const monthId = (await itemsOf(outlineId))[0]!.id;
    await postForm(
      consultantEngagementPath(outlineId),
      retainerForm({ monthlyFee: "4,500.00", revision: String((await outlineOf(outlineId)).updatedAt.getTime()) }),
      consultant.token,
    );
    expect(await itemsOf(outlineId)).toMatchObject([{ id: monthId, priceCents: 450_000 }]);
    const project = await postForm(
      consultantEngagementPath(outlineId),
      {
        intent: "save",
        title: "Fractional CFO",
        overview: "",
        kind: "project",
        "items[0].title": "Cash review",
        "items[0].deliveryDate": `${nextYear}-04-01`,
        "items[0].price": "1,500.00",
      },
      consultant.token,
    );
    expect(project.status).toBe(302);
    expect(await outlineOf(outlineId)).toMatchObject({
      kind: "project",
      monthlyFeeCents: null,
      retainerStartDate: null,
    });
    expect((await itemsOf(outlineId)).map((item) => [item.title, item.periodStart])).toEqual([["Cash review", null]]);
  });

  it("logs time on a running month, shows it to the business with the budget, and takes the business's notice once", async () => {
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    const { outline, month } = await createRunningRetainer(client.business.id, consultant.user.id, "2026-11-01");
    const monthPath = consultantDeliveryPath(outline.id, month.id);

    const form = {
      intent: "log-time",
      itemId: month.id,
      workDate: "2026-11-03",
      hours: "2.5",
      description: "Cash forecast",
    };
    const bad = await postForm(monthPath, { ...form, hours: "2.1" }, consultant.token);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(html(TIME_ENTRY_HOURS_INVALID));
    const otherToken = (await signedInConsultant()).token;
    expect((await postForm(monthPath, form, otherToken)).status).toBe(404);
    expect((await postForm(monthPath, { intent: "remove-time", entryId: "x" }, otherToken)).status).toBe(404);
    const logged = await postForm(monthPath, form, consultant.token);
    expect(logged.status).toBe(302);
    expect(logged.headers.get("Location")).toBe(`${monthPath}?time=logged`);
    const entries = await db().select().from(timeEntries).where(eq(timeEntries.itemId, month.id));
    expect(entries).toMatchObject([{ minutes: 150, workDate: "2026-11-03", description: "Cash forecast" }]);
    const consultantPage = await page(`${monthPath}?time=logged`, consultant.token);
    expect(consultantPage).toContain(TIME_LOG_TEXTS.logged_notice);
    expect(consultantPage).toContain("Nov 3, 2026");
    expect(consultantPage).toContain("2.5 h");
    expect(consultantPage).toContain("17.5 h");

    // The business reads the months, the log and the terms.
    const panel = await page(businessEngagementPath(outline.id), client.token);
    expect(panel).toContain("Months");
    expect(panel).toContain("$4,000.00 a month for up to 20 h");
    expect(panel).toContain("Month 1 (Nov 1 – Nov 30, 2026)");
    expect(panel).toContain("Cash forecast");
    expect(panel).toContain("The work is a monthly retainer starting on Nov 1, 2026.");

    // Signed terms change only with a new version: a draft save of a new fee is refused.
    const draft = await postForm(
      consultantEngagementPath(outline.id),
      {
        intent: "save",
        title: "Fractional CFO",
        overview: "Monthly finance leadership.",
        kind: "retainer",
        monthlyFee: "5,000.00",
        monthlyHours: "20",
        startDate: "2026-11-01",
        noticeMonths: "1",
      },
      consultant.token,
    );
    expect(draft.status).toBe(409);
    expect(await draft.text()).toContain(html(RETAINER_TERMS_NEED_REVIEW));
    expect((await outlineOf(outline.id)).monthlyFeeCents).toBe(400_000);

    // A viewer may not give notice; an owner gives it once, confirmed.
    const viewer = await signedInMember(client.business.id, "viewer");
    const notice = { intent: "give-notice", deliveryOutlineId: outline.id, confirm: "on" };
    expect((await postForm(businessEngagementPath(outline.id), notice, viewer.token)).status).toBe(403);
    const unconfirmed = await postForm(
      businessEngagementPath(outline.id),
      { intent: "give-notice", deliveryOutlineId: outline.id },
      client.token,
    );
    expect(unconfirmed.status).toBe(400);
    expect((await outlineOf(outline.id)).noticeGivenAt).toBeNull();
    const given = await postForm(businessEngagementPath(outline.id), notice, client.token);
    expect(given.status).toBe(200);
    const endsOn = (await outlineOf(outline.id)).endsOn!;
    expect(endsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [year, monthNumber, day] = endsOn.split("-").map(Number);
    const endsLabel = `${["Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"][monthNumber! - 1]} ${day}, ${year}`;
    expect(await given.text()).toContain(html(NOTICE_GIVEN(endsLabel)));
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, consultant.user.id), eq(notifications.kind, "retainer_notice_given")));
    expect(told.map((row) => row.body)).toEqual([
      NOTICE_TELL_CONSULTANT(client.business.name, "Fractional CFO", endsLabel),
    ]);
    const consultantPlan = await page(consultantEngagementPath(outline.id), consultant.token);
    expect(consultantPlan).toContain(html(NOTICE_TEXTS.endingForConsultant("business", endsLabel)));
    const late = await postForm(
      consultantEngagementPath(outline.id),
      { intent: "give-notice", confirm: "on" },
      consultant.token,
    );
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(html(NOTICE_ALREADY_GIVEN));
    expect(
      (await postForm(consultantEngagementPath(outline.id), { intent: "give-notice", confirm: "on" }, otherToken))
        .status,
    ).toBe(404);
    const again = await postForm(businessEngagementPath(outline.id), notice, client.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(NOTICE_ALREADY_GIVEN));
    // Another business's owner gets 404 and changes nothing.
    const stranger = await signedInClient();
    expect((await postForm(businessEngagementPath(outline.id), notice, stranger.token)).status).toBe(404);
  });
});
