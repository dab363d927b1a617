import { wizardDraftCodec, type WizardDraftOf } from "~/lib/shared/wizard-draft";

/** The answers the /create-insight draft keeps (every text and choice of pages 1 and 2). */
export const WIZARD_DRAFT_FIELDS = [
  "category",
  "businessNature",
  "managementStructure",
  "issueDetails",
  "issueCause",
  "resolutionOutcome",
  "resolutionHelp",
  "annualSales",
  "numEmployees",
] as const;

export type WizardDraftField = (typeof WIZARD_DRAFT_FIELDS)[number];

export type WizardDraft = WizardDraftOf<WizardDraftField>;

const codec = wizardDraftCodec({
  name: "create-insight",
  fields: WIZARD_DRAFT_FIELDS,
  // Page 4 (payment or done) is never kept: the draft goes once the request is created.
  draftPage: (page) => (page === 2 || page === 3 ? page : 1),
  // Sales and employees come prefilled from the business, so they alone are not answers.
  prefilled: ["annualSales", "numEmployees"],
});

/** The sessionStorage key of one user's draft for one business (lib/shared/wizard-draft.ts). */
export const wizardDraftKey = codec.key;
/** Parses a stored draft; null when there is none or it is not one of ours. */
export const parseWizardDraft = codec.parse;
/** The draft of the wizard as it is now: only the known answers, as strings. */
export const makeWizardDraft = codec.make;
/** Whether the draft holds anything worth restoring (the prefilled sales and employees alone are not). */
export const draftHasAnswers = codec.hasAnswers;

/** Said above the wizard when it came back with the answers of an earlier visit. */
export const DRAFT_RESTORED_MESSAGE = "We kept your unsent answers. Cancel discards them.";

/** The message naming the files that are gone from the server and must be attached again. */
export function filesToAddAgainMessage(names: readonly string[]): string {
  return `Your draft was restored, but ${names.length === 1 ? "this file needs" : "these files need"} adding again: ${names.join(", ")}.`;
}
