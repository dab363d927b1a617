/**
 * The one registry of notification kinds: every `kind` passed to notify() (or written to the
 * notifications table) is one entry here, with its label, whether its email is essential and the
 * email preference group it belongs to. Essential emails (security, payments, signatures) are
 * always sent and never carry an unsubscribe link. A new kind is one entry.
 */

/** The email preference groups a person can turn off, in the order Settings lists them. */
export const NOTIFICATION_GROUPS = [
  "insights",
  "matching",
  "engagements",
  "messages",
  "events",
  "consultants",
] as const;

export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** The groups each audience's Settings offer (the kinds that reach them). */
export const CLIENT_NOTIFICATION_GROUPS = [
  "insights",
  "matching",
  "engagements",
  "messages",
  "events",
] as const satisfies readonly NotificationGroup[];
export const CONSULTANT_NOTIFICATION_GROUPS = [
  "matching",
  "engagements",
  "messages",
  "consultants",
] as const satisfies readonly NotificationGroup[];
/** Engagement managers: shortlists and declined candidacies, plans to review, messages, consultant applications and profiles. */
export const MANAGER_NOTIFICATION_GROUPS = [
  "matching",
  "engagements",
  "messages",
  "consultants",
] as const satisfies readonly NotificationGroup[];

export type NotificationKindEntry = {
  /** What the kind is, as Settings and the Notifications page may name it. */
  label: string;
  /** Security, payments and signatures: always emailed, never unsubscribable. */
  essential: boolean;
  /** The preference group that turns its email off (unused for essential kinds). */
  group: NotificationGroup;
};

export const NOTIFICATION_KINDS = {
  insight_ready: { label: "Insight ready", essential: false, group: "insights" },
  benchmarking_ready: { label: "Benchmarking report ready", essential: false, group: "insights" },
  event_reminder: { label: "Event reminder", essential: false, group: "events" },
  candidate_proposed: { label: "Candidacy proposed", essential: false, group: "matching" },
  candidate_ready: { label: "Candidate ready", essential: false, group: "matching" },
  candidacy_declined: { label: "Candidacy declined", essential: false, group: "matching" },
  candidacy_withdrawn: { label: "Candidacy withdrawn", essential: false, group: "matching" },
  candidate_withdrawn: { label: "Candidate withdrawn", essential: false, group: "matching" },
  candidate_rejected: { label: "Candidate not chosen", essential: false, group: "matching" },
  consultant_matched: { label: "Consultant matched", essential: false, group: "matching" },
  shortlist_ready: { label: "Shortlist ready", essential: false, group: "matching" },
  shortlist_empty: { label: "No consultant fits", essential: false, group: "matching" },
  plan_submitted: { label: "Engagement plan submitted", essential: false, group: "engagements" },
  plan_approved: { label: "Engagement plan approved", essential: false, group: "engagements" },
  plan_sent_back: { label: "Engagement plan sent back", essential: false, group: "engagements" },
  plan_signed: { label: "Engagement plan signed", essential: true, group: "engagements" },
  plan_rejected: { label: "Engagement plan declined", essential: false, group: "engagements" },
  item_paid: { label: "Deliverable paid", essential: true, group: "engagements" },
  item_delivered: { label: "Deliverable delivered", essential: false, group: "engagements" },
  item_approved: { label: "Deliverable approved", essential: false, group: "engagements" },
  item_revision: { label: "Revision requested", essential: false, group: "engagements" },
  item_paused: { label: "Deliverable paused", essential: false, group: "engagements" },
  // A delivery nobody reviewed (docs/decisions/078): the reminders before the consultant is paid
  // automatically, and the acceptance, are about money: always emailed.
  item_review_reminder: { label: "Deliverable waiting for review", essential: true, group: "engagements" },
  item_accepted_automatically: { label: "Deliverable accepted automatically", essential: true, group: "engagements" },
  // A dispute and its settlement (docs/decisions/079) move or hold money: always emailed.
  item_disputed: { label: "Deliverable disputed", essential: true, group: "engagements" },
  dispute_settled: { label: "Dispute settled", essential: true, group: "engagements" },
  engagement_completed: { label: "Engagement completed", essential: false, group: "engagements" },
  consultant_application: { label: "Consultant application", essential: false, group: "consultants" },
  consultant_profile_submitted: { label: "Consultant profile submitted", essential: false, group: "consultants" },
  profile_changes_requested: { label: "Profile changes requested", essential: false, group: "consultants" },
  profile_approved: { label: "Profile approved", essential: false, group: "consultants" },
  payouts_enabled: { label: "Payouts enabled", essential: true, group: "engagements" },
  item_refunded: { label: "Deliverable refunded", essential: true, group: "engagements" },
  // A declined charge of the card on file (docs/decisions/082): payments, always emailed.
  item_payment_declined: { label: "Payment declined", essential: true, group: "engagements" },
  // Notice ending a retainer (docs/decisions/082): it ends the billing, always emailed.
  retainer_notice_given: { label: "Retainer notice given", essential: true, group: "engagements" },
  // Extra hours on a retainer month (docs/decisions/084): a purchase to decide and its answer.
  extra_hours_requested: { label: "Extra hours to approve", essential: true, group: "engagements" },
  extra_hours_decided: { label: "Extra hours decided", essential: false, group: "engagements" },
  // Coaching sessions (docs/decisions/085): one to confirm, one that did not take place, a month paid out.
  session_held: { label: "Session to confirm", essential: false, group: "engagements" },
  session_missed: { label: "Session did not take place", essential: false, group: "engagements" },
  sessions_settled: { label: "Coaching month paid out", essential: false, group: "engagements" },
  // Automatic refunds of a duplicate payment or subscription (ADR 010): payments, always emailed.
  duplicate_payment_refunded: { label: "Duplicate payment refunded", essential: true, group: "engagements" },
  // The monthly statements emailed on the 1st (docs/decisions/081): payments, always emailed.
  statement_ready: { label: "Monthly statement", essential: true, group: "engagements" },
  earnings_statement_ready: { label: "Monthly earnings statement", essential: true, group: "engagements" },
  duplicate_subscription_canceled: { label: "Second subscription canceled", essential: true, group: "engagements" },
  // Unread messages of a thread, emailed once a few minutes after they were sent (docs/decisions/075).
  message_digest: { label: "Unread messages", essential: false, group: "messages" },
  // The export the person asked for (docs/decisions/069): always emailed, it is what they asked for.
  data_export_ready: { label: "Data export ready", essential: true, group: "engagements" },
  // Calls booked in a conversation (docs/decisions/074), with their calendar file.
  meeting_booked: { label: "Call booked", essential: false, group: "matching" },
  meeting_cancelled: { label: "Call cancelled", essential: false, group: "matching" },
  meeting_reminder: { label: "Call reminder", essential: false, group: "matching" },
} as const satisfies Record<string, NotificationKindEntry>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.prototype.hasOwnProperty.call(NOTIFICATION_KINDS, kind);
}

/**
 * The registry entry of a kind. An unknown kind is treated as essential (its email is sent and
 * carries no unsubscribe link): a kind missing from the registry never silently loses an email.
 */
export function notificationKind(kind: string): NotificationKindEntry {
  return isNotificationKind(kind) ? NOTIFICATION_KINDS[kind] : { label: kind, essential: true, group: "engagements" };
}

export function isNotificationGroup(value: string): value is NotificationGroup {
  return (NOTIFICATION_GROUPS as readonly string[]).includes(value);
}
