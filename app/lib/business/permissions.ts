import { BUSINESS_MEMBER_ROLES, type BusinessMemberRole } from "~db/enums";

/**
 * What each member of a business may do (issue #38 item 1, docs/decisions/066): the one table
 * every client route asks through its guard (`requireClientBusiness(app, request, action)`,
 * `requireApiClient(…, { business: true, action })`) and every screen may ask to hide a button.
 * A change to a person's own account (name, phone, password, email, their notifications) is not a
 * business action: every member makes it.
 */
export const BUSINESS_ACTIONS = [
  /** Pay for something: an insight, a deliverable, benchmarking; the billing portal. */
  "pay",
  /** Sign a statement of work, or ask for its changes. */
  "sign",
  /** Accept or reject the consultants a match proposes. */
  "decideCandidates",
  /** Choose, start or change the plan (subscription, trial). */
  "changePlan",
  /** Invite, change and remove members. */
  "manageTeam",
  /** Make another member the owner (the owner becomes an admin): owners only. */
  "transferOwnership",
  /** The business's details, insight preferences, revenue band and accounting connection. */
  "changeSettings",
  /** Ask for insights, refresh the books they are built from, and give feedback on them. */
  "requestInsights",
  /** Ask for matches and give feedback on them. */
  "requestMatches",
  /** Review a deliverable (accept or ask for changes) and move the active item. */
  "reviewDeliverables",
  /** Open a dispute over a delivered deliverable after a revision (issue #40, docs/decisions/079). */
  "disputeDeliverables",
  /** The hub: upload and delete the business's documents and files. */
  "useHub",
  /** Register the business for events. */
  "registerForEvents",
  /** Write in the business's conversations with candidates, consultants and the manager (docs/decisions/072). */
  "writeMessages",
  /** Read the business's activity (its audit trail) in Settings and download it as CSV. */
  "readActivity",
  /** Read everything of the business. */
  "read",
  /** Export everything the business gave and got (docs/decisions/069). */
  "exportData",
  /** Delete the business (docs/decisions/069). */
  "deleteBusiness",
] as const;

export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];

const OWNERS_AND_ADMINS: readonly BusinessMemberRole[] = ["owner", "admin"];
const OWNERS: readonly BusinessMemberRole[] = ["owner"];
const ALL_BUT_VIEWERS: readonly BusinessMemberRole[] = ["owner", "admin", "member"];

/** Each action and the roles that may take it. */
export const PERMISSIONS: Readonly<Record<BusinessAction, readonly BusinessMemberRole[]>> = {
  pay: OWNERS_AND_ADMINS,
  sign: OWNERS_AND_ADMINS,
  decideCandidates: OWNERS_AND_ADMINS,
  changePlan: OWNERS_AND_ADMINS,
  manageTeam: OWNERS_AND_ADMINS,
  transferOwnership: ["owner"],
  changeSettings: OWNERS_AND_ADMINS,
  requestInsights: ALL_BUT_VIEWERS,
  requestMatches: ALL_BUT_VIEWERS,
  reviewDeliverables: ALL_BUT_VIEWERS,
  disputeDeliverables: OWNERS_AND_ADMINS,
  useHub: ALL_BUT_VIEWERS,
  registerForEvents: ALL_BUT_VIEWERS,
  writeMessages: ALL_BUT_VIEWERS,
  readActivity: OWNERS_AND_ADMINS,
  read: BUSINESS_MEMBER_ROLES,
  exportData: OWNERS,
  deleteBusiness: OWNERS,
};

/** Whether a member with `role` may take `action` for their business. */
export function can(role: BusinessMemberRole, action: BusinessAction): boolean {
  return PERMISSIONS[action].includes(role);
}

export { ROLE_FORBIDDEN_MESSAGE } from "./role-refusal";

/** How a role is named on screen. */
export const MEMBER_ROLE_LABELS: Readonly<Record<BusinessMemberRole, string>> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};
