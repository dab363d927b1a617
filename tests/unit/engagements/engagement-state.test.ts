import { describe, expect, it } from "vitest";
import {
  canBusinessReviewPlan,
  canConsultantEditPlan,
  ENGAGEMENT_STATUS_LABELS,
  engagementStatus,
  isItemOverdue,
  pastDatedItems,
  todayAnywhereOnEarth,
} from "~/lib/engagements/engagement-state";
import { planFormSchemaFor } from "~/lib/engagements/engagement-schemas";
import { ITEM_DATE_PAST } from "~/lib/engagements/engagement-copy";
import { deliveryRounds, type DeliveryItemFile } from "~/lib/engagements/engagement-view";

/** Issue #36 (ADR 049): past dates, overdue deliveries, a rejected version, paused engagements. */

const sent = { state: "active" as const, complete: false };

describe("today and past dates", () => {
  it("is today's date anywhere on Earth (UTC−12): a date is past once it has ended everywhere", () => {
    expect(todayAnywhereOnEarth(new Date("2026-11-28T11:59:59Z"))).toBe("2026-11-27");
    expect(todayAnywhereOnEarth(new Date("2026-11-28T12:00:00Z"))).toBe("2026-11-28");
    // 8 pm in New York on Nov 27 (01:00 UTC on the 28th): Nov 27 is still today somewhere.
    expect(todayAnywhereOnEarth(new Date("2026-11-28T01:00:00Z"))).toBe("2026-11-27");
  });

  it("finds the unpaid deliverables dated in the past; a paid one keeps its agreed date", () => {
    const items = [
      { id: "a", status: "upcoming" as const, paidPurchaseId: null, deliveryDate: "2020-01-15" },
      { id: "b", status: "active" as const, paidPurchaseId: "p", deliveryDate: "2020-01-15" },
      { id: "c", status: "upcoming" as const, paidPurchaseId: null, deliveryDate: "2026-11-28" },
      { id: "d", status: "awaiting_payment" as const, paidPurchaseId: null, deliveryDate: "2026-11-27" },
    ];
    expect(pastDatedItems(items, "2026-11-28").map((item) => item.id)).toEqual(["a", "d"]);
  });

  it("the editor refuses a past date on a send, not on a draft save", () => {
    const form = {
      intent: "submit",
      title: "Plan",
      overview: "Text",
      items: [{ title: "Phase 1", description: "", deliveryDate: "2020-01-15", price: "1,500" }],
    };
    const refused = planFormSchemaFor("2026-11-28").safeParse(form);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["items.0.deliveryDate", ITEM_DATE_PAST],
    ]);
    expect(planFormSchemaFor("2026-11-28").safeParse({ ...form, intent: "save" }).success).toBe(true);
    const today = { ...form, items: [{ ...form.items[0]!, deliveryDate: "2026-11-28" }] };
    expect(planFormSchemaFor("2026-11-28").safeParse(today).success).toBe(true);
  });
});

describe("overdue deliveries", () => {
  const today = "2026-11-28";
  const item = (
    status: Parameters<typeof isItemOverdue>[0]["status"],
    deliveryDate = "2020-01-15",
    refunded = false,
  ) => ({
    status,
    deliveryDate,
    refunded,
  });

  it("counts a deliverable past its date and not delivered, paid or not", () => {
    for (const status of ["upcoming", "awaiting_payment", "active", "revision", "paused"] as const)
      expect(isItemOverdue(item(status), sent, today)).toBe(true);
    expect(isItemOverdue(item("upcoming"), { state: "proposed", complete: false }, today)).toBe(true);
  });

  it("not a delivered, approved or refunded one, one due today or later, a draft's or a finished engagement's", () => {
    expect(isItemOverdue(item("delivered"), sent, today)).toBe(false);
    expect(isItemOverdue(item("approved"), sent, today)).toBe(false);
    expect(isItemOverdue(item("active", "2020-01-15", true), sent, today)).toBe(false);
    expect(isItemOverdue(item("active", today), sent, today)).toBe(false);
    expect(isItemOverdue(item("upcoming"), { state: "draft", complete: false }, today)).toBe(false);
    expect(isItemOverdue(item("active"), { state: "complete", complete: true }, today)).toBe(false);
  });
});

describe("the business's rejection of a version", () => {
  const rejected = {
    state: "proposed" as const,
    complete: false,
    egmReviewStatus: "approved" as const,
    businessReviewStatus: "revision" as const,
    businessRejectedVersion: 1 as number | null,
    version: 1,
  };

  it("offers Accept and Reject only on a version the business has not rejected", () => {
    expect(canBusinessReviewPlan(rejected)).toBe(false);
    expect(canBusinessReviewPlan({ ...rejected, version: 2 })).toBe(true);
    expect(canBusinessReviewPlan({ ...rejected, businessReviewStatus: "pending", businessRejectedVersion: null })).toBe(
      true,
    );
  });

  it("gives the rejected plan back to the consultant, not the next version the business decides on", () => {
    expect(canConsultantEditPlan(rejected)).toBe(true);
    expect(canConsultantEditPlan({ ...rejected, version: 2 })).toBe(false);
  });

  it("keeps the spec's tile status, Approved (awaiting customer decision)", () => {
    expect(ENGAGEMENT_STATUS_LABELS[engagementStatus({ ...rejected, pausedAt: null })]).toBe(
      "Approved (awaiting customer decision)",
    );
  });
});

describe("the engagement status catalogue", () => {
  const signed = {
    complete: false,
    egmReviewStatus: "approved" as const,
    businessReviewStatus: "approved" as const,
    pausedAt: null as Date | null,
  };

  it("a paused engagement is Paused, one waiting for a revision is Paused for a revision, not Active", () => {
    expect(engagementStatus(signed, [{ status: "approved" }, { status: "upcoming" }])).toBe("active");
    expect(engagementStatus({ ...signed, pausedAt: new Date() }, [{ status: "approved" }])).toBe("paused");
    expect(engagementStatus(signed, [{ status: "revision" }])).toBe("revision");
    expect(engagementStatus(signed, [{ status: "revision", refunded: true }])).toBe("active");
    expect(ENGAGEMENT_STATUS_LABELS.paused).toBe("Paused");
    expect(ENGAGEMENT_STATUS_LABELS.revision).toBe("Paused for a revision");
    expect(engagementStatus({ ...signed, complete: true, pausedAt: new Date() })).toBe("complete");
  });
});

describe("deliveryRounds", () => {
  const file = (fileName: string, originalName: string, round: number, uploadedAt: string): DeliveryItemFile => ({
    fileName,
    originalName,
    size: 10,
    url: `/api/file-handling/get-file/${fileName}`,
    round,
    uploadedAt,
  });

  it("groups a deliverable's files by delivery, newest first, each file once, with the delivery's date", () => {
    const rounds = deliveryRounds([
      file("k1", "decision-log.csv", 1, "2026-11-20T10:00:00.000Z"),
      file("k2", "decision-log.csv", 2, "2026-11-25T09:00:00.000Z"),
      file("k2", "decision-log.csv", 2, "2026-11-25T09:00:00.000Z"),
      file("k3", "notes.csv", 2, "2026-11-25T09:00:01.000Z"),
    ]);
    expect(
      rounds.map((round) => [
        round.round,
        round.deliveredAt,
        round.files.map((f) => `${f.fileName}:${f.originalName}`),
      ]),
    ).toEqual([
      [2, "2026-11-25T09:00:01.000Z", ["k2:decision-log.csv", "k3:notes.csv"]],
      [1, "2026-11-20T10:00:00.000Z", ["k1:decision-log.csv"]],
    ]);
  });
});
