import * as z from "zod";
import { DISPUTE_OUTCOMES, type DisputeOutcome } from "~db/enums";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";
import { platformFeeCents } from "~/lib/payouts/fees";
import { requiredId } from "./engagement-schemas";

/**
 * Disputes over delivered deliverables (issue #40 item 2, docs/decisions/079): the business opens
 * one after at least one revision, instead of another; the consultant answers in the engagement's
 * conversation; the engagement manager settles it (release in full, refund in full, or a split)
 * with a written decision both parties read. Pure and isomorphic: the forms, the pages and the
 * server share the texts, the schemas and the settlement's arithmetic.
 */

export const DISPUTE_REASON_MIN = 20;
export const DISPUTE_TEXT_MAX = 2000;

// -- The business ------------------------------------------------------------------------------

export const DISPUTE_OPEN_LABEL = "Open a dispute";
export const DISPUTE_DIALOG_TITLE = "Open a dispute over this deliverable";
export const DISPUTE_EXPLAINER =
  "If the revisions did not fix it, open a dispute instead of asking for another revision. The engagement manager reads both sides and settles it: the consultant paid in full, you refunded in full, or a split between the two. Until then the consultant is not paid and the deliverable is not accepted automatically. The consultant answers in the engagement's conversation.";
export const DISPUTE_REASON_LABEL = "What is wrong with the deliverable?";
export const DISPUTE_REASON_REQUIRED = `Tell the engagement manager what is wrong (at least ${DISPUTE_REASON_MIN} characters).`;
export const DISPUTE_TEXT_TOO_LONG = `Keep it under ${DISPUTE_TEXT_MAX.toLocaleString("en-US")} characters.`;
export const DISPUTE_OPENED =
  "Your dispute is open. The engagement manager will settle it; the consultant can answer in the engagement's conversation.";
export const DISPUTE_NEEDS_REVISION = "A dispute can be opened after at least one revision. Ask for a revision first.";
export const DISPUTE_ALREADY = "This deliverable is already disputed.";
export const DISPUTE_SUBMIT = "Open the dispute";
export const ITEM_DISPUTED_LABEL = "Disputed";
/** The dispute's reason, headed for its reader: the business wrote it. */
export const DISPUTE_REASON_HEADINGS = {
  business: "Your reason",
  consultant: "The business's reason",
  manager: "The business's reason",
} as const;
export const DISPUTE_DECISION_HEADING = "The engagement manager's decision";
export const ITEM_DISPUTE_SETTLED_LABEL = "Dispute settled";

/** The business's line on a disputed deliverable while it is open. */
export const disputeOpenText = (openedAt: Date | string) =>
  `Disputed on ${formatDate(openedAt)}. The engagement manager is reviewing it; the consultant is not paid until it is settled.`;

export const NOTICE_ITEM_DISPUTED = "A deliverable is disputed";
export const NOTICE_DISPUTE_SETTLED = "A dispute is settled";

// -- The consultant ---------------------------------------------------------------------------

export const DISPUTE_HEADING = "Dispute";
export const DISPUTE_ANSWER_TEXT =
  "Answer the business's reason in the engagement's conversation: the engagement manager reads both sides before settling it.";
export const DISPUTE_ANSWER_LINK = "Answer in the conversation";
export const DELIVERY_DISPUTED =
  "The business disputes this delivery: the engagement manager decides whether you are paid for it in full, in part or not at all.";

// -- The manager -------------------------------------------------------------------------------

export const DISPUTE_OUTCOME_LABELS: Readonly<Record<DisputeOutcome, string>> = {
  release: "Release in full to the consultant",
  refund: "Refund in full to the business",
  split: "Split: refund part, pay the consultant the rest",
};
export const SETTLE_OUTCOME_REQUIRED = "Choose how the dispute is settled.";
export const SETTLE_REFUND_LABEL = "Refund to the business (USD)";
/** The split's hint: what was charged and how the rest is divided. */
export const settleSplitHint = (chargedCents: number, feePercent: number) =>
  `For a split only. ${formatMoney(chargedCents)} was charged; of what is not refunded, the platform keeps its ${feePercent}% fee and the consultant is paid the rest.`;
