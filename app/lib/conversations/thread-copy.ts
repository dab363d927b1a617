import type { DisputeOutcome } from "~db/enums";
import { AUTO_ACCEPT_DAYS } from "~/lib/engagements/review-deadlines";
import type { ThreadParty } from "~db/enums";

/** The texts and addresses of conversations (issue #39, docs/decisions/072). */

/** A message's longest text, in characters (the table's CHECK says the same). */
export const MESSAGE_MAX_LENGTH = 5000;

/** How long after sending the author may still change a message. */
export const MESSAGE_EDIT_WINDOW_MS = 10 * 60 * 1000;

/** Messages per page of a thread (older ones behind "Earlier messages"). */
export const THREAD_PAGE_SIZE = 50;

/** "1 unread message", "3 unread messages" (the thread list, the bell's panel). */
export const unreadMessagesText = (count: number) =>
  count === 1 ? "1 unread message" : `${count.toLocaleString("en-US")} unread messages`;

export const THREAD_TEXTS = {
  listTitle: "Messages",
  navLabel: "Messages",
  emptyList: {
    business: "No conversations yet. A conversation opens when a consultant says yes to one of your matches.",
    consultant: "No conversations yet. A conversation opens when an engagement manager proposes you for a match.",
    manager: "No conversations yet. A conversation opens when you propose a consultant for a match.",
  } satisfies Record<ThreadParty, string>,
  managerLists: { label: "Which conversations", mine: "Assigned to me", all: "All conversations" },
  emptyAssigned: "No conversations on the matches assigned to you. All conversations lists every match's.",
  listLimit: (limit: number) => `The ${limit} conversations with the latest activity are shown.`,
  emptyThread: "No messages yet. Ask a question or say hello.",
  messageLabel: "Message",
  send: "Send message",
  sending: "Sending…",
  sent: "Message sent.",
  edit: "Edit",
  editLabel: "Edit your message",
  saveEdit: "Save changes",
  cancelEdit: "Cancel",
  edited: "Message edited.",
  editedMark: "edited",
  attachLabel: "Attach files",
  attachmentsLabel: "Attachments",
  /** Read before an attachment's name by screen readers ("Download Q3 report.pdf"). */
  downloadPrefix: "Download ",
  hide: "Hide message",
  hiddenDone: "Message hidden.",
  hiddenTrace: "A message was hidden by the engagement manager.",
  earlier: "Earlier messages",
  newer: "Back to the latest messages",
  readMark: "Read",
  closed: "This conversation is closed: the candidacy ended without a match. You can still read it.",
  viewerRole: "Your role reads this conversation; an owner, admin or member writes in it.",
  offPlatform: "Payments, signed terms and the engagement manager's help cover only work arranged through Partwise.",
  unreadCount: unreadMessagesText,
  openThread: "Open the conversation",
  threadWith: (name: string) => `Conversation with ${name}`,
  formerMember: "Former member",
  /** A list's last message when the reader wrote it. */
  you: "You",
  partyLabels: {
    business: "Business",
    consultant: "Consultant",
    manager: "Engagement manager",
  } satisfies Record<ThreadParty, string>,
} as const;

/** What a refused message says (Zod messages and the server's refusals). */
export const MESSAGE_REQUIRED_MESSAGE = "Write a message before sending.";
export const MESSAGE_TOO_LONG_MESSAGE = "A message can be at most 5,000 characters.";
export const THREAD_CLOSED_MESSAGE = "This conversation is closed; no more messages can be sent.";
export const EDIT_WINDOW_PASSED_MESSAGE = "A message can only be changed in the 10 minutes after it was sent.";
export const MESSAGE_NOT_FOUND_MESSAGE = "Message not found.";
export const THREAD_NOT_FOUND_MESSAGE = "Conversation not found.";
export const TOO_MANY_ATTACHMENTS_MESSAGE = "Attach at most 5 files to a message.";
export const ATTACHMENTS_TOO_LARGE_MESSAGE = "These files are too large: attach at most 5 files of 16 MB each.";
/** A consultant's or manager's files that do not fit the business's storage (a member reads the Hub's text). */
export const ATTACHMENTS_OVER_QUOTA_MESSAGE =
  "These files would take the business's documents over its plan's storage. Nothing was sent: send a link instead.";
