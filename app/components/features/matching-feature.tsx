import type { ComponentProps } from "react";
import { MatchRequestToggleList } from "~/components/matching/match-tiles";
import { MatchView } from "~/components/matching/match-view/match-view";
import { DECISION_FAILED_TITLE, MATCH_NOT_FOUND_MESSAGE } from "~/lib/matching/match-copy";
import { parseConfirm } from "~/lib/matching/match-view";

type MatchViewProps = ComponentProps<typeof MatchView>;

/**
 * The Matching tab of /features: with `?matchId=` that match request's view, else the business's
 * match requests. Its own module, loaded with React.lazy, so the other tabs do not download the
 * match view's code (its forms and their validation) up front.
 */
export default function MatchingFeature({
  params,
  match,
  matches,
  decision,
  feedback,
}: {
  params: URLSearchParams;
  match: MatchViewProps["match"] | null;
  matches: ComponentProps<typeof MatchRequestToggleList>["matches"];
  /** The decision sent with Continue (intent=decide) and the server's msg, else null. */
  decision: MatchViewProps["decision"];
  feedback: MatchViewProps["feedback"];
}) {
  if (match) {
    return (
      <MatchView
        match={match}
        viewCandidate={params.get("viewCandidate")}
        confirm={parseConfirm(params.get("confirm"))}
        decision={decision}
        feedback={feedback}
      />
    );
  }
  return (
    <>
      {decision !== null ? (
        <div role="alert" className="form-error">
          <p className="notice-title">{DECISION_FAILED_TITLE}</p>
          <p>{decision.msg}</p>
        </div>
      ) : params.get("matchId") ? (
        <p role="status" className="notice">
          {MATCH_NOT_FOUND_MESSAGE}
        </p>
      ) : null}
      <MatchRequestToggleList matches={matches} />
    </>
  );
}
