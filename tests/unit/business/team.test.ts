import { describe, expect, it } from "vitest";
import { auditActionText, auditDetailText } from "~/lib/audit/audit-actions";
import { teamConfirmFrom, teamConfirmHref, TeamInviteSchema, TeamMemberActionSchema } from "~/lib/business/team";

/** Settings → Team's pure pieces (docs/decisions/067). */
describe("the Team tab's confirmations", () => {
  it("asks remove and transfer about a member, leave about nobody; anything else asks nothing", () => {
    expect(teamConfirmFrom(new URLSearchParams(teamConfirmHref("remove", "user-1")))).toEqual({
      kind: "remove",
      memberId: "user-1",
    });
    expect(teamConfirmFrom(new URLSearchParams(teamConfirmHref("transfer", "user 2")))).toEqual({
      kind: "transfer",
      memberId: "user 2",
    });
    expect(teamConfirmFrom(new URLSearchParams(teamConfirmHref("leave")))).toEqual({ kind: "leave", memberId: null });
    expect(teamConfirmFrom(new URLSearchParams("?tab=team&confirm=remove"))).toBeNull();
    expect(teamConfirmFrom(new URLSearchParams("?tab=team&confirm=delete-everything&member=x"))).toBeNull();
    expect(teamConfirmFrom(new URLSearchParams("?tab=team"))).toBeNull();
  });
});

describe("the Team tab's forms", () => {
  it("invites a lowercased email as admin, member or viewer, never as owner", () => {
    expect(TeamInviteSchema.parse({ intent: "team-invite", email: " Pat@Example.TEST ", role: "viewer" })).toEqual({
      intent: "team-invite",
      email: "pat@example.test",
      role: "viewer",
    });
    expect(
      TeamInviteSchema.safeParse({ intent: "team-invite", email: "pat@example.test", role: "owner" }).success,
    ).toBe(false);
  });

  it("changes a role to any of the four; remove and transfer name a member", () => {
    expect(TeamMemberActionSchema.safeParse({ intent: "team-change-role", userId: "u", role: "owner" }).success).toBe(
      true,
    );
    expect(TeamMemberActionSchema.safeParse({ intent: "team-remove" }).success).toBe(false);
    expect(TeamMemberActionSchema.safeParse({ intent: "team-transfer", userId: "u" }).success).toBe(true);
  });
});

describe("the team's events in the trail", () => {
  it("read as sentences, a role change as its two roles", () => {
    expect(auditActionText("team.ownership_transferred")).toBe("Transferred the ownership");
    expect(auditActionText("team.removed")).toBe("Removed a team member");
    expect(auditDetailText({ email: "pat@example.test", role: ["viewer", "admin"] })).toBe(
      "Email: pat@example.test; Role: “Viewer” → “Admin”",
    );
  });
});
