import { describe, expect, it } from "vitest";
import {
  invitationChangeRefusal,
  invitationLinkProblem,
  INVITATION_NOT_OPEN,
  type InvitationLinkTexts,
} from "~/lib/identity/invitations";
import {
  STAFF_INVITATION_EXPIRED,
  STAFF_INVITATION_UNKNOWN,
  STAFF_INVITATION_USED,
  STAFF_INVITATION_WITHDRAWN,
  STAFF_NOT_FOUND,
} from "~/lib/identity/staff";

// The staff invitation's own words: each kind of invitation hands the shared lifecycle its texts.
const STAFF_LINK: InvitationLinkTexts = {
  unknown: STAFF_INVITATION_UNKNOWN,
  used: STAFF_INVITATION_USED,
  expired: STAFF_INVITATION_EXPIRED,
  withdrawn: STAFF_INVITATION_WITHDRAWN,
};

describe("invitationLinkProblem", () => {
  it("lets an open link through and says why any other cannot be used, in the kind's words", () => {
    expect(invitationLinkProblem("pending", STAFF_LINK)).toBeNull();
    expect(invitationLinkProblem("accepted", STAFF_LINK)).toBe(STAFF_INVITATION_USED);
    expect(invitationLinkProblem("expired", STAFF_LINK)).toBe(STAFF_INVITATION_EXPIRED);
    expect(invitationLinkProblem("revoked", STAFF_LINK)).toBe(STAFF_INVITATION_WITHDRAWN);
    expect(invitationLinkProblem("unknown", STAFF_LINK)).toBe(STAFF_INVITATION_UNKNOWN);
  });
});

describe("invitationChangeRefusal", () => {
  const texts = { notOpen: INVITATION_NOT_OPEN, notFound: STAFF_NOT_FOUND };

  it("answers 409 for an invitation already accepted or revoked", () => {
    expect(invitationChangeRefusal(true, texts)).toEqual({ ok: false, status: 409, msg: INVITATION_NOT_OPEN });
  });

  it("answers 404 for an invitation that is not there (or not the inviter's to see)", () => {
    expect(invitationChangeRefusal(false, texts)).toEqual({ ok: false, status: 404, msg: STAFF_NOT_FOUND });
  });
});
