import { Form, Link } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { categoryLabel } from "~/lib/shared/format";
import {
  CLICK_TO_VIEW,
  CLIENT_INSIGHT_STATUS,
  INSIGHT_AWAITING_PAYER_TEXT,
  PAY_NOW_LABEL,
  clientInsightStatus,
  paidStateLabel,
} from "~/lib/insights/insight-status";
import { formatDate } from "~/lib/shared/dates";
import { insightDiscoveryHref } from "~/lib/insights/insight-views";
import { usePosting } from "~/components/ui/pending-post";

/** What a tile needs (the serialised InsightTile of app/server/insights/insight-views.server.ts). */
export type TileData =
  | {
      type: "REPORT";
      id: string;
      category: string;
      createdAt: string;
      value: string;
      paymentComplete: boolean;
      coveredByPlan: boolean;
      delivered: boolean;
    }
  | { type: "VALUE"; id: string; category: string; createdAt: string; title: string; value: string; delivered: true };

/**
 * One insight tile (spec §4 Insight): category, date ("Nov 3, 2026") and the status the client
 * derives from the server's sentence. Delivered tiles say 'Click here to view.' and link to
 * /insight-discovery. Requests show their payment state: 'Pay Now' (a form posting to the
 * /features action, which opens the checkout), 'Payment Complete', or 'Included in your plan' for
 * a request the plan's monthly allowance covered (nothing was paid).
 */
export function InsightTile({ tile, headingLevel = 3 }: { tile: TileData; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const label = categoryLabel(tile.category);
  const date = formatDate(tile.createdAt);
  const derived = clientInsightStatus(tile.value);
  // "Complete payment…" calls the payer; a role that may not pay reads who it waits for (docs/decisions/071).
  const may = useMemberCan();
  const status = derived === CLIENT_INSIGHT_STATUS.payment && !may("pay") ? INSIGHT_AWAITING_PAYER_TEXT : derived;
  return (
    <article
      className={`insight-tile${tile.delivered ? " is-delivered" : ""}`}
      aria-label={`${label} insight, ${date}`}
    >
      <Heading className="insight-tile-category">{label}</Heading>
      <p className="insight-tile-kind">{tile.type === "VALUE" ? tile.title : "Diagnostic insight"}</p>
      <p className="insight-tile-date">
        <time dateTime={tile.createdAt}>{date}</time>
      </p>
      <p className="insight-tile-status">{status}</p>
      {tile.delivered ? (
        <Link className="insight-tile-link" to={insightDiscoveryHref(tile.type, tile.id)}>
          {CLICK_TO_VIEW}
        </Link>
      ) : null}
      {tile.type === "REPORT" ? <PaymentState tile={tile} /> : null}
    </article>
  );
}

function PaymentState({ tile }: { tile: Extract<TileData, { type: "REPORT" }> }) {
  const paying = usePosting({ intent: "pay", insightId: tile.id });
  const may = useMemberCan();
  if (tile.paymentComplete || tile.coveredByPlan) {
    return <p className="insight-tile-payment badge badge-soft">{paidStateLabel(tile)}</p>;
  }
  // A role that may not pay sees no Pay Now (docs/decisions/068).
  if (!may("pay")) return <RoleNotice action="pay" />;
  return (
    <Form method="post" action="/features?focus=Insights" className="insight-tile-pay">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="insightId" value={tile.id} />
      <button type="submit" className="button button-primary" disabled={paying}>
        {paying ? "Opening checkout…" : PAY_NOW_LABEL}
      </button>
    </Form>
  );
}
