import * as z from "zod";
import { FeedbackFormSchema } from "~/lib/insights/insight-schemas";
import {
  DELIVERY_SUMMARY_REQUIRED,
  ITEM_DATE_PAST,
  ITEM_DATE_REQUIRED,
  ITEM_PRICE_INVALID,
  ITEM_PRICE_REQUIRED,
  ITEM_TITLE_REQUIRED,
  MANAGER_NOTES_REQUIRED,
  NOTE_REQUIRED,
  REJECTION_NOTES_REQUIRED,
  REVIEW_CONFIRMATION_REQUIRED,
  REVISION_NOTES_REQUIRED,
  SIGNATURE_DATE_REQUIRED,
  SIGNATURE_FIRST_NAME_REQUIRED,
  SIGNATURE_LAST_NAME_REQUIRED,
} from "./engagement-copy";
import { isPastDate } from "./engagement-state";
import { OUTLINE_KINDS } from "~db/enums";
import {
  billedMonthly,
  CANCEL_NOTICE_CHOICES,
  COACHING_CANCEL_INVALID,
  COACHING_LENGTH_INVALID,
  COACHING_SESSIONS_INVALID,
  MAX_MONTHLY_SESSIONS,
  SESSION_LENGTHS,
} from "./coaching";
import {
  MAX_NOTICE_MONTHS,
  RETAINER_FEE_REQUIRED,
  RETAINER_HOURS_INVALID,
  RETAINER_NOTICE_INVALID,
  RETAINER_START_PAST,
  RETAINER_START_REQUIRED,
} from "./retainer-copy";

/**
 * Every body about engagements: the spec's API payloads and our pages' forms. Pure and isomorphic
 * (the forms validate with the same schema in the browser through Conform).
 */

export const requiredId = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(80, `${name} is not valid.`);

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * An ISO 8601 date-time, e.g. what `JSON.stringify(new Date())` sends ("2026-11-23T18:04:05.123Z"):
 * a date, "T", hours and minutes, optional seconds and fraction, an optional offset or Z.
 */
const ISO_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * The calendar date of a date field: a YYYY-MM-DD date, or the date part of an ISO 8601 date-time
 * as written (never shifted by its offset: "2026-11-23T23:30:00-05:00" is Nov 23); null when the
 * value is neither or names no real day.
 */
export function calendarDateOf(value: string): string | null {
  const date = ISO_DATE_TIME.exec(value)?.[1] ?? value;
  return isCalendarDate(date) ? date : null;
}

/** A date field of the JSON API and the forms: parsed to its calendar date, YYYY-MM-DD. */
const CalendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((value, ctx) => {
      const date = calendarDateOf(value);
      if (date === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return date;
    });

/**
 * Optional text: "" when absent, empty or null. Optional inside the pipe so that Conform, which
 * turns an empty form field into undefined before the string check, accepts it too.
 */
const optionalText = (max: number) =>
  z
    .preprocess(
      (value) => (value === null ? undefined : value),
      z.string().trim().max(max, `Keep it under ${max} characters.`).optional(),
    )
    .transform((value) => value ?? "");

// ---------------------------------------------------------------------------------------------
// The business's plan review: PUT /api/delivery-outline/submit-business-review (spec §7)
// ---------------------------------------------------------------------------------------------

export const PLAN_DECISIONS = ["approved", "revision"] as const;
export type PlanDecision = (typeof PLAN_DECISIONS)[number];

/**
 * A business's decision on the current version of a plan, in our names (docs/glossary.md): what
 * the engagements domain takes, whether the decision came from the API or the review dialog.
 */
export type PlanReview = {
  outlineId: string;
  decision: PlanDecision;
  /** "First Last" as typed. */
  signature: string;
  /** YYYY-MM-DD. */
  signatureDate: string;
  notes: string;
};

/** The spec's body; its output is our PlanReview. */
export const BusinessReviewSchema = z
  .object({
    deliveryOutlineId: requiredId("deliveryOutlineId"),
    decision: z.enum(PLAN_DECISIONS, { error: "decision must be approved or revision." }),
    /** "First Last" as typed. */
    businessSignature: z
      .string({ error: SIGNATURE_FIRST_NAME_REQUIRED })
      .trim()
      .min(3, SIGNATURE_FIRST_NAME_REQUIRED)
      .max(120, "The signature is too long."),
    businessSignatureDate: CalendarDate(SIGNATURE_DATE_REQUIRED),
    notes: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "revision" && value.notes === "")
      ctx.addIssue({ code: "custom", path: ["notes"], message: REJECTION_NOTES_REQUIRED });
  })
  .transform((value): PlanReview => ({
    outlineId: value.deliveryOutlineId,
    decision: value.decision,
    signature: value.businessSignature,
    signatureDate: value.businessSignatureDate,
    notes: value.notes,
  }));

