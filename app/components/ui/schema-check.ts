import type { Submission } from "@conform-to/react";
import type { Constraint } from "@conform-to/dom";
import type { $ZodType } from "zod/v4/core";

/**
 * A form's own Zod schema, the one its action validates with, fetched on demand:
 * `() => import("~/lib/…-schemas").then((module) => module.TheSchema)`.
 */
export type LoadSchema = () => Promise<$ZodType>;

/** The schema's answer for a form's fields, exactly as the action gets it (Conform's parseWithZod). */
export type SchemaCheck = (formData: FormData) => Submission<Record<string, unknown>, string[]>;

/** A schema's `getZodConstraint`, as a form's loader gives it (required, pattern… on the controls). */
export type FormConstraint = Record<string, Constraint>;

/** Field name → its error messages; a field without errors is absent. */
export type FieldErrorMap = Record<string, string[]>;

const ready = new Map<LoadSchema, SchemaCheck>();
const underWay = new Map<LoadSchema, Promise<SchemaCheck>>();

/**
 * Fetches a form's schema and Conform's Zod parser, once per page (ADR 062: Zod stays out of the
 * pages' first load, and the browser checks with the server's own schema). A fetch that fails is
 * tried again the next time it is asked for; meanwhile the form posts and the server answers.
 */
export function loadSchemaCheck(load: LoadSchema): Promise<SchemaCheck> {
  let promise = underWay.get(load);
  if (!promise) {
    promise = Promise.all([import("@conform-to/zod/v4"), load()]).then(([{ parseWithZod }, schema]) => {
      const check: SchemaCheck = (formData) =>
        parseWithZod(formData, { schema }) as Submission<Record<string, unknown>, string[]>;
      ready.set(load, check);
      return check;
    });
    promise.catch(() => underWay.delete(load));
    underWay.set(load, promise);
  }
  return promise;
}

/** The check, when its schema has arrived. */
export function schemaCheckIfReady(load: LoadSchema): SchemaCheck | undefined {
  return ready.get(load);
}

/** A submission's field errors (the form's own errors, under "", left out). */
export function fieldErrorsOf(submission: ReturnType<SchemaCheck>): FieldErrorMap {
  const errors: FieldErrorMap = {};
  if (submission.status !== "error") return errors;
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (name !== "" && messages?.length) errors[name] = messages;
  }
  return errors;
}
