import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import {
  AreaPageSchema,
  EngagementPageSchema,
  MatchWizardFormSchema,
  SummaryPageSchema,
} from "~/lib/matching/match-schemas";

/**
 * The /create-match wizard's pages: 1 the business area, 2 the engagement type, 3 the summary,
 * 4 the confirm step, 5 the result (success or failure).
 */
export type MatchWizardPage = 1 | 2 | 3 | 4 | 5;
/** The pages a person fills in or confirms; the server can send them back to any of these. */
export type MatchFormPage = 1 | 2 | 3 | 4;

/** A file attached to the request: the stored name the server made and what the person called it. */
export type AttachedMatchFile = { fileName: string; originalName: string; size: number };

/**
 * What the /create-match action answers: `step` keeps the person on a page (a no-JavaScript page
 * turn, or errors to fix; `files` are the attached uploads it knows of), `created` the server's
 * answer for the new request (the client reads its msg, spec §4), `failed` when the request could
 * not be stored (the answers are kept, so Back returns to them).
 */
export type CreateMatchActionData =
  | { kind: "step"; page: MatchFormPage; result: SubmissionResult<string[]>; files: AttachedMatchFile[] }
  | { kind: "created"; msg: string; matchId: string }
  | { kind: "failed"; result: SubmissionResult<string[]>; files: AttachedMatchFile[] };

/**
 * spec §2: the match step bar has three images, step 1, step 3 and complete: page 1 gives step 1,
 * a page after 1 gives step 3, a page after 2 gives complete.
 */
export type MatchStepImage = "step1" | "step3" | "complete";

export function matchStepImageFor(page: MatchWizardPage): MatchStepImage {
  if (page > 2) return "complete";
  if (page > 1) return "step3";
  return "step1";
}

/** The progress label shown as current: the page's own (pages 4 and 5 are past the three). */
export function currentLabelIndex(page: MatchWizardPage): number | null {
  return page <= 3 ? page - 1 : null;
}

const Anything = z.object({});

/**
 * The schema a submit validates on a page, by the button pressed: Back and "I'm not sure" check
 * nothing, Continue its page, Finish the summary, Confirm the whole request.
 */
export function schemaFor(page: MatchWizardPage, intent: unknown) {
  if (intent === "back" || intent === "notsure") return Anything;
  if (intent === "create") return MatchWizardFormSchema;
  if (page === 1) return AreaPageSchema;
  if (page === 2) return EngagementPageSchema;
  return SummaryPageSchema;
}

/** Page number from a posted form value; anything else is page 1. */
export function parseMatchPage(value: unknown): MatchFormPage {
  return value === "2" ? 2 : value === "3" ? 3 : value === "4" ? 4 : 1;
}

/** The page Back goes to: one page down (spec §4), never below 1. */
export function previousPage(page: MatchFormPage): MatchFormPage {
  return page === 4 ? 3 : page === 3 ? 2 : 1;
}

/** Every field the summary and the final post can blame lives on page 3. */
export function pageForErrors(fieldNames: readonly string[]): MatchFormPage {
  if (fieldNames.length === 0) return 4;
  return 3;
}
