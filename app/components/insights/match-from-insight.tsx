import { Form, Link } from "@remix-run/react";
import {
  MATCH_FROM_INSIGHT_FAILED_MESSAGE,
  MATCH_REQUESTED_TEXT,
  MATCH_WITH_CONSULTANT_LABEL,
  VIEW_MATCH_REQUEST_LABEL,
} from "~/lib/insights/insight-schemas";
import { MATCH_LINK_TEXT } from "~/lib/insights/insight-views";
import { matchViewHref } from "~/lib/matching/match-view";
import { usePosting } from "~/components/ui/pending-post";

/**
 * 'Match with Consultant' (spec §2 /insight-discovery): posts intent=match to the page's action,
 * which creates the match request once (a second press answers the same message). Shows the
 * answer and a link to the Matching tab. Once the insight was turned into a match (the report's
 * `convertedToMatch`), it says the match was requested and links to that match instead of
 * offering the button again (issue #36 item 12).
 */
export function MatchFromInsight({
  targetId,
  matchRequestId,
  message,
  failed,
}: {
  targetId: string;
  matchRequestId: string | null;
  message: string | null;
  failed: boolean;
}) {
  const sending = usePosting("match");
  if (matchRequestId && !sending) {
    return (
      <div className="match-from-insight">
        {message ? (
          <p role="status" className="notice">
            {message}
          </p>
        ) : null}
        <p>{MATCH_REQUESTED_TEXT}</p>
        <Link to={matchViewHref(matchRequestId)} className="button button-secondary">
          {VIEW_MATCH_REQUEST_LABEL}
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" className="match-from-insight">
      <input type="hidden" name="intent" value="match" />
      <input type="hidden" name="targetId" value={targetId} />
      <button type="submit" className="button button-secondary" disabled={sending}>
        {sending ? "Sending…" : MATCH_WITH_CONSULTANT_LABEL}
      </button>
      {message && !sending ? (
        <p role="status" className="notice">
          {message} <Link to="/features?focus=Matching">{MATCH_LINK_TEXT}</Link>
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="form-error">
          {MATCH_FROM_INSIGHT_FAILED_MESSAGE}
        </p>
      ) : null}
    </Form>
  );
}
