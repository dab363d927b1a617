import { describe, expect, it } from "vitest";
import { auditActionText, auditDetailText } from "~/lib/audit/audit-actions";
import { auditCsv, changedFields, type AuditRow } from "~/server/audit/audit.server";

/** The audit trail's words and CSV (docs/decisions/065). */

const row = (over: Partial<AuditRow> = {}): AuditRow => ({
  id: "e1",
  at: new Date("2026-11-29T15:04:05.000Z"),
  action: "business.info_updated",
  what: "Changed the business's details",
  actorKind: "client",
  actor: "Dana Whitfield (dana@example.com)",
  subjectType: "business",
  subjectId: "b1",
  detail: { name: ["Harbor, Pine", 'The "Best" Shop'] },
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0",
  ...over,
});

describe("the audit trail's words", () => {
  it("says a change as before → after and a fact with its format; money as dollars, roles as words", () => {
    expect(auditDetailText({ name: ["Old", "New"], city: [null, "Portland"] })).toBe(
      "Name: “Old” → “New”; City: “(none)” → “Portland”",
    );
    expect(auditDetailText({ amountCents: 150_000, staffRole: "manager" })).toBe(
      "Amount: $1,500.00; Role: Engagement manager",
    );
    expect(auditDetailText({})).toBe("");
    // A payment and a membership change (docs/decisions/065).
    expect(auditDetailText({ amountCents: 49_500, purchase: "Insight request: Finance" })).toBe(
      "Amount: $495.00; For: Insight request: Finance",
    );
    expect(auditDetailText({ memberTier: ["BASIC", "PREMIUM"], subscriptionStatus: [null, "trialing"] })).toBe(
      "Membership: “BASIC” → “SCALE”; Status: “(none)” → “Free trial”",
    );
    expect(auditDetailText({ subscriptionStatus: ["active", "past_due"] })).toBe(
      "Status: “Active” → “Payment past due”",
    );
    expect(auditDetailText({ subscriptionStatus: ["active", "later_state"] })).toBe("Status: “Active” → “later_state”");
    expect(auditActionText("staff.removed")).toBe("Removed a staff member");
    expect(auditActionText("later.action")).toBe("later.action");
  });

  it("records only the fields that changed", () => {
    expect(
      changedFields({ name: "A", city: "Portland", state: "ME" }, { name: "B", city: "Portland" }, [
        "name",
        "city",
        "state",
      ]),
    ).toEqual({ name: ["A", "B"] });
  });
});

describe("the audit CSV", () => {
  it("has a header and one CRLF line per event, quoting commas and quotes", () => {
    expect(auditCsv([row()])).toBe(
      "When (UTC),Who,As,What,Subject,Subject id,Details,IP,User agent\r\n" +
        '2026-11-29T15:04:05.000Z,Dana Whitfield (dana@example.com),Business,Changed the business\'s details,business,b1,"Name: “Harbor, Pine” → “The ""Best"" Shop”",203.0.113.7,Mozilla/5.0\r\n',
    );
  });

  it("makes a value a spreadsheet would run as a formula inert", () => {
    const csv = auditCsv([row({ actor: '=HYPERLINK("http://evil")', userAgent: "+cmd", ip: null })]);
    const line = csv.split("\r\n")[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line.endsWith(",,'+cmd")).toBe(true);
  });
});
