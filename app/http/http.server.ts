import * as z from "zod";
import { fieldIssues } from "~/lib/shared/field-issues";
import { FORM_UNREADABLE_MESSAGE } from "~/lib/shared/form-messages";
import { contentDisposition } from "~/lib/files/file-rules";

/** Largest JSON or form body the API accepts (uploads have their own limit and route). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Largest body of any request but a file upload. The Worker entry refuses more, counting the bytes
 * of a body sent without a Content-Length; page forms are read up to this size.
 */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export const REQUEST_TOO_LARGE_MESSAGE = "The request is too large.";
export { FORM_UNREADABLE_MESSAGE };

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** A 303 redirect (after a form post), never cached. */
/**
 * The `Retry-After` header (seconds) of an answer refused for too many attempts (429): a result
 * with another status, or no wait, adds nothing.
 */
export function retryAfter(result: { status: number; retryAfterSeconds?: number | null }): Record<string, string> {
  return result.status === 429 && result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
}

/**
 * A stored file as a download: its own Content-Type, an attachment disposition under its name,
 * never sniffed, never cached (every file download of the product answers this way).
 */
export function downloadResponse(file: { body: BodyInit; contentType: string; name: string }): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

/** An error answer in the spec's `{ msg }` shape. Thrown from guards and parsers, caught by Remix. */
export function errorResponse(
  status: number,
  msg: string,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  return jsonResponse({ msg, ...extra }, { status, headers });
}

/**
 * The body's bytes, counted as they arrive: null as soon as more than `maxBytes` came (the rest is
 * not read), whatever the Content-Length said or whether there was one.
 */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body as UTF-8 text, read with a size bound: a declared or actual size over `maxBytes` throws
 * a 400 `{ msg }` response before more is buffered.
 */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw errorResponse(400, REQUEST_TOO_LARGE_MESSAGE);
  const bytes = await readLimitedBytes(request, maxBytes);
  if (!bytes) throw errorResponse(400, REQUEST_TOO_LARGE_MESSAGE);
  return new TextDecoder().decode(bytes);
}

/**
 * A stream that passes bytes through until more than `maxBytes` have gone by, then fails. Counting
 * as the bytes arrive is the only bound for a body sent without a Content-Length (chunked).
 */
export function byteLimit(
  maxBytes: number,
  onExceeded: () => void = () => {},
): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        onExceeded();
        controller.error(new RangeError(REQUEST_TOO_LARGE_MESSAGE));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
type FormType = (typeof FORM_TYPES)[number];

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; msg: string };

/**
 * The one reader of every form a page action (or the upload API) receives. A urlencoded or
 * multipart body of at most `maxBytes` comes back as FormData; anything else is an answer for the
 * action to give in its own shape, never an exception: another media type (JSON, text, none) is
 * 415, an empty or broken body 400, and a body over the limit 413 (declared or counted).
 *
 * Files aside, every form has the same 1 MB cap (ADR 013): a form that takes files gives
 * `multipartMaxBytes`, the larger limit of a multipart body (its files), while any other body to
 * it stays under `maxBytes`; and the text fields of a multipart body, together, under
 * MAX_REQUEST_BYTES.
 */
export async function readForm(
  request: Request,
  {
    maxBytes = MAX_REQUEST_BYTES,
    multipartMaxBytes = maxBytes,
    accept = FORM_TYPES,
  }: { maxBytes?: number; multipartMaxBytes?: number; accept?: readonly FormType[] } = {},
): Promise<FormBody> {
  const unreadable = (status: 400 | 415): FormBody => ({ ok: false, status, msg: FORM_UNREADABLE_MESSAGE });
  const tooLarge: FormBody = { ok: false, status: 413, msg: REQUEST_TOO_LARGE_MESSAGE };
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!(accept as readonly string[]).includes(mediaType)) return unreadable(415);
  const limit = isMultipartRequest(request) ? multipartMaxBytes : maxBytes;
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= limit)) return tooLarge;
  if (!request.body) return unreadable(400);
  let exceeded = false;
  const counted = request.body.pipeThrough(byteLimit(limit, () => (exceeded = true)));
  let form: FormData;
  try {
    // The original header: a multipart boundary is case-sensitive.
    form = await new Response(counted, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return exceeded ? tooLarge : unreadable(400);
  }
  if (limit > MAX_REQUEST_BYTES && textBytesOf(form) > MAX_REQUEST_BYTES) return tooLarge;
  return { ok: true, form };
}

/** The bytes of a form's text fields (names and values, UTF-8); files do not count. */
function textBytesOf(form: FormData): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const [name, value] of form) {
    total += encoder.encode(name).byteLength;
    if (typeof value === "string") total += encoder.encode(value).byteLength;
  }
  return total;
}

/** Whether the request's body is a multipart form (the only kind that may carry files). */
export function isMultipartRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/** Human-readable summary of a Zod error: the first message per field. */
export function describeIssues(error: z.ZodError): { msg: string; errors: Record<string, string> } {
  const first = error.issues[0];
  return { msg: first ? first.message : "The request is not valid.", errors: fieldIssues(error) };
}

/** A 400's `{ msg, errors? }` in the shape an endpoint answers its refusals in. */
export type BodyErrorFormatter = (error: { msg: string; errors?: Record<string, string> }) => unknown;

/**
 * Reads a JSON body (or an urlencoded form, for no-JS posts) of bounded size and validates it.
 * Malformed JSON, a wrong shape or an oversized body throw a 400 `{ msg }` response (`errors`
 * names each invalid field), or a 400 of whatever `format` makes of it for an endpoint whose
 * refusals have another shape.
 */
export async function readBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  format?: BodyErrorFormatter,
): Promise<z.infer<T>> {
  const refuse = (msg: string, errors?: Record<string, string>): Response =>
    format
      ? jsonResponse(format(errors ? { msg, errors } : { msg }), { status: 400 })
      : errorResponse(400, msg, errors ? { errors } : {});
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw refuse(REQUEST_TOO_LARGE_MESSAGE);
  const bytes = await readLimitedBytes(request, MAX_BODY_BYTES);
  if (!bytes) throw refuse(REQUEST_TOO_LARGE_MESSAGE);
  const text = new TextDecoder().decode(bytes);
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown;
  if (type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      raw = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw refuse("The request body is not valid JSON.");
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    throw refuse(msg, errors);
  }
  return parsed.data;
}

/**
 * A page form validated with a Zod schema, for actions whose page shows no per-field errors (a
 * button that posts fixed values): an unreadable body throws its 400/413/415 `{ msg }`, an
 * invalid form a 400 `{ msg, errors }`, which the error page shows.
 */
export async function readFormAs<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const body = await readForm(request);
  if (!body.ok) throw errorResponse(body.status, body.msg);
  const parsed = schema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    throw errorResponse(400, msg, { errors });
  }
  return parsed.data;
}

/** Only these methods reach an action; anything else gets 405 with an Allow header. */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (!methods.includes(request.method)) {
    throw new Response(JSON.stringify({ msg: `Method ${request.method} is not allowed.` }), {
      status: 405,
      headers: { Allow: methods.join(", "), "Content-Type": "application/json; charset=utf-8" },
    });
  }
}
