/**
 * What people read about engagements: the spec's texts (spelling fixed) and ours, in one place so
 * the pages, the API answers, the emails and the tests say the same thing.
 */
import { AUTO_ACCEPT_DAYS } from "./review-deadlines";

// The business's plan review (spec §4 "Engagement plan review", §8 error catalogue).
export const OUTLINE_REVIEW_SENT = "Your outline review has been sent!";
export const OUTLINE_REVIEW_FAILED = [
  "An error has occurred",
  "The outline review has not been sent.",
  "Please try again later.",
] as const;
export const REVIEW_CONFIRMATION_REQUIRED = "Please confirm that you have read the plan.";
export const SIGNATURE_FIRST_NAME_REQUIRED = "Please enter your first name.";
export const SIGNATURE_LAST_NAME_REQUIRED = "Please enter your last name.";
export const SIGNATURE_DATE_REQUIRED = "Please enter the signature date.";
export const REJECTION_NOTES_REQUIRED = "Please tell your consultant what should change.";
export const PLAN_REVIEW_OUT_OF_TURN = "This plan is not waiting for your decision.";

// Delivery items (spec §4 "Delivery items", §8).
export const ITEM_UPDATE_FAILED_TITLE = "Something went wrong.";
export const ITEM_UPDATE_FAILED =
  "An error occurred while updating this delivery item. An Engagement Manager will contact you soon.";
export const ITEM_REVIEW_OUT_OF_TURN = "This deliverable is not waiting for your review.";
export const REVISION_NOTES_REQUIRED = "Please tell your consultant what should be revised.";
export const DELIVERY_CONGRATULATIONS = "Your consultant is working on solving your issue and will touch base soon!";
export const NOTHING_TO_PREPAY = "There is no deliverable to prepay right now.";

// Lists (spec §2 /features Engagements).
export const NO_ACTIVE_ENGAGEMENTS = "No Active Engagements";
export const NO_COMPLETED_ENGAGEMENTS = "No Completed Engagements";
export const VIEW_PROJECT_PLAN = "View Project Plan";
export const HIDE_PROJECT_PLAN = "Hide Project Plan";
export const COMPLETED_ITEMS = "Completed Items";

export const OUTLINE_NOT_FOUND = "Engagement plan not found.";
export const ITEM_NOT_FOUND = "Deliverable not found.";

// The consultant's plan editor.
export const PLAN_SAVED = "Your draft plan is saved.";
export const PLAN_SUBMITTED = "Your plan was sent to the engagement manager for review.";
export const PLAN_NOT_EDITABLE = "This plan cannot be changed right now.";
export const PLAN_NEEDS_ITEMS = "Add at least one deliverable before sending the plan.";
export const PLAN_NEEDS_OVERVIEW = "Write an overview before sending the plan.";
export const ITEM_TITLE_REQUIRED = "Please enter a title.";
export const ITEM_DATE_REQUIRED = "Please enter a delivery date.";
export const ITEM_PRICE_REQUIRED = "Please enter a price in USD.";
export const ITEM_PRICE_INVALID = "Enter a price between $1 and $1,000,000.";

// The consultant's delivery.
export const DELIVERY_SUMMARY_REQUIRED = "Please summarise the work you delivered.";
export const DELIVERY_CONFIRMED = "Delivery confirmed. The business has been asked to review it.";
export const DELIVERY_OUT_OF_TURN = "This deliverable is not waiting for delivery.";

// The manager's review.
export const PLAN_APPROVED = "Plan approved. The business has been asked to review and sign it.";
export const PLAN_SENT_BACK = "Plan sent back to the consultant with your notes.";
export const MANAGER_NOTES_REQUIRED = "Please write what the consultant should change.";
export const PLAN_REVIEW_NOT_PENDING = "This plan is not waiting for a manager's review.";
export const NOTE_REQUIRED = "Please write the note.";
export const NOTE_SAVED = "Note saved.";
export const VERBAL_APPROVAL_SAVED = "Verbal approval recorded.";

