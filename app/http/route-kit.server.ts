import { errorResponse, jsonResponse } from "./http.server";

/**
 * The small pieces every resource route repeats: the 405 of the methods it does not answer, the
 * plain 404 of pages that must not reveal what exists, and the mapping of a domain result
 * (`{ ok: false, status, msg }`, ADR 019) onto the API's `{ msg }` answer.
 */

/**
 * The handler of the methods a resource route does not answer: 405 `{ msg }` naming the method,
 * with `Allow`. Export it as the route's `loader` (a route that only takes writes) or `action`
 * (a route that only reads).
 */
export function methodNotAllowed(...allow: string[]) {
  return ({ request }: { request: Request }): Response =>
    jsonResponse(
      { msg: `Method ${request.method} is not allowed.` },
      { status: 405, headers: { Allow: allow.join(", ") } },
    );
}

/** The plain-text 404 of pages and previews: the same answer whether the record is missing or not the viewer's. */
export function notFound(headers?: HeadersInit): Response {
  return new Response("Not Found", { status: 404, headers });
}

export type Failure = { ok: false; status: number; msg: string };

/**
 * A domain result as the API's answer: a failure is its status with `{ msg }` (and `extra`, such
 * as the field errors of that failure), a success whatever `onOk` makes of it.
 */
export function resultResponse<R extends { ok: true } | Failure>(
  result: R,
  onOk: (ok: Extract<R, { ok: true }>) => Response,
  extra: (failure: Extract<R, { ok: false }>) => Record<string, unknown> = () => ({}),
): Response {
  if (!result.ok) {
    const failure = result as Extract<R, { ok: false }>;
    return errorResponse(failure.status, failure.msg, extra(failure));
  }
  return onOk(result as Extract<R, { ok: true }>);
}

/**
 * A page action with several forms, told apart by the submit button's `intent`: one function per
 * intent, each given the same `args`; a post with another intent, or none, goes to `otherwise`.
 * The answer's type is the union of what the functions return, so one may redirect and another
 * answer with its form's data.
 */
export function runIntent<Args, Handlers extends Readonly<Record<string, (args: Args) => unknown>>, Result>(
  intent: FormDataEntryValue | null,
  handlers: Handlers,
  otherwise: (args: Args) => Result,
  args: Args,
): ReturnType<Handlers[keyof Handlers]> | Result {
  const handler = typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  return (handler ?? otherwise)(args) as ReturnType<Handlers[keyof Handlers]> | Result;
}
