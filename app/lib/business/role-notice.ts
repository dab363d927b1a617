import type { BusinessMemberRole } from "~db/enums";
import { MEMBER_ROLE_LABELS, PERMISSIONS, type BusinessAction } from "./permissions";

/** What each action is, as the line that replaces a hidden control says it (docs/decisions/068). */
const ACTION_PHRASES: Readonly<Record<BusinessAction, string>> = {
  pay: "pay",
  sign: "sign or decline plans",
  decideCandidates: "accept or reject candidates",
  changePlan: "change the plan",
  manageTeam: "manage the team",
  changeSettings: "change the business's settings",
  requestInsights: "request insights",
  requestMatches: "request matches",
  reviewDeliverables: "review deliverables",
  disputeDeliverables: "open disputes",
  useHub: "upload and manage documents",
  registerForEvents: "register for events",
  writeMessages: "write messages",
  readActivity: "read the business's activity",
  transferOwnership: "transfer the ownership",
  exportData: "export the business's data",
  deleteBusiness: "delete the business",
  read: "read this business",
};

/** "an owner or admin", "an owner, admin or member": who may take `action`. */
function whoMay(action: BusinessAction): string {
  const names = PERMISSIONS[action].map((role) => MEMBER_ROLE_LABELS[role].toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names[0];
  return `${/^[aeiou]/.test(list ?? "") ? "an" : "a"} ${list}`;
}

/**
 * The short line shown where a role's missing permission hides a control or a whole form, e.g.
 * "Your role (Viewer) can read this business; an owner or admin can pay."
 */
export function roleCannotText(role: BusinessMemberRole, action: BusinessAction): string {
  const label = MEMBER_ROLE_LABELS[role];
  const lead =
    role === "viewer"
      ? `Your role (${label}) can read this business`
      : `Your role (${label}) cannot ${ACTION_PHRASES[action]}`;
  return `${lead}; ${whoMay(action)} can ${ACTION_PHRASES[action]}.`;
}

/** What an open step says to a member whose role may not take it, e.g. "Waits for an owner or admin." */
export function waitsForText(action: BusinessAction): string {
  return `Waits for ${whoMay(action)}.`;
}