/** The review dialog's form: the confirmation, the signature as first and last name, the date, notes. */
export const PlanReviewFormSchema = z
  .object({
    intent: z.literal("review-plan"),
    deliveryOutlineId: requiredId("deliveryOutlineId"),
    decision: z.enum(PLAN_DECISIONS, { error: "Choose Accept or Reject." }),
    confirm: z.literal("on", { error: REVIEW_CONFIRMATION_REQUIRED }),
    firstName: z.string({ error: SIGNATURE_FIRST_NAME_REQUIRED }).trim().min(1, SIGNATURE_FIRST_NAME_REQUIRED).max(60),
    lastName: z.string({ error: SIGNATURE_LAST_NAME_REQUIRED }).trim().min(1, SIGNATURE_LAST_NAME_REQUIRED).max(60),
    signatureDate: CalendarDate(SIGNATURE_DATE_REQUIRED),
    notes: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "revision" && value.notes === "")
      ctx.addIssue({ code: "custom", path: ["notes"], message: REJECTION_NOTES_REQUIRED });
  });

/** The dialog's answer as the engagements domain takes it (the signature is "First Last"). */
export const planReviewOfForm = (value: z.output<typeof PlanReviewFormSchema>): PlanReview => ({
  outlineId: value.deliveryOutlineId,
  decision: value.decision,
  signature: `${value.firstName} ${value.lastName}`,
  signatureDate: value.signatureDate,
  notes: value.notes,
});

// ---------------------------------------------------------------------------------------------
// The business's review of a delivered item: PUT /api/delivery-outline/business/item-review
// ---------------------------------------------------------------------------------------------

/** The dialog's three choices (spec §4): accept and prepay the next, accept and pause, revise. */
export const ITEM_DECISION_ACTIONS = ["prepay", "pause", "revise"] as const;
export type ItemDecisionAction = (typeof ITEM_DECISION_ACTIONS)[number];

/** A business's decision on a delivered item, in our names (docs/glossary.md). */
export type ItemReview = {
  outlineId: string;
  itemId: string;
  notes: string;
  action: ItemDecisionAction;
  /** The stored decision's word. */
  decision: "approved" | "revision";
};

const itemDecisionOf = (action: ItemDecisionAction) => (action === "revise" ? "revision" : "approved");

/**
 * The spec's body; its output is our ItemReview. `decision` is the action (prepay, pause,
 * revise); the stored decision's words (approved, revision) are accepted too, with
 * `decisionAction` naming the follow-up (approved alone pauses).
 */
export const ItemReviewSchema = z
  .object({
    deliveryItemId: requiredId("deliveryItemId"),
    deliveryOutlineId: requiredId("deliveryOutlineId"),
    businessNotes: optionalText(2000),
    decision: z.enum(["prepay", "pause", "revise", "approved", "revision"], {
      error: "decision must be prepay, pause or revise.",
    }),
    decisionAction: z.enum(ITEM_DECISION_ACTIONS).optional(),
  })
  .transform(({ decision, decisionAction, deliveryItemId, deliveryOutlineId, businessNotes }): ItemReview => {
    const action: ItemDecisionAction =
      decision === "revision" || decision === "revise"
        ? "revise"
        : decision === "approved"
          ? decisionAction === "prepay"
            ? "prepay"
            : "pause"
          : decision;
    return {
      outlineId: deliveryOutlineId,
      itemId: deliveryItemId,
      notes: businessNotes,
      action,
      decision: itemDecisionOf(action),
    };
  })
  .superRefine((value, ctx) => {
    if (value.action === "revise" && value.notes === "")
      ctx.addIssue({ code: "custom", path: ["businessNotes"], message: REVISION_NOTES_REQUIRED });
  });

/** The item review dialog's form. */
export const ItemReviewFormSchema = z
  .object({
    intent: z.literal("review-item"),
    deliveryItemId: requiredId("deliveryItemId"),
    deliveryOutlineId: requiredId("deliveryOutlineId"),
    decision: z.enum(ITEM_DECISION_ACTIONS, { error: "Choose what happens next." }),
    businessNotes: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "revise" && value.businessNotes === "")
      ctx.addIssue({ code: "custom", path: ["businessNotes"], message: REVISION_NOTES_REQUIRED });
  });

