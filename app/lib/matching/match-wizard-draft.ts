import { z } from "zod";

/**
 * The /create-match wizard keeps its answers as a draft in the tab's sessionStorage (as the
 * insight wizard does), so a reload or a detour loses nothing: one draft per signed-in user and
 * business, with the wizard's request id (the submit's idempotency key), the page (1 to 3; the
 * confirm step comes back as the summary), the answers and the files already uploaded. Removed
 * once the request is sent and on Cancel. Storage is the page's to tamper with: anything
 * malformed reads as no draft.
 */

export const MATCH_DRAFT_FIELDS = ["area", "engagementType", "issueCause", "category", "consultingType"] as const;

const MatchDraftSchema = z.object({
  version: z.literal(1),
  requestId: z.string().min(1).max(100),
  page: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  values: z.partialRecord(z.enum(MATCH_DRAFT_FIELDS), z.string().max(20_000)),
  files: z
    .array(
      z.object({
        fileName: z.string().min(1).max(200),
        originalName: z.string().max(500),
        size: z.number().int().nonnegative(),
      }),
    )
    .max(50),
});

export type MatchDraft = z.infer<typeof MatchDraftSchema>;

export function matchDraftKey(scope: string): string {
  return `partwise:create-match-draft:${scope}`;
}

export function parseMatchDraft(stored: string | null): MatchDraft | null {
  if (!stored) return null;
  try {
    const parsed = MatchDraftSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The draft of the wizard as it is now: only the known answers, as strings; page 4 is kept as 3. */
export function makeMatchDraft(input: {
  requestId: string;
  page: number;
  values: Record<string, unknown> | undefined;
  files: readonly { fileName: string; originalName: string; size: number }[];
}): MatchDraft {
  const values: MatchDraft["values"] = {};
  for (const field of MATCH_DRAFT_FIELDS) {
    const value = input.values?.[field];
    if (typeof value === "string") values[field] = value;
  }
  const page = input.page >= 3 ? 3 : input.page === 2 ? 2 : 1;
  return {
    version: 1,
    requestId: input.requestId,
    page,
    values,
    files: input.files.map(({ fileName, originalName, size }) => ({ fileName, originalName, size })),
  };
}

/** Whether the draft holds anything worth restoring (a fresh wizard's draft does not). */
export function matchDraftHasAnswers(draft: MatchDraft): boolean {
  return draft.page > 1 || draft.files.length > 0 || Object.values(draft.values).some((value) => value.trim() !== "");
}
