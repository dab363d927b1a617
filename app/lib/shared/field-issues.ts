import type * as z from "zod";

/** The field → message map a form shows under its fields. */
export type FieldIssues = Record<string, string>;

/**
 * A Zod error as a form shows it: the first message per field, keyed by the field's path (`body`
 * when the issue is about the whole input). The server's refusals and the browser's checks both
 * read an error this way, so a field says the same thing on both sides.
 */
export function fieldIssues(error: z.ZodError): FieldIssues {
  const issues: FieldIssues = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    issues[key] ??= issue.message;
  }
  return issues;
}