// ===== H1: drafting and the console (add texts between these lines) =====
export const PLAN_CHANGED_MEANWHILE = "This plan was changed meanwhile. Reload the page to see the latest version.";
export const PLAN_ACTION_UNKNOWN = "That action is not available on this page.";
export const DRAFT_THE_PLAN = "Draft the plan";
export const OPEN_THE_ENGAGEMENT = "Open the engagement";
export const PLANS_TO_DRAFT = "Plans to draft";
export const PLANS_TO_DRAFT_HINT =
  "The business chose you. Write the engagement plan: an overview and the deliverables with dates and prices.";
export const YOUR_ENGAGEMENTS = "Your engagements";
export const START_THE_PLAN = "Start the plan";
export const UNTITLED_PLAN = "Untitled plan";
export const NO_NEXT_DELIVERY = "None scheduled";
export const CONFIRM_DELIVERY = "Confirm delivery";
export const MANAGER_NOTES_HEADING = "The engagement manager's notes";
export const BUSINESS_NOTES_HEADING = "The business's notes";
/** Above the plan's paid deliverables: they can no longer be changed. */
export const paidItemsLocked = (count: number) =>
  count === 1 ? "Paid for: this deliverable stays as agreed." : "Paid for: these deliverables stay as agreed.";
export const PLAN_EDIT_AFTER_SIGNATURE =
  "The business signed this plan. A change goes to the engagement manager first and then needs the business's new signature.";
export const MANAGER_ENGAGEMENTS_EMPTY = "No engagements match this view.";
export const NO_NOTES_YET = "No notes or verbal approvals yet.";

/** Where the plan stands, as the consultant and the manager read it. */
export const PLAN_STAGE_LABELS = {
  draft: "Draft (not sent yet)",
  manager_review: "Waiting for the engagement manager's review",
  sent_back: "Sent back by the engagement manager",
  business_review: "Waiting for the business's decision",
  rejected: "Rejected by the business",
  signed: "Signed by the business",
  complete: "Complete",
} as const;

export const ITEM_STATUS_LABELS = {
  upcoming: "Upcoming",
  awaiting_payment: "Awaiting payment",
  active: "In progress",
  delivered: "Delivered",
  revision: "In revision",
  approved: "Approved",
  paused: "Paused",
} as const;

// The notifications of drafting and review.
export const PLAN_SUBMITTED_NOTICE = {
  title: "An engagement plan is waiting for your review",
  action: "Review the plan",
  footer: "You receive this email because you are an engagement manager at Partwise.",
} as const;
export const PLAN_SENT_BACK_NOTICE = {
  title: "Your engagement plan was sent back",
  action: "Open the plan",
  footer: "You receive this email because you are drafting this engagement plan on Partwise.",
} as const;
export const PLAN_APPROVED_BUSINESS_NOTICE = {
  title: "Your engagement plan is ready for review",
  action: "Review the plan",
  footer: "You receive this email because your business has an engagement on Partwise.",
} as const;
export const PLAN_APPROVED_CONSULTANT_NOTICE = {
  title: "Your engagement plan was approved",
  action: "Open the plan",
  footer: "You receive this email because you are drafting this engagement plan on Partwise.",
} as const;
// ===== end H1 =====

// ===== H2: signing and the statement of work =====
export const PLAN_REVIEW_HEADING = "Review the engagement plan";
export const PLAN_REJECT_LABEL = "Reject";
export const PLAN_ACCEPT_LABEL = "Accept";
export const PLAN_REVIEW_CONFIRMATION =
  "I have read the plan, the Form of Statement of Work and the Work Schedule and Deliverables.";
export const PLAN_ACCEPT_EXPLAINER =
  "Typing your name signs the Statement of Work for this version of the plan. A copy is kept as a PDF you can download.";
export const PLAN_REJECT_EXPLAINER =
  "Tell your consultant what should change. They will revise the plan and send it to you again.";
