import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { FORM_UNREADABLE_MESSAGE } from "~/lib/shared/form-messages";

/**
 * A Conform reply carrying only a form-level error: what a Conform form shows above its fields
 * when its body could not be read at all (no field is blamed, none is cleared). Kept apart from
 * the HTTP kit's http.server.ts so the Worker entry, which imports that module, does not bundle Conform.
 */
export function formErrorReply(message: string = FORM_UNREADABLE_MESSAGE): SubmissionResult<string[]> {
  return parseWithZod(new FormData(), { schema: z.object({}) }).reply({ formErrors: [message] });
}

/** A refusal blaming one field (e.g. a body too large to read, blamed on its files). */
export function fieldErrorReply(field: string, message: string): SubmissionResult<string[]> {
  return parseWithZod(new FormData(), { schema: z.object({}) }).reply({ fieldErrors: { [field]: [message] } });
}

/** The names of the fields a failed submission blames (Conform keeps an empty list for the others). */
export function fieldsWithErrors(errors: Record<string, string[] | null> | null | undefined): string[] {
  return Object.entries(errors ?? {})
    .filter(([, messages]) => (messages?.length ?? 0) > 0)
    .map(([name]) => name);
}