export const SETTLE_REFUND_REQUIRED = "Enter the amount refunded to the business in a split.";
export const SETTLE_REFUND_INVALID = "Enter an amount in dollars, like 1,250 or 1250.50.";
export const settleRefundRange = (chargedCents: number) =>
  `A split refunds more than $0.00 and less than the ${formatMoney(chargedCents)} charged.`;
export const SETTLE_DECISION_LABEL = "Your decision (the business and the consultant read it)";
export const SETTLE_DECISION_REQUIRED = `Write your decision (at least ${DISPUTE_REASON_MIN} characters).`;
export const SETTLE_SUBMIT = "Settle the dispute";
export const SETTLE_RETRY = "Finish the settlement";
export const DISPUTE_SETTLED = "The dispute is settled.";
export const DISPUTE_NOT_OPEN = "There is no open dispute on this deliverable.";
export const DISPUTE_SETTLING = "This dispute is already being settled.";
export const DISPUTE_ALREADY_SETTLED = "This dispute is already settled.";
export const DISPUTE_REFUND_FAILED =
  "The refund could not be made, so the dispute is not settled yet. Your decision is saved: finish the settlement again.";
export const DISPUTE_SETTLEMENT_UNDER_WAY = "Settlement under way";
export const TRANSFER_OF_SETTLEMENT =
  "This transfer is what a dispute's settlement left the consultant: it is not reversed.";
export const DISPUTE_NOTHING_CHARGED =
  "Nothing was charged for this deliverable, so nothing can be refunded: release it to the consultant.";
export const REFUND_DISPUTED =
  "This deliverable is disputed: settle the dispute (below) instead of refunding it directly.";

// -- The arithmetic ----------------------------------------------------------------------------

/** What a settlement moves, in cents: charged = refund + transfer + fee, always. */
export type DisputeSettlement = {
  outcome: DisputeOutcome;
  chargedCents: number;
  refundCents: number;
  transferCents: number;
  feeCents: number;
};

/**
 * The settlement of a charge: release (nothing refunded; the platform's fee on the whole charge,
 * the rest to the consultant), refund (all of it back, no fee, nothing transferred) or split
 * (`refundCents` back, strictly between 0 and the charge; the fee on what is kept, the rest to the
 * consultant). Null for a split's refund out of range.
 */
export function disputeSettlement(
  outcome: DisputeOutcome,
  chargedCents: number,
  refundCents: number | null,
  feePercent: number,
): DisputeSettlement | null {
  const refund = outcome === "release" ? 0 : outcome === "refund" ? chargedCents : refundCents;
  if (refund === null || !Number.isInteger(refund)) return null;
  if (outcome === "split" && (refund <= 0 || refund >= chargedCents)) return null;
  const kept = chargedCents - refund;
  const fee = kept === 0 ? 0 : platformFeeCents(kept, feePercent);
  return { outcome, chargedCents, refundCents: refund, transferCents: kept - fee, feeCents: fee };
}

/** What the manager's settlement did, in the past tense (the form's options say what it will do). */
const SETTLED_OUTCOMES: Readonly<Record<DisputeOutcome, string>> = {
  release: "released in full",
  refund: "refunded in full",
  split: "a split",
};

/** The settlement in words, for each reader (after "The engagement manager settled the dispute: "). */
export function settlementText(settlement: DisputeSettlement, reader: "business" | "consultant" | "manager"): string {
  const { outcome, chargedCents, refundCents, transferCents, feeCents } = settlement;
  if (reader === "manager")
    return `${formatMoney(refundCents)} refunded to the business, ${formatMoney(transferCents)} to the consultant and ${formatMoney(feeCents)} platform fee, of the ${formatMoney(chargedCents)} charged (${SETTLED_OUTCOMES[outcome]}).`;
  if (reader === "business") {
    if (outcome === "release") return `the consultant is paid in full; nothing is refunded.`;
    if (outcome === "refund") return `you are refunded in full (${formatMoney(refundCents)}).`;
    return `you are refunded ${formatMoney(refundCents)} of the ${formatMoney(chargedCents)} you paid; the rest pays the consultant and the platform fee.`;
  }
  if (outcome === "release") return `you earn the full price (${formatMoney(transferCents)} after the platform fee).`;
  if (outcome === "refund") return `the business is refunded in full; nothing is paid for this deliverable.`;
  return `the business is refunded ${formatMoney(refundCents)}; you earn ${formatMoney(transferCents)} (the ${formatMoney(chargedCents - refundCents)} kept, less the ${formatMoney(feeCents)} platform fee).`;
}

