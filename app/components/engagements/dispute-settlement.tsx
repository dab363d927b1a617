import { Form } from "@remix-run/react";
import { useState } from "react";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { Field } from "~/components/ui/field";
import { usePendingPost } from "~/components/ui/pending-post";
import { DISPUTE_OUTCOMES, type DisputeOutcome } from "~db/enums";
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_TEXT_MAX,
  SETTLE_DECISION_LABEL,
  SETTLE_REFUND_LABEL,
  SETTLE_RETRY,
  SETTLE_SUBMIT,
  settleSplitHint,
  settlementText,
  type DisputeView,
} from "~/lib/engagements/disputes";
import { DisputeNote } from "./disputes";

/**
 * A deliverable's dispute in the console (docs/decisions/079), at `#dispute-{itemId}` (the money
 * desk's Settle link): the business's reason and, while open, the settlement form (release in
 * full, refund in full, or a split with the amount refunded, and the written decision both parties
 * read); while its money moves, "Finish the settlement"; once settled, how the charge was divided.
 * Plain forms: they work without JavaScript.
 */
export function DisputeSettlement({
  itemId,
  itemTitle,
  dispute,
  chargedCents,
  feePercent,
  error,
}: {
  itemId: string;
  itemTitle: string;
  dispute: DisputeView;
  chargedCents: number;
  feePercent: number;
  error: string | null;
}) {
  const busy = usePendingPost() !== null;
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const id = `dispute-${itemId}`;
  return (
    <section className="dispute-settlement stack" id={id} aria-label={`Dispute over ${itemTitle}`}>
      <DisputeNote dispute={dispute} reader="manager" />
      {/* Settled, the note says how the charge was divided; while its money moves, this does. */}
      {dispute.status === "settling" && dispute.settlement ? (
        <p className="console-muted">{settlementText(dispute.settlement, "manager")}</p>
      ) : null}
      <ConsoleNotices error={dispute.status === "settled" ? null : error} />
      {dispute.status === "open" ? (
        <Form method="post" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="settle-dispute" />
          <input type="hidden" name="deliveryItemId" value={itemId} />
          <fieldset className="stack">
            <legend>How is it settled?</legend>
            {DISPUTE_OUTCOMES.map((value) => (
              <div key={value} className="radio-row">
                <input
                  type="radio"
                  id={`${id}-${value}`}
                  name="outcome"
                  value={value}
                  required
                  checked={outcome === value}
                  onChange={() => setOutcome(value)}
                />
                <label htmlFor={`${id}-${value}`}>{DISPUTE_OUTCOME_LABELS[value]}</label>
              </div>
            ))}
          </fieldset>
          <Field
            id={`${id}-refund-amount`}
            label={SETTLE_REFUND_LABEL}
            hint={settleSplitHint(chargedCents, feePercent)}
          >
            {(control) => (
              <input
                {...control}
                name="refund"
                inputMode="decimal"
                autoComplete="off"
                className="input"
                required={outcome === "split"}
              />
            )}
          </Field>
          <Field id={`${id}-decision`} label={SETTLE_DECISION_LABEL}>
            {(control) => (
              <textarea
                {...control}
                name="decision"
                rows={4}
                minLength={20}
                maxLength={DISPUTE_TEXT_MAX}
                required
                className="input"
              />
            )}
          </Field>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={busy}>
              {SETTLE_SUBMIT}
            </button>
          </div>
        </Form>
      ) : dispute.status === "settling" ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="finish-settlement" />
          <input type="hidden" name="deliveryItemId" value={itemId} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {SETTLE_RETRY}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
