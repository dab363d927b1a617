import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consultantTransfers,
  deliveryItems,
  deliveryOutlines,
  deliveryOutlineVersions,
  matchRequests,
  purchases,
  sowSignatures,
} from "~db/schema";
import { backdateSql, MONTHS, monthsBackSql, retainerBackdateSql } from "../../../scripts/lib/demo-backdate.mjs";
import { retainerMonth, retainerMonthTitle } from "~/lib/engagements/retainer-months";
import { MONTH_ABBREVIATIONS } from "~/lib/shared/dates";
import { createConsultant, db } from "../helpers";
import { createPaidPurchase, createSignedOutline } from "../helpers/deliverables";
import { createClient } from "../../factories";

/** The date `months` calendar months before `date` (UTC), at the same time of day. */
function monthsBefore(date: Date, months: number): Date {
  const shifted = new Date(date);
  shifted.setUTCMonth(shifted.getUTCMonth() - months);
  return shifted;
}

describe("the demo's back-dating step (scripts/lib/demo-backdate.mjs, ADR 030)", () => {
  it("moves one completed engagement 5 months back, its items and their transfers 5, 3 and 1 (last month), and nothing else", async () => {
    const client = await createClient();
    const consultant = await createConsultant();
    const at = new Date("2026-11-23T18:02:16.123Z");
    const done = { status: "approved" as const, businessDeliveryReview: "approved" as const, completedAt: at };
    const engagement = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: { state: "complete", complete: true, startedAt: at, completedAt: at, submittedAt: at },
      items: [
        { ...done, deliveryDate: "2026-12-14" },
        { ...done, deliveryDate: "2027-01-04" },
        { ...done, deliveryDate: "2027-01-25" },
      ],
    });
    const purchaseId = await createPaidPurchase(client.business.id, engagement.items[1]!.id);
    await db()
      .update(deliveryItems)
      .set({ paidPurchaseId: purchaseId })
      .where(eq(deliveryItems.id, engagement.items[1]!.id));
    await db()
      .insert(sowSignatures)
      .values({
        id: `sig-${engagement.outline.id}`,
        outlineId: engagement.outline.id,
        businessId: client.business.id,
        outlineVersion: 1,
        signerUserId: client.user.id,
        signerName: "Dana Whitfield",
        signatureDate: "2026-05-23",
        signedAt: at,
        pdfKey: "sow/x/v1.pdf",
        pdfSha256: "0".repeat(64),
        pdfSize: 100,
        createdAt: at,
      });
    // The version the consultant sent (ADR 049).
    await db()
      .insert(deliveryOutlineVersions)
      .values({
        outlineId: engagement.outline.id,
        businessId: client.business.id,
        version: 1,
        title: "Plan",
        overview: "Overview",
        items: engagement.items.map((item) => ({
          id: item.id,
          title: item.title,
          description: item.description ?? "",
          deliveryDate: item.deliveryDate,
          priceCents: item.priceCents,
        })),
        submittedAt: at,
        createdAt: at,
      });
    // The consultant's transfer of the last item, made (and paid) when the business approved it.
    const transferId = crypto.randomUUID();
    await db().insert(consultantTransfers).values({
      id: transferId,
      itemId: engagement.items[2]!.id,
      outlineId: engagement.outline.id,
      businessId: client.business.id,
      consultantUserId: consultant.user.id,
      chargedCents: 150_000,
      feeCents: 30_000,
      amountCents: 120_000,
      status: "paid",
      createdAt: at,
      updatedAt: at,
      paidAt: at,
    });
    const other = await createSignedOutline(client.business.id, consultant.user.id);
    const otherBefore = (
      await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, other.outline.id))
    )[0]!;

    const statements = backdateSql(engagement.outline.id, engagement.match.id);
    await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));

    const [outline] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, engagement.outline.id));
    expect(outline!.startedAt).toEqual(monthsBefore(at, 5));
    expect(outline!.submittedAt).toEqual(monthsBefore(at, 5));
    expect(outline!.completedAt).toEqual(monthsBefore(at, 1));
    const items = await db()
      .select()
      .from(deliveryItems)
      .where(eq(deliveryItems.outlineId, engagement.outline.id))
      .orderBy(deliveryItems.position);
    expect(items.map((item) => item.deliveryDate)).toEqual(["2026-07-14", "2026-10-04", "2026-12-25"]);
    expect(items.map((item) => item.completedAt)).toEqual([5, 3, 1].map((months) => monthsBefore(at, months)));
    const [version] = await db()
      .select()
      .from(deliveryOutlineVersions)
      .where(eq(deliveryOutlineVersions.outlineId, outline!.id));
    expect(version!.submittedAt).toEqual(monthsBefore(at, 5));
    expect(version!.items.map((item) => [item.id, item.deliveryDate])).toEqual(
      items.map((item) => [item.id, item.deliveryDate]),
    );
    const [signature] = await db().select().from(sowSignatures).where(eq(sowSignatures.outlineId, outline!.id));
    expect(signature!.signedAt).toEqual(monthsBefore(at, 5));
    expect(signature!.signatureDate).toBe("2026-05-23");
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(purchase!.createdAt.getTime()).toBeLessThan(monthsBefore(new Date(), 2).getTime());
    const [transfer] = await db().select().from(consultantTransfers).where(eq(consultantTransfers.id, transferId));
    expect([transfer!.createdAt, transfer!.updatedAt, transfer!.paidAt]).toEqual(Array(3).fill(monthsBefore(at, 1)));
    expect(transfer!.reversedAt).toBeNull();
    const [match] = await db().select().from(matchRequests).where(eq(matchRequests.id, engagement.match.id));
    expect(match!.createdAt.getTime()).toBeLessThan(monthsBefore(new Date(), 4).getTime());

    // Another engagement of the same business is left as it was.
    const [untouched] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, other.outline.id));
    expect(untouched).toEqual(otherBefore);
  });

  it("moves a time back by calendar months in D1, the day clamped to the month's last, the time of day kept", async () => {
    const cases: [string, number, string][] = [
      ["2026-03-31T10:20:30.000Z", 1, "2026-02-28 10:20:30"],
      ["2026-12-31T23:59:59.000Z", 1, "2026-11-30 23:59:59"],
      ["2024-05-31T01:02:03.000Z", 3, "2024-02-29 01:02:03"],
      ["2026-11-23T18:02:16.000Z", 5, "2026-06-23 18:02:16"],
    ];
    for (const [iso, months, expected] of cases) {
      const row = await env.DB.prepare(`SELECT ${monthsBackSql("?1 / 1000, 'unixepoch'", months)} AS at`)
        .bind(Date.parse(iso))
        .first<{ at: string }>();
      expect(row?.at, iso).toBe(expected);
    }
    const day = await env.DB.prepare(`SELECT date(${monthsBackSql("?1", 1)}) AS at`)
      .bind("2027-01-31")
      .first<{ at: string }>();
    expect(day?.at).toBe("2026-12-31");
  });

  it("moves the demo retainer's start and its first month to another day, titled as the app titles it", async () => {
    const client = await createClient();
    const consultant = await createConsultant();
    const { outline } = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: {
        kind: "retainer",
        monthlyFeeCents: 320_000,
        monthlyBudgetMinutes: 960,
        retainerStartDate: "2026-12-01",
      },
      items: [{ title: "Month 1 (Dec 1 – Dec 31, 2026)", deliveryDate: "2026-12-31", priceCents: 320_000 }],
    });
    await db()
      .update(deliveryItems)
      .set({ periodStart: "2026-12-01", periodEnd: "2026-12-31" })
      .where(eq(deliveryItems.outlineId, outline.id));
    const other = await createSignedOutline(client.business.id, consultant.user.id);
    // The first of a month (the retainer), and any day (coaching: a week ago), across a year's end.
    for (const start of ["2026-11-01", "2027-02-01", "2027-12-01", "2026-12-20", "2027-01-31"]) {
      const statements = retainerBackdateSql(outline.id, start);
      await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
      const month = retainerMonth(start, 0);
      expect((await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id)))[0]).toMatchObject({
        retainerStartDate: start,
      });
      expect((await db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, outline.id)))[0]).toMatchObject(
        {
          periodStart: month.start,
          periodEnd: month.end,
          deliveryDate: month.end,
          title: retainerMonthTitle(month),
        },
      );
    }
    expect(MONTHS).toEqual([...MONTH_ABBREVIATIONS]);
    // Nothing of another engagement moves.
    const untouched = await db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, other.outline.id));
    expect(untouched.every((item) => item.periodStart === null)).toBe(true);
  });
});
