import { describe, expect, it } from "vitest";
import {
  ApplicationSchema,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  INVITATION_UNKNOWN_MESSAGE,
  INVITATION_USED_MESSAGE,
  invitationProblem,
  invitationStatus,
  isLinkedInUrl,
} from "~/lib/consultants/invitation-schemas";

const now = new Date("2026-11-23T12:00:00Z");
const later = new Date("2026-11-30T12:00:00Z");
const earlier = new Date("2026-11-20T12:00:00Z");

describe("invitationStatus", () => {
  it("is pending before it expires and expired from the expiry instant", () => {
    expect(invitationStatus({ acceptedAt: null, revokedAt: null, expiresAt: later }, now)).toBe("pending");
    expect(invitationStatus({ acceptedAt: null, revokedAt: null, expiresAt: now }, now)).toBe("expired");
    expect(invitationStatus({ acceptedAt: null, revokedAt: null, expiresAt: earlier }, now)).toBe("expired");
  });

  it("keeps accepted and revoked final, whatever the expiry", () => {
    expect(invitationStatus({ acceptedAt: earlier, revokedAt: null, expiresAt: earlier }, now)).toBe("accepted");
    expect(invitationStatus({ acceptedAt: null, revokedAt: earlier, expiresAt: later }, now)).toBe("revoked");
  });
});

describe("invitationProblem", () => {
  it("says plainly why a link cannot be used", () => {
    expect(invitationProblem("pending")).toBeNull();
    expect(invitationProblem("accepted")).toBe(INVITATION_USED_MESSAGE);
    expect(invitationProblem("expired")).toBe(INVITATION_EXPIRED_MESSAGE);
    expect(invitationProblem("revoked")).toBe(INVITATION_REVOKED_MESSAGE);
    expect(invitationProblem("unknown")).toBe(INVITATION_UNKNOWN_MESSAGE);
  });
});

describe("the application form", () => {
  it("takes only https LinkedIn links", () => {
    expect(isLinkedInUrl("https://www.linkedin.com/in/sam")).toBe(true);
    expect(isLinkedInUrl("https://linkedin.com/in/sam")).toBe(true);
    expect(isLinkedInUrl("http://www.linkedin.com/in/sam")).toBe(false);
    expect(isLinkedInUrl("https://www.linkedin.com.evil.test/in/sam")).toBe(false);
    expect(isLinkedInUrl("javascript:alert(1)")).toBe(false);
  });

  it("lowercases the email, drops an empty LinkedIn URL and repeated areas", () => {
    const parsed = ApplicationSchema.parse({
      name: " Sam ",
      email: "Sam@Example.TEST",
      linkedinUrl: "",
      businessAreas: ["finance", "finance", "hr"],
      message: "Years of work.",
    });
    expect(parsed).toEqual({
      name: "Sam",
      email: "sam@example.test",
      linkedinUrl: undefined,
      businessAreas: ["finance", "hr"],
      message: "Years of work.",
    });
  });
});
