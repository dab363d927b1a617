import * as z from "zod";

/**
 * The drafts the request wizards (/create-insight, /create-match) keep in the tab's sessionStorage,
 * so a reload, the browser's Back and Forward, or a detour to another page loses nothing. One draft
 * per signed-in user and business (`scope`); it carries the wizard's request id (the idempotency
 * key of the submit), the page, the answers and the files already uploaded, and is removed on a
 * successful submit and on Cancel. sessionStorage rather than localStorage: the draft ends with the
 * tab, so answers do not linger on a shared computer. Each wizard names its own answers and its own
 * rule for the page a draft comes back to; the shape and checks are shared here.
 */

export type DraftPage = 1 | 2 | 3;

export type DraftFile = { fileName: string; originalName: string; size: number };

const DraftFileSchema = z.object({
  fileName: z.string().min(1).max(200),
  originalName: z.string().max(500),
  size: z.number().int().nonnegative(),
});

export type WizardDraftOf<Field extends string> = {
  version: 1;
  requestId: string;
  page: DraftPage;
  values: Partial<Record<Field, string>>;
  files: DraftFile[];
};

export function wizardDraftCodec<const Field extends string>(config: {
  /** The storage key's wizard name, e.g. "create-insight". */
  name: string;
  /** The answers the draft keeps. */
  fields: readonly [Field, ...Field[]];
  /** The page a draft keeps for the wizard's current page. */
  draftPage: (page: number) => DraftPage;
  /** Answers that are prefilled, so they alone are not worth restoring. */
  prefilled?: readonly Field[];
}) {
  // Storage is under the page's control, not ours to trust: anything malformed reads as no draft.
  const schema = z.object({
    version: z.literal(1),
    requestId: z.string().min(1).max(100),
    page: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    values: z.partialRecord(z.enum(config.fields), z.string().max(20_000)),
    files: z.array(DraftFileSchema).max(50),
  });
  const prefilled: readonly string[] = config.prefilled ?? [];
  type Draft = WizardDraftOf<Field>;

  return {
    /** The sessionStorage key of one user's draft for one business. */
    key(scope: string): string {
      return `partwise:${config.name}-draft:${scope}`;
    },

    /** Parses a stored draft; null when there is none or it is not one of ours. */
    parse(stored: string | null): Draft | null {
      if (!stored) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(stored));
        return parsed.success ? (parsed.data as Draft) : null;
      } catch {
        return null;
      }
    },

    /** The draft of the wizard as it is now: only the known answers, as strings. */
    make(input: {
      requestId: string;
      page: number;
      values: Record<string, unknown> | undefined;
      files: readonly DraftFile[];
    }): Draft {
      const values: Draft["values"] = {};
      for (const field of config.fields) {
        const value = input.values?.[field];
        if (typeof value === "string") values[field] = value;
      }
      return {
        version: 1,
        requestId: input.requestId,
        page: config.draftPage(input.page),
        values,
        files: input.files.map(({ fileName, originalName, size }) => ({ fileName, originalName, size })),
      };
    },

    /** Whether the draft holds anything worth restoring (a fresh wizard's draft does not). */
    hasAnswers(draft: Draft): boolean {
      return (
        draft.files.length > 0 ||
        draft.page > 1 ||
        config.fields.some((field) => !prefilled.includes(field) && (draft.values[field] ?? "").trim() !== "")
      );
    },
  };
}

/** The tab's sessionStorage, or null where it is unavailable (private modes, storage disabled). */
export function sessionDraftStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
