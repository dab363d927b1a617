import * as z from "zod";
import { isCalendarDate } from "./engagement-schemas";
import {
  TIME_ENTRY_DATE_REQUIRED,
  TIME_ENTRY_DESCRIPTION_REQUIRED,
  TIME_ENTRY_DESCRIPTION_TOO_LONG,
  TIME_ENTRY_HOURS_INVALID,
  NOTICE_CONFIRM_REQUIRED,
  EXTRA_HOURS_INVALID,
  EXTRA_HOURS_REASON_REQUIRED,
  EXTRA_HOURS_REASON_TOO_LONG,
} from "./retainer-copy";

/**
 * A time entry as the consultant's form sends it (docs/decisions/082): the month, the day, the hours
 * in quarter hours ("1.5", "0.25") and what was done; stored in minutes.
 */
export const TimeEntryFormSchema = z.object({
  itemId: z.string().trim().min(1).max(64),
  workDate: z.string({ error: TIME_ENTRY_DATE_REQUIRED }).trim().refine(isCalendarDate, TIME_ENTRY_DATE_REQUIRED),
  hours: z
    .string({ error: TIME_ENTRY_HOURS_INVALID })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, TIME_ENTRY_HOURS_INVALID)
    .transform((value) => Math.round(Number(value) * 60))
    .refine((minutes) => minutes >= 15 && minutes <= 24 * 60 && minutes % 15 === 0, TIME_ENTRY_HOURS_INVALID),
  description: z
    .string({ error: TIME_ENTRY_DESCRIPTION_REQUIRED })
    .trim()
    .min(1, TIME_ENTRY_DESCRIPTION_REQUIRED)
    .max(500, TIME_ENTRY_DESCRIPTION_TOO_LONG),
});

export type TimeEntryInput = { itemId: string; workDate: string; minutes: number; description: string };

export const timeEntryOfForm = (value: z.output<typeof TimeEntryFormSchema>): TimeEntryInput => ({
  itemId: value.itemId,
  workDate: value.workDate,
  minutes: value.hours,
  description: value.description,
});

/** The box confirming a notice: what the Give notice form checks in the browser, for either side. */
export const NoticeConfirmSchema = z.object({
  confirm: z.literal("on", { error: NOTICE_CONFIRM_REQUIRED }),
});

/** The consultant gives notice on their retainer, confirmed by the box's check. */
export const ConsultantNoticeFormSchema = NoticeConfirmSchema.extend({ intent: z.literal("give-notice") });

/** The consultant removes one of their time entries. */
export const RemoveTimeEntrySchema = z.object({
  intent: z.literal("remove-time"),
  entryId: z.string({ error: "entryId is required." }).trim().min(1, "entryId is required.").max(80),
});

/** The longest request for extra hours: 100 h beyond a month's budget. */
export const MAX_EXTRA_MINUTES = 100 * 60;

/** The consultant asks for hours beyond a month's budget (docs/decisions/084), stored in minutes. */
export const ExtraHoursFormSchema = z.object({
  intent: z.literal("ask-hours"),
  itemId: z.string().trim().min(1).max(64),
  hours: z
    .string({ error: EXTRA_HOURS_INVALID })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, EXTRA_HOURS_INVALID)
    .transform((value) => Math.round(Number(value) * 60))
    .refine((minutes) => minutes >= 15 && minutes <= MAX_EXTRA_MINUTES && minutes % 15 === 0, EXTRA_HOURS_INVALID),
  reason: z
    .string({ error: EXTRA_HOURS_REASON_REQUIRED })
    .trim()
    .min(1, EXTRA_HOURS_REASON_REQUIRED)
    .max(500, EXTRA_HOURS_REASON_TOO_LONG),
});

const requestId = z.string({ error: "requestId is required." }).trim().min(1, "requestId is required.").max(80);

/** The consultant withdraws their waiting request. */
export const WithdrawExtraHoursSchema = z.object({ intent: z.literal("withdraw-hours"), requestId });

/** The business approves (buys) or declines a request for extra hours. */
export const ExtraHoursDecisionSchema = z.object({
  intent: z.enum(["approve-hours", "decline-hours"]),
  deliveryOutlineId: z.string().trim().min(1).max(80),
  requestId,
});