/** "Dispute settled on Dec 1, 2026: you are refunded $600.00 …" */
export const disputeSettledText = (
  settledAt: Date | string,
  settlement: DisputeSettlement,
  reader: "business" | "consultant" | "manager",
) => `Dispute settled on ${formatDate(settledAt)}: ${settlementText(settlement, reader)}`;

// -- The forms ---------------------------------------------------------------------------------

const disputeText = (required: string) =>
  z.string({ error: required }).trim().min(DISPUTE_REASON_MIN, required).max(DISPUTE_TEXT_MAX, DISPUTE_TEXT_TOO_LONG);

/** The business's dispute (the engagement panel's intent dispute-item). */
export const OpenDisputeFormSchema = z.object({
  intent: z.literal("dispute-item"),
  deliveryItemId: requiredId("deliveryItemId"),
  deliveryOutlineId: requiredId("deliveryOutlineId"),
  reason: disputeText(DISPUTE_REASON_REQUIRED),
});

/** "600", "$1,250.50" → cents (any positive amount; the range is the settlement's). */
const RefundAmountSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const cleaned = value.replace(/^\$/, "").replace(/,/g, "");
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) {
      ctx.addIssue({ code: "custom", message: SETTLE_REFUND_INVALID });
      return z.NEVER;
    }
    return Math.round(Number(cleaned) * 100);
  });

/** The manager's settlement (the console engagement page's intent settle-dispute). */
export const SettleDisputeFormSchema = z
  .object({
    intent: z.literal("settle-dispute"),
    deliveryItemId: requiredId("deliveryItemId"),
    outcome: z.enum(DISPUTE_OUTCOMES, { error: SETTLE_OUTCOME_REQUIRED }),
    refund: RefundAmountSchema.optional().transform((value) => value ?? null),
    decision: disputeText(SETTLE_DECISION_REQUIRED),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === "split" && value.refund === null)
      ctx.addIssue({ code: "custom", path: ["refund"], message: SETTLE_REFUND_REQUIRED });
  });

/** The manager's "Finish the settlement" of one stuck in settling (a refund that failed). */
export const FinishSettlementFormSchema = z.object({
  intent: z.literal("finish-settlement"),
  deliveryItemId: requiredId("deliveryItemId"),
});

// -- The view ----------------------------------------------------------------------------------

/** A deliverable's dispute as the three people's pages read it (ISO instants). */
export type DisputeView = {
  status: "open" | "settling" | "settled";
  reason: string;
  openedAt: string;
  /** The manager's decision and its money, once claimed (settling) or done (settled). */
  decision: string | null;
  settlement: DisputeSettlement | null;
  settledAt: string | null;
};

/** The dispute's JSON as the item's SQL column gives it (itemDisputeColumn), or null. */
export function disputeViewOf(json: unknown): DisputeView | null {
  if (typeof json !== "string" || json === "") return null;
  const raw = JSON.parse(json) as Record<string, unknown>;
  const num = (value: unknown) => (typeof value === "number" ? value : null);
  const outcome = raw.outcome as DisputeOutcome | null;
  const settlement =
    outcome && num(raw.chargedCents) !== null
      ? {
          outcome,
          chargedCents: num(raw.chargedCents) ?? 0,
          refundCents: num(raw.refundCents) ?? 0,
          transferCents: num(raw.transferCents) ?? 0,
          feeCents: num(raw.feeCents) ?? 0,
        }
      : null;
  const iso = (value: unknown) => (typeof value === "number" ? new Date(value).toISOString() : null);
  return {
    status: raw.status as DisputeView["status"],
    reason: String(raw.reason ?? ""),
    openedAt: iso(raw.openedAt) ?? new Date(0).toISOString(),
    decision: typeof raw.decision === "string" ? raw.decision : null,
    settlement,
    settledAt: raw.status === "settled" ? iso(raw.settledAt) : null,
  };
}
