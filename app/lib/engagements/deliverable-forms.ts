import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { NoticeConfirmSchema } from "./retainer-schemas";

/**
 * The business's deliverable forms on the engagement panel (intents review-item, prepay,
 * change-card, rate, dispute-item) and
 * what their page action answers. Pure and isomorphic: the panel's components and the server's
 * DELIVERABLE_ACTIONS share them.
 */
export const DELIVERABLE_INTENTS = [
  "review-item",
  "prepay",
  "change-card",
  "rate",
  "dispute-item",
  "give-notice",
  "approve-hours",
  "decline-hours",
  "confirm-session",
  "missed-session",
] as const;
export type DeliverableIntent = (typeof DELIVERABLE_INTENTS)[number];

export function isDeliverableIntent(value: unknown): value is DeliverableIntent {
  return typeof value === "string" && (DELIVERABLE_INTENTS as readonly string[]).includes(value);
}

/** Prepay: the outline only; the server picks the item (nextItemToPrepay). */
export const PrepayFormSchema = z.object({
  intent: z.literal("prepay"),
  deliveryOutlineId: z
    .string({ error: "deliveryOutlineId is required." })
    .trim()
    .min(1, "deliveryOutlineId is required.")
    .max(80, "deliveryOutlineId is not valid."),
});

/** Change card: Stripe's customer portal, returning to the engagement (docs/decisions/082). */
export const ChangeCardFormSchema = PrepayFormSchema.extend({ intent: z.literal("change-card") });

/**
 * Give notice to end a retainer (docs/decisions/082), confirmed by the box's check: the box is
 * NoticeConfirmSchema's, as the browser and the consultant's form check it.
 */
export const GiveNoticeFormSchema = PrepayFormSchema.extend({
  intent: z.literal("give-notice"),
  ...NoticeConfirmSchema.shape,
});

/**
 * The answer of DELIVERABLE_ACTIONS when it does not redirect: the Conform reply of the form that
 * posted (`intent`), a confirmation to show (`message`), and `failed` when the server could not
 * save (the spec's ITEM_UPDATE_FAILED texts are shown then).
 */
export type DeliverablesActionData = {
  intent: DeliverableIntent | null;
  result: SubmissionResult<string[]>;
  message: string | null;
  failed: boolean;
};

/** The business answers a coaching session marked held (docs/decisions/085): confirmed, or it did not take place. */
export const SessionAnswerSchema = z.object({
  intent: z.enum(["confirm-session", "missed-session"]),
  deliveryOutlineId: PrepayFormSchema.shape.deliveryOutlineId,
  sessionId: z
    .string({ error: "sessionId is required." })
    .trim()
    .min(1, "sessionId is required.")
    .max(80, "sessionId is not valid."),
});
