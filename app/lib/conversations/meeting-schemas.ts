import * as z from "zod";
import {
  MEETING_DURATION_MESSAGE,
  MEETING_LOCATION_MAX_LENGTH,
  MEETING_LOCATION_MESSAGE,
  MEETING_MAX_SLOTS,
  MEETING_MIN_SLOTS,
  MEETING_NOTE_MAX_LENGTH,
  MEETING_NOTE_TOO_LONG_MESSAGE,
  MEETING_SLOT_INCOMPLETE_MESSAGE,
  MEETING_SLOT_INVALID_MESSAGE,
  MEETING_SLOT_REQUIRED_MESSAGE,
  MEETING_SLOTS_DISTINCT_MESSAGE,
} from "./meeting-copy";
import { locationKind, readerZone, slotInstant, slotState, type TypedSlot } from "./meeting-slots";

/** The thread page's call forms (docs/decisions/074), members of ThreadActionSchema. */

const MeetingId = z.string().trim().min(1).max(64);
const Part = z.string().trim().max(10).optional();

/** The typed slots of a proposal, in the form's order (empty parts as ""). */
export const typedSlots = (input: Readonly<Record<string, unknown>>): TypedSlot[] =>
  Array.from({ length: MEETING_MAX_SLOTS }, (_, i) => {
    const date = input[`slot${i + 1}Date`];
    const time = input[`slot${i + 1}Time`];
    return { date: typeof date === "string" ? date : "", time: typeof time === "string" ? time : "" };
  });

/**
 * Propose a call: two or three times (a date and a start time each, read in `zone`, the browser's
 * zone or UTC), a length, a video link or phone number, a note. Whether each time is still in the
 * future is the server's check (it owns the clock).
 */
export const ProposeMeetingSchema = z
  .object({
    intent: z.literal("propose"),
    // The form's one-time id: it becomes the call's id, so a second submit proposes nothing more.
    key: z.uuid(),
    zone: z.string().trim().max(64).optional().transform(readerZone),
    slot1Date: Part,
    slot1Time: Part,
    slot2Date: Part,
    slot2Time: Part,
    slot3Date: Part,
    slot3Time: Part,
    duration: z.coerce
      .number({ error: MEETING_DURATION_MESSAGE })
      .refine((value) => value === 30 || value === 45 || value === 60, MEETING_DURATION_MESSAGE),
    location: z
      .string({ error: MEETING_LOCATION_MESSAGE })
      .trim()
      .max(MEETING_LOCATION_MAX_LENGTH, MEETING_LOCATION_MESSAGE)
      .refine((value) => locationKind(value) !== null, MEETING_LOCATION_MESSAGE),
    note: z.string().trim().max(MEETING_NOTE_MAX_LENGTH, MEETING_NOTE_TOO_LONG_MESSAGE).optional(),
  })
  .superRefine((input, ctx) => {
    const slots = typedSlots(input);
    const seen = new Map<number, number>();
    slots.forEach((slot, index) => {
      const n = index + 1;
      const state = slotState(slot);
      if (state === "empty") {
        if (n <= MEETING_MIN_SLOTS)
          ctx.addIssue({ code: "custom", path: [`slot${n}Date`], message: MEETING_SLOT_REQUIRED_MESSAGE });
        return;
      }
      if (state === "partial") {
        ctx.addIssue({ code: "custom", path: [`slot${n}Date`], message: MEETING_SLOT_INCOMPLETE_MESSAGE });
        return;
      }
      const instant = slotInstant(slot, input.zone);
      if (!instant) {
        ctx.addIssue({ code: "custom", path: [`slot${n}Date`], message: MEETING_SLOT_INVALID_MESSAGE });
        return;
      }
      if (seen.has(instant.getTime())) {
        ctx.addIssue({ code: "custom", path: [`slot${n}Date`], message: MEETING_SLOTS_DISTINCT_MESSAGE });
      }
      seen.set(instant.getTime(), n);
    });
  });

/** Book one of the times (1, 2 or 3) of a call the other side proposed. */
export const BookMeetingSchema = z.object({
  intent: z.literal("book"),
  meetingId: MeetingId,
  slot: z.coerce.number().int().min(1).max(MEETING_MAX_SLOTS),
});

export const DeclineMeetingSchema = z.object({ intent: z.literal("decline"), meetingId: MeetingId });

export const CancelMeetingSchema = z.object({ intent: z.literal("cancel"), meetingId: MeetingId });

export type ProposeMeetingInput = z.infer<typeof ProposeMeetingSchema>;

/**
 * The JSON API's proposal (POST /api/threads/{threadId}/meetings): two or three start instants
 * (ISO 8601 with their offset, to the minute), a length, a place, a note, and an optional key
 * (a UUID: a retried post proposes once). Read into the page form's fields in UTC
 * (`apiProposalFields`), so one schema checks both.
 */
export const ApiProposeMeetingSchema = z
  .object({
    slots: z
      .array(z.iso.datetime({ offset: true }))
      .min(MEETING_MIN_SLOTS)
      .max(MEETING_MAX_SLOTS),
    durationMinutes: z.number().int(),
    location: z.string().max(MEETING_LOCATION_MAX_LENGTH),
    note: z.string().max(MEETING_NOTE_MAX_LENGTH).optional(),
    key: z.uuid().optional(),
  })
  .strict();

/** The API's proposal as the page form's fields, each time in UTC ("2026-12-08", "15:00"). */
export function apiProposalFields(input: z.infer<typeof ApiProposeMeetingSchema>, key: string) {
  const fields: Record<string, unknown> = {
    intent: "propose",
    key,
    zone: "UTC",
    duration: input.durationMinutes,
    location: input.location,
    note: input.note,
  };
  input.slots.forEach((slot, index) => {
    const iso = new Date(slot).toISOString();
    fields[`slot${index + 1}Date`] = iso.slice(0, 10);
    fields[`slot${index + 1}Time`] = iso.slice(11, 16);
  });
  return fields;
}

/** The JSON API's answer to a call (POST /api/threads/{threadId}/meetings/{meetingId}). */
export const ApiAnswerMeetingSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("book"), slot: z.number().int().min(1).max(MEETING_MAX_SLOTS) }).strict(),
  z.object({ action: z.literal("decline") }).strict(),
  z.object({ action: z.literal("cancel") }).strict(),
]);
