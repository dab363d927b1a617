import { z } from "zod";

/**
 * The /create-insight wizard keeps its answers as a draft in the tab's sessionStorage, so a
 * reload, the browser's Back and Forward, or a detour to another page loses nothing. One draft
 * per signed-in user and business (`scope`); it carries the wizard's request id (the
 * idempotency key of the submit), the page, the answers and the files already uploaded. It is
 * removed on a successful submit and on Cancel. sessionStorage rather than localStorage: the
 * draft ends with the tab, so answers do not linger on a shared computer.
 */

/** The answers the draft keeps (every text and choice of pages 1 and 2). */
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

const DraftFileSchema = z.object({
  fileName: z.string().min(1).max(200),
  originalName: z.string().max(500),
  size: z.number().int().nonnegative(),
});

// Storage is under the page's control, not ours to trust: anything malformed reads as no draft.
const WizardDraftSchema = z.object({
  version: z.literal(1),
  requestId: z.string().min(1).max(100),
  page: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  values: z.partialRecord(z.enum(WIZARD_DRAFT_FIELDS), z.string().max(20_000)),
  files: z.array(DraftFileSchema).max(50),
});

export type WizardDraft = z.infer<typeof WizardDraftSchema>;

/** The sessionStorage key of one user's draft for one business. */
export function wizardDraftKey(scope: string): string {
  return `partwise:create-insight-draft:${scope}`;
}

/** Parses a stored draft; null when there is none or it is not one of ours. */
export function parseWizardDraft(stored: string | null): WizardDraft | null {
  if (!stored) return null;
  try {
    const parsed = WizardDraftSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The draft of the wizard as it is now: only the known answers, as strings. */
export function makeWizardDraft(input: {
  requestId: string;
  page: number;
  values: Record<string, unknown> | undefined;
  files: readonly { fileName: string; originalName: string; size: number }[];
}): WizardDraft {
  const values: WizardDraft["values"] = {};
  for (const field of WIZARD_DRAFT_FIELDS) {
    const value = input.values?.[field];
    if (typeof value === "string") values[field] = value;
  }
  const page = input.page === 2 || input.page === 3 ? input.page : 1;
  return {
    version: 1,
    requestId: input.requestId,
    page,
    values,
    files: input.files.map(({ fileName, originalName, size }) => ({ fileName, originalName, size })),
  };
}

/** Whether the draft holds anything worth restoring (the prefilled sales and employees alone are not). */
export function draftHasAnswers(draft: WizardDraft): boolean {
  return (
    draft.files.length > 0 ||
    draft.page > 1 ||
    WIZARD_DRAFT_FIELDS.some(
      (field) => field !== "annualSales" && field !== "numEmployees" && (draft.values[field] ?? "").trim() !== "",
    )
  );
}

/** Said above the wizard when it came back with the answers of an earlier visit. */
export const DRAFT_RESTORED_MESSAGE = "We kept your unsent answers. Cancel discards them.";

/** The message naming the files that are gone from the server and must be attached again. */
export function filesToAddAgainMessage(names: readonly string[]): string {
  return `Your draft was restored, but ${names.length === 1 ? "this file needs" : "these files need"} adding again: ${names.join(", ")}.`;
}
