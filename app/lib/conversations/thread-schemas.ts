import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED_MESSAGE, MESSAGE_TOO_LONG_MESSAGE } from "./thread-copy";
import { BookMeetingSchema, CancelMeetingSchema, DeclineMeetingSchema, ProposeMeetingSchema } from "./meeting-schemas";

/** A message's text: trimmed, not empty, at most MESSAGE_MAX_LENGTH characters. */
const MessageBody = z
  .string({ error: MESSAGE_REQUIRED_MESSAGE })
  .trim()
  .min(1, MESSAGE_REQUIRED_MESSAGE)
  .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE);

const MessageId = z.string().trim().min(1).max(64);

/** A thread page's forms, told apart by the submit button's `intent`. */
export const ThreadActionSchema = z.discriminatedUnion("intent", [
  // `key`: the form's one-time id, made when the page was rendered (a second submit adds nothing).
  z.object({ intent: z.literal("send"), key: z.uuid(), body: MessageBody }),
  z.object({ intent: z.literal("edit"), messageId: MessageId, body: MessageBody }),
  z.object({ intent: z.literal("hide"), messageId: MessageId }),
  z.object({ intent: z.literal("read") }),
  // Calls (docs/decisions/074).
  ProposeMeetingSchema,
  BookMeetingSchema,
  DeclineMeetingSchema,
  CancelMeetingSchema,
]);

export type ThreadAction = z.infer<typeof ThreadActionSchema>;

export function parseThreadAction(formData: FormData) {
  return parseWithZod(formData, { schema: ThreadActionSchema });
}

/** The JSON API's new message (POST /api/threads/:threadId/messages). */
export const PostMessageSchema = z.object({ body: MessageBody, key: z.uuid().optional() }).strict();

/** What a thread page's action answers: Conform's reply and a success text. */
export type ThreadActionData = { result: SubmissionResult<string[]>; message: string | null };

/**
 * A page of a thread is read before a cursor: the (created_at in ms, id) of the oldest message
 * shown, as "1764489600000.3f2a…". Anything else reads the latest page.
 */
export function parseCursor(value: string | null): { createdAt: number; id: string } | null {
  const match = /^(\d{1,15})\.([0-9A-Za-z-]{1,64})$/.exec(value ?? "");
  return match ? { createdAt: Number(match[1]), id: match[2]! } : null;
}

export const cursorOf = (message: { createdAt: Date; id: string }) => `${message.createdAt.getTime()}.${message.id}`;