/** The hint under a message's file field. */
export const ATTACHMENTS_HINT =
  "Optional: up to 5 files of 16 MB each (.pdf, .png, .jpg, .csv, .doc, .docx, .xls, .xlsx, .odt, .ods, .odg). Everyone in this conversation can download them; they cannot be removed once sent.";

/** Where each side lists its threads and opens one. */
export const THREAD_LIST_PATHS = {
  business: "/messages",
  consultant: "/consultant/messages",
  manager: "/manage/messages",
} as const satisfies Record<ThreadParty, string>;

export const threadPath = (party: ThreadParty, threadId: string) =>
  `${THREAD_LIST_PATHS[party]}/${encodeURIComponent(threadId)}`;

/** Where a message's attachment downloads from, for every side (docs/decisions/076). */
export const attachmentPath = (threadId: string, fileName: string) =>
  `/api/threads/${encodeURIComponent(threadId)}/attachments/${encodeURIComponent(fileName)}`;

/**
 * Contact details in a message before the plan is signed (issue #39 item 7): an email address, or
 * a phone number of 10 digits or more. The thread then shows both sides THREAD_TEXTS.offPlatform;
 * nothing is blocked or rewritten.
 */
export function carriesContactDetails(body: string): boolean {
  if (/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/.test(body)) return true;
  for (const match of body.matchAll(/\+?\d[\d\s().-]{8,}\d/g)) {
    if (match[0].replace(/\D/g, "").length >= 10) return true;
  }
  return false;
}

/** A message's text cut into plain text and web links (http and https only), for safe rendering. */
export type MessagePart = { kind: "text"; text: string } | { kind: "link"; href: string; text: string };

export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    // A sentence's closing punctuation is not part of the address.
    const href = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: "text", text: body.slice(last, start) });
    parts.push({ kind: "link", href, text: href });
    last = start + href.length;
  }
  if (last < body.length) parts.push({ kind: "text", text: body.slice(last) });
  return parts;
}

/** The thread of a consultant on a match, for pages that know those rather than the candidacy. */
export const threadOfMatchPath = (party: ThreadParty, matchRequestId: string, consultantId: string) =>
  `${THREAD_LIST_PATHS[party]}/match/${encodeURIComponent(matchRequestId)}/${encodeURIComponent(consultantId)}`;

/** The link to a thread from a page about the person: "Message Marcus". */
export const messageLabel = (firstName: string) => (firstName.trim() ? `Message ${firstName.trim()}` : "Messages");

/** An engagement's event as its thread shows it in line (kinds of engagement-events.server.ts). */
export function engagementEventText(event: {
  kind: string;
  version: number | null;
  title: string | null;
  who: string | null;
}): string {
  const item = `“${event.title ?? ""}”`;
  switch (event.kind) {
    case "plan_sent":
      return `Version ${event.version ?? 1} of the plan was sent for the engagement manager's review.`;
    case "plan_approved":
      return `The engagement manager approved version ${event.version ?? 1} of the plan.`;
    case "plan_signed":
      return `${event.who ?? "The business"} signed version ${event.version ?? 1} of the statement of work.`;
    case "item_paid":
      return `The deliverable ${item} was prepaid.`;
    case "item_delivered":
      return `The deliverable ${item} was delivered.`;
    case "item_approved":
      return `The business accepted the deliverable ${item}.`;
    case "item_revision":
      return `The business asked for changes to the deliverable ${item}.`;
    // Nobody reviewed it within the days of docs/decisions/078: the daily run accepted it.
    case "item_accepted_automatically":
      return `The deliverable ${item} was accepted automatically: nobody reviewed it within ${AUTO_ACCEPT_DAYS} days of its delivery.`;
    // A dispute (docs/decisions/079): the business's reason, which the consultant answers here.
    case "item_disputed":
      return `The business opened a dispute over the deliverable ${item}: “${event.who ?? ""}” The consultant can answer here; the engagement manager will settle it.`;
    case "dispute_settled":
      return `The engagement manager settled the dispute over the deliverable ${item}: ${DISPUTE_OUTCOME_WORDS[event.who as DisputeOutcome] ?? "see the deliverable"}. The decision is on the deliverable.`;
    default:
      return "";
  }
}

/** A settled dispute's outcome in the conversation's line. */
const DISPUTE_OUTCOME_WORDS: Readonly<Record<DisputeOutcome, string>> = {
  release: "the consultant is paid in full",
  refund: "the business is refunded in full",
  split: "part is refunded to the business and the rest pays the consultant and the platform fee",
};
