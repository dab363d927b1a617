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
// ===== end H3 =====

// ===== H4: deliveries, item reviews, completion, results =====
// ===== end H4 =====
