import { wizardDraftCodec, type WizardDraftOf } from "~/lib/shared/wizard-draft";

/**
 * The /create-match wizard keeps its answers as a draft in the tab's sessionStorage, as the insight
 * wizard does (lib/shared/wizard-draft.ts): one draft per signed-in user and business, with the
 * request id, the page (1 to 3; the confirm step comes back as the summary), the answers and the
 * files already uploaded. Removed once the request is sent and on Cancel.
 */

export const MATCH_DRAFT_FIELDS = ["area", "engagementType", "issueCause", "category", "consultingType"] as const;

export type MatchDraft = WizardDraftOf<(typeof MATCH_DRAFT_FIELDS)[number]>;

const codec = wizardDraftCodec({
  name: "create-match",
  fields: MATCH_DRAFT_FIELDS,
  draftPage: (page) => (page >= 3 ? 3 : page === 2 ? 2 : 1),
});

export const matchDraftKey = codec.key;
export const parseMatchDraft = codec.parse;
/** The draft of the wizard as it is now: only the known answers, as strings; page 4 is kept as 3. */
export const makeMatchDraft = codec.make;
/** Whether the draft holds anything worth restoring (a fresh wizard's draft does not). */
export const matchDraftHasAnswers = codec.hasAnswers;