export const PLAN_SIGN_SUBMIT = "Sign and accept";
export const PLAN_REJECT_SUBMIT = "Send my notes";
export const SIGNED_STATEMENTS_HEADING = "Signed statements of work";
export const NO_SIGNED_STATEMENTS = "No statement of work has been signed yet.";
export const DOWNLOAD_SOW_LABEL = "Download PDF";
export const PLAN_SIGNED_TITLE = "The engagement plan was signed";
export const planSignedBody = (businessName: string, title: string, version: number) =>
  `${businessName} accepted and signed "${title}" (version ${version}). The engagement is active.`;
export const PLAN_REJECTED_TITLE = "The business asked for changes to the plan";
export const planRejectedBody = (businessName: string, title: string, version: number) =>
  `${businessName} did not accept "${title}" (version ${version}) and left notes on what should change.`;
export const SOW_NOT_VERIFIED = "This statement of work could not be verified. Please contact your engagement manager.";
// ===== end H2 =====

// ===== H3: the business's engagement views =====
export const ENGAGEMENT_NOT_FOUND = "We couldn't find that engagement.";
export const PLAN_CHANGE_AWAITING_MANAGER =
  "Your consultant changed the plan. An engagement manager is reviewing the change; you will be asked to review and sign it once it is approved. Until then you see the deliverables you have paid for.";
export const NO_ENGAGEMENTS_YET = "You have no engagements yet.";
export const NO_DELIVERABLES = "No deliverables yet.";
export const NO_OPEN_DELIVERABLES = "Every deliverable is complete.";
export const NEXT_STEP_REVIEW_PLAN = "Review and sign your engagement plan.";
export const NEXT_STEP_REVIEW_ITEM = "Review the deliverable your consultant delivered.";
export const NEXT_STEP_PREPAY = "Prepay the next deliverable to continue.";
export const NOTHING_TO_DO = "Nothing waits for you right now.";
/**
 * The next steps as a member whose role cannot take them reads them (docs/decisions/071): the
 * signer's sentences above stay for who may act.
 */
export const NEXT_STEP_WAITING_REVIEW_PLAN = "Your engagement plan waits for an owner or admin to sign it.";
export const NEXT_STEP_WAITING_REVIEW_ITEM =
  "A delivered deliverable waits for an owner, admin or member to review it.";
export const NEXT_STEP_WAITING_PREPAY = "The next deliverable waits for an owner or admin to prepay it.";
export const NO_CONSULTANT = "Your consultant's profile is not available.";
export const PLAN_UNAVAILABLE = "The engagement plan is not available.";
// ===== end H3 =====

// ===== H4: deliveries, item reviews, completion, results =====
// Prepayment refusals (the item purchasable's describe): only nextItemToPrepay may be paid.
export const PREPAY_NEEDS_SIGNATURE = "The current plan must be signed before a deliverable can be prepaid.";
export const PREPAY_ITEM_IN_PROGRESS = "Finish the deliverable in progress before prepaying the next one.";
export const PREPAY_OUT_OF_ORDER = "Deliverables are prepaid in plan order: prepay the first unpaid one.";
export const PREPAY_ENGAGEMENT_COMPLETE = "This engagement is complete: there is nothing left to prepay.";
export const PREPAY_LABEL = "Prepay";
export const DELIVERY_PAYMENT_BACK = "Back to the engagement";

// The business's review of a delivered item.
export const ITEM_REVIEW_TITLE = "Review this deliverable";
export const ITEM_REVIEW_BUTTON = "Review";
export const ITEM_REVIEW_CONFIRM = "Confirm";
export const ITEM_DECISION_LABELS = {
  prepay: "Accept and prepay the next deliverable",
  pause: "Accept and pause the next deliverable",
  revise: "Reject and ask for a revision",
} as const;
export const ITEM_DECISION_LABEL_LAST = "Accept and complete the engagement";
export const ITEM_REVIEW_NOTES_LABEL = "Notes for your consultant";
/** Before what charging the card on file came to, after "Accept and prepay the next deliverable" (ADR 082). */
export const ITEM_ACCEPTED = "Deliverable accepted.";
export const ITEM_REVIEW_SENT = {
  prepay: "Deliverable accepted. Opening the payment of the next deliverable…",
  pause: "Deliverable accepted. The engagement is paused until you prepay the next deliverable.",
  revise: "Your revision request was sent to your consultant.",
  complete: "Deliverable accepted. Your engagement is complete!",
} as const;
export const ITEM_AWAITING_DELIVERY = "Your consultant is working on this deliverable.";
export const ITEM_IN_REVISION = "Your consultant is revising this deliverable.";
export const ENGAGEMENT_PAUSED = "The engagement is paused. Prepay the next deliverable to continue.";
/** The pause as a member who may not pay reads it (docs/decisions/071). */
export const ENGAGEMENT_PAUSED_WAITING =
  "The engagement is paused until an owner or admin prepays the next deliverable.";
