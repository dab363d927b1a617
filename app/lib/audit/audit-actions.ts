import { planLabel } from "~/lib/shared/format";
import { formatMoney } from "~/lib/shared/numbers";
import { AUTO_ACCEPT_DAYS } from "~/lib/engagements/review-deadlines";

/**
 * The actions the audit trail records (issue #38 item 2, docs/decisions/065), each with the
 * sentence people read in Settings → Activity, the console's Audit trail and the CSV.
 */
export const AUDIT_ACTIONS = {
  "staff.invited": "Invited a staff member",
  "staff.invitation_resent": "Sent a staff invitation again",
  "staff.invitation_revoked": "Revoked a staff invitation",
  "staff.joined": "Joined the staff",
  "staff.role_changed": "Changed a staff member's role",
  "staff.removed": "Removed a staff member",
  "team.invited": "Invited someone to the team",
  "team.invitation_resent": "Sent a team invitation again",
  "team.invitation_revoked": "Revoked a team invitation",
  "team.joined": "Joined the team",
  "team.role_changed": "Changed a team member's role",
  "team.removed": "Removed a team member",
  "team.left": "Left the team",
  "team.ownership_transferred": "Transferred the ownership",
  "item.refunded": "Refunded a deliverable",
  "transfer.reversed": "Reversed a transfer to a consultant",
  "transfer.retried": "Retried a transfer to a consultant",
  "business.info_updated": "Changed the business's details",
  "user.personal_updated": "Changed personal details",
  "user.password_changed": "Changed the password",
  "insight.requested": "Asked for an insight",
  "match.requested": "Asked for a match",
  "candidate.accepted": "Accepted a candidate",
  "candidate.rejected": "Turned down a candidate",
  "plan.approved": "Approved a plan for the business",
  "plan.sent_back": "Sent a plan back to the consultant",
  "plan.signed": "Signed a statement of work",
  "plan.revision_requested": "Asked for changes to a plan",
  "item.approved": "Approved a deliverable",
  "item.accepted_automatically": `Accepted a deliverable automatically: nobody reviewed it within ${AUTO_ACCEPT_DAYS} days`,
  "item.revision_requested": "Asked for changes to a deliverable",
  "item.disputed": "Opened a dispute over a deliverable",
  "dispute.settled": "Settled a dispute over a deliverable",
  "retainer.notice_given": "Gave notice to end a retainer",
  "retainer.extra_hours_approved": "Approved and bought extra hours on a retainer",
  "coaching.session_held": "Marked a coaching session held",
  "coaching.session_confirmed": "Confirmed a coaching session",
  "coaching.session_missed": "Said a coaching session did not take place",
  "retainer.extra_hours_declined": "Declined extra hours on a retainer",
  "payment.completed": "Made a payment",
  "membership.changed": "The membership changed",
  "consultant.published": "Published a consultant's profile",
  "consultant.sent_back": "Sent a consultant's profile back",
  "consultant.listed": "Showed their profile in public",
  "consultant.unlisted": "Stopped showing their profile in public",
  "quickbooks.connected": "Connected QuickBooks",
  "quickbooks.disconnected": "Disconnected QuickBooks",
  "data.export_requested": "Asked for an export of the data",
  "business.deletion_requested": "Asked for the business to be deleted",
  "business.deleted": "Deleted the business",
  "account.deletion_requested": "Asked for the account to be deleted",
  "account.deleted": "Deleted the account",
  "message.hidden": "Hid a message in a conversation",
  "meeting.booked": "Booked a call in a conversation",
  "meeting.declined": "Declined a call in a conversation",
  "meeting.cancelled": "Cancelled a call in a conversation",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The business's trail as CSV (Settings → Activity's Download CSV). */
export const ACTIVITY_CSV_PATH = "/company-profile/activity.csv";

/** The console's choice of the staff's own matters (not a business). */
export const STAFF_SCOPE = "staff";

/** Under the console's business search when it found more than it shows. */
export const BUSINESS_SEARCH_MORE = "Only the first 50 are listed: type more of the name.";

/** The console's business search when nothing matches. */
export const noBusinessFound = (search: string) =>
  search ? `No business is called anything like “${search}”.` : "No business has signed up yet.";

