/**
 * What people read about engagements: the spec's texts (spelling fixed) and ours, in one place so
 * the pages, the API answers, the emails and the tests say the same thing.
 */

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
export const PAID_ITEM_LOCKED = "Paid for: this deliverable stays as agreed.";
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
// ===== end H2 =====

// ===== H3: the business's engagement views =====
// ===== end H3 =====

// ===== H4: deliveries, item reviews, completion, results =====
// ===== end H4 =====
