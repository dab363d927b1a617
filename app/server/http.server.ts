import { z } from "zod";

/** Largest JSON or form body the API accepts (uploads have their own limit and route). */
export const MAX_BODY_BYTES = 64 * 1024;

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** A 303 redirect (after a form post), never cached. */
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
 * The body as UTF-8 text, read with a size bound: a declared or actual size over `maxBytes` throws
 * a 400 `{ msg }` response before more is buffered.
 */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw errorResponse(400, "The request is too large.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw errorResponse(400, "The request is too large.");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Human-readable summary of a Zod error: the first message per field. */
export function describeIssues(error: z.ZodError): { msg: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    errors[key] ??= issue.message;
  }
  const first = error.issues[0];
  return { msg: first ? first.message : "The request is not valid.", errors };
}

/**
 * Reads a JSON body (or an urlencoded form, for no-JS posts) of bounded size and validates it.
 * Malformed JSON, a wrong shape or an oversized body throw a 400 `{ msg }` response.
 */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const text = await readLimitedText(request, MAX_BODY_BYTES);
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown;
  if (type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      raw = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw errorResponse(400, "The request body is not valid JSON.");
    }
  }
  const parsed = schema.safeParse(raw);
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
