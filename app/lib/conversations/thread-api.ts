// The conversations JSON API's query schema and texts (docs/decisions/075), apart from
// thread-schemas.ts so nothing the pages load in the browser grows.
import * as z from "zod";

/** The `{threadId}` of every conversations API path, as the OpenAPI contract describes it. */
export const THREAD_ID_PARAM = { name: "threadId", description: "The thread's id (its match candidacy's)." } as const;

/** The most messages one page of GET /api/threads/{threadId}/messages answers, and its default. */
export const API_MESSAGES_MAX_LIMIT = 100;
export const API_MESSAGES_DEFAULT_LIMIT = 50;

export const MESSAGES_CURSOR_MESSAGE = "The cursor is not valid: pass the nextCursor of the page before.";
export const MESSAGES_LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${API_MESSAGES_MAX_LIMIT}.`;

/**
 * GET /api/threads/{threadId}/messages query: `before`, the nextCursor of the page before (the
 * created_at in ms and the id of its oldest message, "1764489600000.3f2a…"), and `limit`.
 */
export const ThreadMessagesQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}\.[0-9A-Za-z-]{1,64}$/, MESSAGES_CURSOR_MESSAGE)
    .optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, MESSAGES_LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, MESSAGES_LIMIT_MESSAGE).max(API_MESSAGES_MAX_LIMIT, MESSAGES_LIMIT_MESSAGE))
    .optional(),
});
