import type { Submission, SubmissionResult } from "@conform-to/react";
import type { Failure } from "./route-kit.server";

/** A domain's refusal of a form: its status and text, shown on one of the form's fields when it names one. */
export type FormFailure = Failure & { field?: string | null };

/** A form handed to its domain call: the call's success with the submission, or the reply the form shows. */
export type FormSubmitted<Value, R> =
  | {
      ok: true;
      result: Extract<R, { ok: true }>;
      submission: Extract<Submission<unknown, string[], Value>, { status: "success" }>;
    }
  | { ok: false; reply: SubmissionResult<string[]>; status: number };

/**
 * A Conform submission handed to one domain call, answered as every settings form answers it: an
 * invalid form is 400 with its field errors; a refusal is its status with its text on the field it
 * names (else the form); a thrown failure (e.g. the database) is logged under `what` and answered
 * 500 with `failureText`, never an error page. Fields in `hideFields` (passwords) are never sent
 * back in a reply that is not a success.
 */
export async function submitForm<Value, R extends { ok: true } | FormFailure>(
  submission: Submission<unknown, string[], Value>,
  run: (value: Value) => Promise<R>,
  options: { what: string; failureText: string; hideFields?: string[] },
): Promise<FormSubmitted<Value, R>> {
  const hideFields = options.hideFields ?? [];
  if (submission.status !== "success") return { ok: false, reply: submission.reply({ hideFields }), status: 400 };
  let result: R;
  try {
    result = await run(submission.value);
  } catch (error) {
    console.error(`${options.what} failed`, error);
    return { ok: false, reply: submission.reply({ formErrors: [options.failureText], hideFields }), status: 500 };
  }
  if (!result.ok) {
    const failure = result as FormFailure;
    const reply = failure.field
      ? submission.reply({ fieldErrors: { [failure.field]: [failure.msg] }, hideFields })
      : submission.reply({ formErrors: [failure.msg], hideFields });
    return { ok: false, reply, status: failure.status };
  }
  return { ok: true, result: result as Extract<R, { ok: true }>, submission };
}