/** A delivery waiting for a review, as a member who may not review reads its status (docs/decisions/071). */
export const ITEM_AWAITING_REVIEW_TEXT = "Delivered: awaiting your review";
export const ITEM_AWAITING_REVIEW_BY_OTHERS = "Delivered: awaiting a review by an owner, admin or member";
export const DELIVERED_SUMMARY_HEADING = "Summary of work";
export const DELIVERED_FILES_HEADING = "Files";
export const NO_DELIVERED_FILES = "No files were attached.";

// The consultant's delivery page.
export const DELIVERY_PAGE_EYEBROW = "Deliverable";
export const DELIVERY_REVISION_NOTES_HEADING = "The business asked for a revision";
export const DELIVERY_FILES_LABEL = "Files (optional)";
export const DELIVERY_SUMMARY_LABEL = "Summary of work";
export const DELIVERY_SUBMIT = "Confirm delivery";
export const DELIVERY_AWAITING_REVIEW = "Delivered. The business is reviewing this deliverable.";
/** A delivery waiting for review, to the business: when it is accepted without one (docs/decisions/078). */
export const ITEM_ACCEPTS_AUTOMATICALLY_BEFORE = "If nobody reviews it, it is accepted automatically on";
export const ITEM_ACCEPTS_AUTOMATICALLY_AFTER = "and the consultant is paid; the next deliverable is not prepaid.";
/** The same, for the last deliverable: accepting it completes the engagement. */
export const ITEM_ACCEPTS_AUTOMATICALLY_AFTER_LAST = "and the consultant is paid; the engagement is then complete.";
/** The same, to the consultant. */
export const DELIVERY_ACCEPTS_AUTOMATICALLY_BEFORE =
  "If the business does not review it, it is accepted automatically on";
export const DELIVERY_ACCEPTS_AUTOMATICALLY_AFTER = "and your payment for it is released.";
/** The same, to the engagement manager. */
export const MANAGER_ACCEPTS_AUTOMATICALLY_BEFORE = "Waiting for the business's review; accepted automatically on";
export const MANAGER_ACCEPTS_AUTOMATICALLY_AFTER = "if nobody reviews it.";
export const DELIVERY_NOT_PAID = "This deliverable is not paid yet: you can deliver it once the business prepays it.";
export const DELIVERY_APPROVED = "The business approved this deliverable.";
export const DELIVERY_ACCEPTED_AUTOMATICALLY = `Accepted automatically: the business did not review this deliverable within ${AUTO_ACCEPT_DAYS} days of its delivery.`;
/** An item the daily run approved, as its status (docs/decisions/078). */
export const ITEM_ACCEPTED_AUTOMATICALLY_LABEL = `Accepted automatically (not reviewed within ${AUTO_ACCEPT_DAYS} days)`;
/** The same as the console's badge. */
export const ITEM_ACCEPTED_AUTOMATICALLY_BADGE = "Accepted automatically";
/**
 * A coaching month paid out when its sessions settled (docs/decisions/085): nobody reviews it, so
 * it was not "accepted automatically" for want of a review. Its status and badge.
 */
export const ITEM_SETTLED_BY_SESSIONS_LABEL = "Settled by its sessions";
/** Before the business's own words on approving it. */
export const DELIVERY_APPROVAL_NOTES = "The business's note:";
export const DELIVERY_TOO_MANY_FILES = "Attach at most 10 files.";