/** The console's trail of a business (or STAFF_SCOPE) as CSV. */
export const auditCsvPath = (scope: string) => `/manage/audit.csv?business=${encodeURIComponent(scope)}`;

/** The most a page shows at once; "Older events" turns to the next ones, the CSV has everything. */
export const AUDIT_PAGE_SIZE = 100;

/** The links between a trail's pages. */
export const AUDIT_OLDER = "Older events";
export const AUDIT_NEWEST = "Newest events";

/** Where a page of the trail starts: older than this event (its time in ms and its id). */
export type AuditCursor = { at: number; id: string };

/** The `before` query value of the page after `row` (`<ms>.<id>`). */
export function auditCursorText(row: { at: Date | string; id: string }): string {
  return `${new Date(row.at).getTime()}.${row.id}`;
}

/** The cursor of a `before` query value, or null when there is none or it is not one (the newest page). */
export function auditCursorOf(text: string | null): AuditCursor | null {
  const match = text === null ? null : /^(\d{1,15})\.([A-Za-z0-9-]{1,64})$/.exec(text);
  return match ? { at: Number(match[1]), id: match[2]! } : null;
}

/**
 * The links between a trail's pages: `href(cursor)` is the page older than the cursor, `href(null)`
 * the newest; "Newest events" only when this page is not the newest.
 */
export function auditPageLinks(
  page: { older: string | null },
  before: AuditCursor | null,
  href: (cursor: string | null) => string,
): { olderHref: string | null; newestHref: string | null } {
  return { olderHref: page.older ? href(page.older) : null, newestHref: before ? href(null) : null };
}

/** Who acted, as the trail shows them. */
export const AUDIT_ACTOR_KINDS = {
  client: "Business",
  consultant: "Consultant",
  admin: "Admin",
  manager: "Engagement manager",
  system: "Partwise",
} as const;

export type AuditActorKind = keyof typeof AUDIT_ACTOR_KINDS;

/** The sentence of an action (an unknown one, written by a later version, as its name). */
export function auditActionText(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

const FIELD_NAMES: Record<string, string> = {
  name: "Name",
  clientRole: "Role",
  city: "City",
  state: "State",
  employeeBand: "Employees",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone",
  email: "Email",
  staffRole: "Role",
  role: "Role",
  amountCents: "Amount",
  outlineId: "Engagement",
  outcome: "Outcome",
  stripeRefundId: "Stripe refund",
  stripeReversalId: "Stripe reversal",
  via: "By",
  title: "Title",
  version: "Version",
  consultant: "Consultant",
  category: "Business area",
  notes: "Notes",
  signature: "Signed as",
  purchase: "For",
  memberTier: "Membership",
  subscriptionStatus: "Status",
  itemId: "Deliverable",
  next: "Then",
  from: "From",
  realmId: "QuickBooks company",
};

const STAFF_ROLE_WORDS: Record<string, string> = { admin: "Admin", manager: "Engagement manager" };

/** A member's role in a business (the team's events). */
const MEMBER_ROLE_WORDS: Record<string, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/** Stripe's subscription states, as the trail says them. */
const SUBSCRIPTION_STATUS_WORDS: Record<string, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment past due",
  incomplete: "Awaiting first payment",
  incomplete_expired: "Never paid",
  unpaid: "Unpaid",
  paused: "Paused",
  canceled: "Canceled",
};

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (field.endsWith("Cents") && typeof value === "number") {
    return formatMoney(value);
  }
  if (field === "staffRole" && typeof value === "string") return STAFF_ROLE_WORDS[value] ?? value;
  if (field === "role" && typeof value === "string") return MEMBER_ROLE_WORDS[value] ?? value;
  if (field === "memberTier" && typeof value === "string") return planLabel(value);
  if (field === "subscriptionStatus" && typeof value === "string") return SUBSCRIPTION_STATUS_WORDS[value] ?? value;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * An event's details for people: a change as `Name: "Old" → "New"`, a fact as `Amount: $1,500.00`,
 * separated by "; " (what Activity, the console and the CSV show).
 */
export function auditDetailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([field, value]) => {
      const name = FIELD_NAMES[field] ?? field;
      if (Array.isArray(value) && value.length === 2) {
        return `${name}: “${valueText(field, value[0])}” → “${valueText(field, value[1])}”`;
      }
      return `${name}: ${valueText(field, value)}`;
    })
    .join("; ");
}
