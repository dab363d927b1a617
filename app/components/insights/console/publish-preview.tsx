import { Form, Link } from "@remix-run/react";
import {
  insightRequestPath,
  NOTHING_TO_PREVIEW_MESSAGE,
  ONLY_REVIEWER_PUBLISHES_MESSAGE,
} from "~/lib/insights/manager-insights-schemas";
import { InsightReportView, type InsightReportContent } from "~/components/insights/insight-report-view";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { usePosting } from "~/components/ui/pending-post";

export type PublishPreviewData = {
  requestId: string;
  company: string;
  /** publishable: a draft of this manager's review; someone-else: a draft another manager reviews. */
  state: "publishable" | "someone-else" | "published";
  published: string | null;
  version: number;
  report: InsightReportContent;
};

/**
 * The publish preview: the report drawn by the client's own report view, with the confirmation
 * where the client's side column will be (beside the report on a desktop, after it on a phone,
 * so it is read before it is confirmed). Once published, the same view says so.
 */
export function PublishPreview({
  preview,
  notice,
  error,
}: {
  preview: PublishPreviewData;
  notice: string | null;
  error: string | null;
}) {
  const publishing = usePosting("publish");
  const published = preview.state === "published";
  const requestPath = insightRequestPath(preview.requestId);
  return (
    <div className="console-page publish-preview">
      <p>
        <Link to={requestPath}>{preview.state === "publishable" ? "Back to editing" : "Back to the request"}</Link>
      </p>
      <ConsoleNotices notice={notice} error={error} />
      <p className="publish-preview-note">
        {published
          ? `This is the report as ${preview.company} sees it.`
          : `Preview: this is the report exactly as ${preview.company} will see it. Nothing is published until it is confirmed.`}
      </p>
      <div className="page">
        <InsightReportView
          report={preview.report}
          aside={
            <aside className="card publish-confirm" aria-labelledby="publish-confirm-title">
              <h2 id="publish-confirm-title" className="card-title">
                {published ? "Published" : "Publish this report?"}
              </h2>
              {preview.state === "publishable" ? (
                <>
                  <p>
                    Publishing delivers the report to {preview.company} and notifies them in the app and by email. A
                    published report cannot be changed.
                  </p>
                  <Form method="post" className="button-row">
                    <input type="hidden" name="intent" value="publish" />
                    <input type="hidden" name="version" value={preview.version} />
                    <button type="submit" className="button button-primary" disabled={publishing}>
                      {publishing ? "Publishing…" : "Confirm publish"}
                    </button>
                    <Link to={requestPath} className="button button-secondary">
                      Cancel
                    </Link>
                  </Form>
                </>
              ) : null}
              {preview.state === "someone-else" ? (
                <p className="console-muted">{ONLY_REVIEWER_PUBLISHES_MESSAGE}</p>
              ) : null}
              {published ? (
                <p>
                  Published on {preview.published}. {preview.company} reads it on their Insight Discovery page, where
                  they rate it and can ask for a match with a consultant.
                </p>
              ) : null}
            </aside>
          }
        />
      </div>
    </div>
  );
}

/** The preview of a request whose review has not started: there is no report yet. */
export function NothingToPreview({ requestId, error }: { requestId: string; error: string | null }) {
  return (
    <div className="console-page">
      <p>
        <Link to={insightRequestPath(requestId)}>Back to the request</Link>
      </p>
      <header className="page-header">
        <div>
          <p className="eyebrow">Publish preview</p>
          <h1>No report to preview yet</h1>
        </div>
      </header>
      <ConsoleNotices error={error} />
      <p className="card console-empty">{NOTHING_TO_PREVIEW_MESSAGE}</p>
    </div>
  );
}