/** The dialog's answer as the engagements domain takes it. */
export const itemReviewOfForm = (value: z.output<typeof ItemReviewFormSchema>): ItemReview => ({
  outlineId: value.deliveryOutlineId,
  itemId: value.deliveryItemId,
  notes: value.businessNotes,
  action: value.decision,
  decision: itemDecisionOf(value.decision),
});

/** The rating at the end (the matching feedback: stars and words). */
export const RateConsultantFormSchema = FeedbackFormSchema.extend({
  intent: z.literal("rate"),
  matchId: requiredId("matchId"),
});

// ---------------------------------------------------------------------------------------------
// The consultant's plan and delivery
// ---------------------------------------------------------------------------------------------

export const PLAN_ITEMS_MAX = 20;

/** "1,250" or "1250.50" dollars → cents; at least $1, at most $1,000,000. */
export const PriceSchema = z
  .string({ error: ITEM_PRICE_REQUIRED })
  .trim()
  .min(1, ITEM_PRICE_REQUIRED)
  .transform((value, ctx) => {
    const cleaned = value.replace(/^\$/, "").replace(/,/g, "");
    if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) {
      ctx.addIssue({ code: "custom", message: ITEM_PRICE_INVALID });
      return z.NEVER;
    }
    const cents = Math.round(Number(cleaned) * 100);
    if (cents < 100 || cents > 100_000_000) {
      ctx.addIssue({ code: "custom", message: ITEM_PRICE_INVALID });
      return z.NEVER;
    }
    return cents;
  });

export const PlanItemSchema = z.object({
  /** The item's id when it exists already; empty for a new one. */
  id: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.string().max(80).optional()),
  title: z
    .string({ error: ITEM_TITLE_REQUIRED })
    .trim()
    .min(1, ITEM_TITLE_REQUIRED)
    .max(120, "Keep the title under 120 characters."),
  description: optionalText(2000),
  deliveryDate: CalendarDate(ITEM_DATE_REQUIRED),
  price: PriceSchema,
});
export type PlanItemInput = z.infer<typeof PlanItemSchema>;

/** An optional form field: absent when empty (Conform sends nothing for an empty field). */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** A retainer's hours a month, in quarter hours ("20", "7.5"): stored in minutes. */
const MonthlyHoursSchema = z
  .string({ error: RETAINER_HOURS_INVALID })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, RETAINER_HOURS_INVALID)
  .transform((value) => Math.round(Number(value) * 60))
  .refine((minutes) => minutes >= 60 && minutes <= 300 * 60 && minutes % 15 === 0, RETAINER_HOURS_INVALID);

const NoticeMonthsSchema = z
  .string({ error: RETAINER_NOTICE_INVALID })
  .trim()
  .regex(/^\d$/, RETAINER_NOTICE_INVALID)
  .transform(Number)
  .refine((months) => months >= 0 && months <= MAX_NOTICE_MONTHS, RETAINER_NOTICE_INVALID);

/**
 * The fields of the billing chosen: a retainer's form keeps no deliverable rows and a project's
 * no terms (the editor's other section is hidden, and its leftovers must not block a save).
 */
function onlyTheKindsFields(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const form = value as Record<string, unknown>;
  const { monthlySessions: _sessions, sessionMinutes: _length, cancelNoticeHours: _cancel, ...withoutCoaching } = form;
  if (form.kind === "retainer") return { ...withoutCoaching, items: [] };
  if (form.kind === "coaching") return { ...form, monthlyHours: undefined, items: [] };
  const {
    monthlyFee: _fee,
    monthlyHours: _hours,
    startDate: _start,
    noticeMonths: _notice,
    ...project
  } = withoutCoaching;
  return project;
}

/** Coaching's sessions a month, 1 to MAX_MONTHLY_SESSIONS (docs/decisions/085). */
const MonthlySessionsSchema = z
  .string({ error: COACHING_SESSIONS_INVALID })
  .trim()
  .regex(/^\d{1,2}$/, COACHING_SESSIONS_INVALID)
  .transform(Number)
  .refine((sessions) => sessions >= 1 && sessions <= MAX_MONTHLY_SESSIONS, COACHING_SESSIONS_INVALID);

const SessionMinutesSchema = z
  .string({ error: COACHING_LENGTH_INVALID })
  .trim()
  .transform(Number)
  .refine((minutes) => (SESSION_LENGTHS as readonly number[]).includes(minutes), COACHING_LENGTH_INVALID);

const CancelNoticeSchema = z
  .string({ error: COACHING_CANCEL_INVALID })
  .trim()
  .transform(Number)
  .refine((hours) => (CANCEL_NOTICE_CHOICES as readonly number[]).includes(hours), COACHING_CANCEL_INVALID);

