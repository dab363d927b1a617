import { describe, expect, it } from "vitest";
import { BUSINESS_MEMBER_ROLES } from "~db/enums";
import { BUSINESS_ACTIONS, can, PERMISSIONS, type BusinessAction } from "~/lib/business/permissions";

/** The table (#38 item 1), written out role by role: what each may do, nothing more. */
const EXPECTED: Record<(typeof BUSINESS_MEMBER_ROLES)[number], readonly BusinessAction[]> = {
  owner: BUSINESS_ACTIONS,
  admin: BUSINESS_ACTIONS.filter(
    (action) => action !== "transferOwnership" && action !== "exportData" && action !== "deleteBusiness",
  ),
  member: [
    "requestInsights",
    "requestMatches",
    "reviewDeliverables",
    "useHub",
    "registerForEvents",
    "writeMessages",
    "read",
  ],
  viewer: ["read"],
};

describe("the business permission table", () => {
  for (const role of BUSINESS_MEMBER_ROLES) {
    for (const action of BUSINESS_ACTIONS) {
      const allowed = EXPECTED[role].includes(action);
      it(`${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(can(role, action)).toBe(allowed);
      });
    }
  }

  it("names every action once and only roles that exist", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...BUSINESS_ACTIONS].sort());
    for (const roles of Object.values(PERMISSIONS)) {
      for (const role of roles) expect(BUSINESS_MEMBER_ROLES).toContain(role);
    }
  });

  it("lets only owners transfer the ownership", () => {
    expect(PERMISSIONS.transferOwnership).toEqual(["owner"]);
  });

  it("lets only owners export and delete the business (docs/decisions/069)", () => {
    expect(PERMISSIONS.exportData).toEqual(["owner"]);
    expect(PERMISSIONS.deleteBusiness).toEqual(["owner"]);
  });

  it("lets only owners and admins manage the team, pay, sign, decide candidates, change the plan and read the activity", () => {
    for (const action of ["manageTeam", "pay", "sign", "decideCandidates", "changePlan", "readActivity"] as const) {
      expect(PERMISSIONS[action]).toEqual(["owner", "admin"]);
    }
  });
});
