import { Form, Link } from "@remix-run/react";
import { useMemberCan } from "~/components/business/role-gate";
import { FormAlert } from "~/components/ui/form-alert";
import { usePosting } from "~/components/ui/pending-post";
import { REVENUE_BAND_COPY, REVENUE_BAND_INTENT, type BandDisagreement } from "~/lib/business/revenue-band";

/** What the settings action answers for the revenue band's update. */
export type RevenueBandActionData = {
  intent: typeof REVENUE_BAND_INTENT;
  message: string | null;
  error: string | null;
};

/**
 * Business tab: when the books show another revenue band than the one chosen (ADR 050), says so and
 * offers the one update the read-only band allows: to the books' band, asked twice (a link to
 * `?tab=business&confirm=revenue-band`, which shows the form that posts; works without JavaScript).
 */
export function RevenueBandCheck({
  disagreement,
  confirming,
  actionData,
  action,
}: {
  disagreement: BandDisagreement | null;
  confirming: boolean;
  actionData: RevenueBandActionData | undefined;
  action: string;
}) {
  const submitting = usePosting(REVENUE_BAND_INTENT);
  // Updating the band is the business's settings: a role that may not reads the statement only, the tab's line says why (docs/decisions/071).
  const may = useMemberCan();
  const success = actionData?.message ?? null;
  const error = actionData?.error ?? null;
  if (!disagreement && !success && !error) return null;
  return (
    <section className="stack settings-revenue-band" aria-labelledby="settings-revenue-band-title">
      <h2 id="settings-revenue-band-title" className="settings-heading">
        {REVENUE_BAND_COPY.title}
      </h2>
      <div role="status" className={success ? "notice settings-success" : "settings-status-empty"}>
        {success ? <p>{success}</p> : null}
      </div>
      <FormAlert id="settings-revenue-band-error" errors={error ? [error] : undefined} />
      {disagreement ? (
        <>
          <p>{REVENUE_BAND_COPY.statement(disagreement)}</p>
          {!may("changeSettings") ? null : confirming ? (
            <Form method="post" action={action} className="stack" replace>
              <p>
                <strong>{REVENUE_BAND_COPY.confirmQuestion(disagreement)}</strong>
              </p>
              <input type="hidden" name="band" value={disagreement.books} />
              <p className="button-row">
                <button
                  type="submit"
                  name="intent"
                  value={REVENUE_BAND_INTENT}
                  className="button button-primary"
                  disabled={submitting}
                >
                  {REVENUE_BAND_COPY.confirmButton}
                </button>
                <Link to="?tab=business" replace preventScrollReset className="button button-secondary">
                  {REVENUE_BAND_COPY.cancel}
                </Link>
              </p>
            </Form>
          ) : (
            <p>
              <Link
                to="?tab=business&confirm=revenue-band"
                replace
                preventScrollReset
                className="button button-secondary"
              >
                {REVENUE_BAND_COPY.offer}
              </Link>
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