/**
 * The plan editor: save as draft (intent=save) or send for review (intent=submit). A project's
 * plan lists deliverables; a retainer's (docs/decisions/082) has terms instead: the monthly fee, the
 * hours it buys, the start date and the notice in whole months, each required when it is one.
 */
/** The editor's fields, as Conform reads them (PlanFormSchema checks a post). */
export const PlanFormFieldsSchema = z.object({
  intent: z.enum(["save", "submit"]),
  title: z.string({ error: "Please give the plan a title." }).trim().min(1, "Please give the plan a title.").max(120),
  overview: optionalText(5000),
  kind: z.enum(OUTLINE_KINDS, { error: "Choose how the engagement is billed." }).default("project"),
  items: z.array(PlanItemSchema).max(PLAN_ITEMS_MAX, `A plan has at most ${PLAN_ITEMS_MAX} deliverables.`).default([]),
  monthlyFee: optionalField(PriceSchema),
  monthlyHours: optionalField(MonthlyHoursSchema),
  startDate: optionalField(CalendarDate(RETAINER_START_REQUIRED)),
  noticeMonths: optionalField(NoticeMonthsSchema),
  monthlySessions: optionalField(MonthlySessionsSchema),
  sessionMinutes: optionalField(SessionMinutesSchema),
  cancelNoticeHours: optionalField(CancelNoticeSchema),
});

export const PlanFormSchema = z.preprocess(onlyTheKindsFields, PlanFormFieldsSchema).superRefine((value, ctx) => {
  if (!billedMonthly(value.kind)) return;
  const required = [
    ["monthlyFee", RETAINER_FEE_REQUIRED],
    ...(value.kind === "retainer"
      ? ([["monthlyHours", RETAINER_HOURS_INVALID]] as const)
      : ([
          ["monthlySessions", COACHING_SESSIONS_INVALID],
          ["sessionMinutes", COACHING_LENGTH_INVALID],
          ["cancelNoticeHours", COACHING_CANCEL_INVALID],
        ] as const)),
    ["startDate", RETAINER_START_REQUIRED],
    ["noticeMonths", RETAINER_NOTICE_INVALID],
  ] as const;
  for (const [field, message] of required) {
    if (value[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
  }
});
export type PlanFormInput = z.output<typeof PlanFormFieldsSchema>;

/**
 * The plan editor's check in the browser: PlanFormSchema, and a plan sent with no deliverable (or
 * retainer start) dated before `today` (todayAnywhereOnEarth; ADR 049). The server decides again
 * when it saves (savePlan).
 */
export function planFormSchemaFor(today: string) {
  return PlanFormSchema.superRefine((value, ctx) => {
    if (value.intent !== "submit") return;
    if (billedMonthly(value.kind)) {
      if (value.startDate && isPastDate(value.startDate, today))
        ctx.addIssue({ code: "custom", path: ["startDate"], message: RETAINER_START_PAST });
      return;
    }
    value.items.forEach((item, index) => {
      if (isPastDate(item.deliveryDate, today))
        ctx.addIssue({ code: "custom", path: ["items", index, "deliveryDate"], message: ITEM_DATE_PAST });
    });
  });
}

/** The consultant confirms delivery: a summary of the work and the files uploaded for it. */
export const DeliveryFormSchema = z.object({
  intent: z.literal("deliver"),
  deliveryItemId: requiredId("deliveryItemId"),
  summaryOfWork: z.string({ error: DELIVERY_SUMMARY_REQUIRED }).trim().min(1, DELIVERY_SUMMARY_REQUIRED).max(5000),
  /** Names (keys) of files uploaded through /api/file-handling/upload-files with purpose delivery_item. */
  fileNames: z.array(z.string().max(200)).max(10).default([]),
});

// ---------------------------------------------------------------------------------------------
// The engagement manager
// ---------------------------------------------------------------------------------------------

export const ManagerPlanReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-plan"), notes: optionalText(2000) }),
  z.object({
    intent: z.literal("send-back-plan"),
    notes: z.string({ error: MANAGER_NOTES_REQUIRED }).trim().min(1, MANAGER_NOTES_REQUIRED).max(2000),
  }),
]);

export const EngagementNoteSchema = z.object({
  intent: z.literal("note"),
  body: z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(2000),
});

export const VerbalApprovalSchema = z.object({
  intent: z.literal("verbal-approval"),
  deliveryItemId: requiredId("deliveryItemId"),
  body: z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(2000),
});