// Notifications.
export const NOTICE_ITEM_PAID = "A deliverable was prepaid";
export const NOTICE_ITEM_DELIVERED = "Your consultant delivered a deliverable";
export const NOTICE_ITEM_APPROVED = "A deliverable was approved";
export const NOTICE_ITEM_REVISION = "A deliverable needs a revision";
export const NOTICE_ITEM_PAUSED = "An engagement was paused";
export const NOTICE_ENGAGEMENT_COMPLETED = "An engagement is complete";
export const NOTICE_ITEM_REVIEW_REMINDER = "A deliverable is waiting for your review";
export const NOTICE_ITEM_ACCEPTED_AUTOMATICALLY = "A deliverable was accepted automatically";

// Completion and rating.
export const RATE_CONSULTANT_TITLE = "Rate your consultant";
export const RATE_CONSULTANT_LEGEND = "How satisfied are you with your consultant?";
export const RATE_CONSULTANT_PLACEHOLDER = "What went well, and what could have gone better?";
export const RATE_CONSULTANT_SUBMIT = "Send rating";
export const RATE_CONSULTANT_SENDING = "Sending…";
export const RATE_CONSULTANT_THANKS = "Thank you for rating your consultant.";
export const YOUR_RATING = "Your rating";
export const ratingText = (stars: number) => `${stars} of 5 stars`;
export const RATE_NOT_YET = "You can rate your consultant once the engagement is complete.";
export const ENGAGEMENT_COMPLETE_TEXT = "This engagement is complete.";

// Before/after results.
export const RESULTS_TITLE = "Results";
export const RESULTS_NO_BOOKS = "Connect your books to see this engagement's before and after.";
export const RESULTS_NOT_ENOUGH_MONTHS = "Not enough months of books yet to compare before and after this engagement.";
export const RESULTS_BEFORE = "Before";
export const RESULTS_SINCE = "Since the start";
export const RESULTS_METRICS = {
  revenue: "Average monthly revenue",
  netMargin: "Net margin",
  revenuePerEmployee: "Monthly revenue per employee",
} as const;
// ===== end H4 =====

// ===== issue #36 (ADR 049): dates, the business's rejection, failed sends, versions, deliveries =====
export const ITEM_DATE_PAST = "This delivery date has passed. Choose today or a later date.";
export const PLAN_HAS_PAST_DATES =
  "Your plan was not sent: a delivery date has passed. Choose today or a later date, then send it again.";
/** The manager's approval refused: `items` as "deliverable 2, “Hiring routine” (Jan 15, 2020)". */
export const planPastDatesRefusal = (items: readonly string[]) =>
  `This plan cannot be approved: ${items.join("; ")} ${items.length === 1 ? "is" : "are"} dated in the past. Send it back so the consultant can set new dates.`;
export const OVERDUE_LABEL = "Overdue";

/** The plan editor's answer when the server did not answer (or failed) on a save or a send. */
export const PLAN_SEND_FAILED = {
  submit:
    "Your plan was not sent: Partwise did not answer. Your edits are still in the form; send it again in a moment. If the page then says the plan cannot be changed, it had arrived: reload the page to see it.",
  save: "Your draft was not saved: Partwise did not answer. Your edits are still in the form; save it again in a moment.",
} as const;

export const CHANGES_REQUESTED_TITLE = "You asked for changes";
export const CHANGES_REQUESTED_NOTES = "Your notes to your consultant";
export const CHANGES_REQUESTED_NEXT =
  "Your consultant is revising the plan. Once an engagement manager approves the new version, you will be asked to review it.";

export const planChangesHeading = (from: number, to: number) => `What changed from version ${from} to ${to}`;
export const PLAN_NO_CHANGES = "Nothing changed in the title, the overview or the deliverables.";
export const planPreviousUnknown = (version: number) =>
  `Version ${version} was sent before Partwise kept each version, so what changed cannot be shown.`;

/** A delivery of an item, with the date its files came. */
export const deliveryRoundLabel = (round: number, date: string) => `Delivery ${round} · ${date}`;
// ===== end issue #36 =====
