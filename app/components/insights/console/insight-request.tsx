import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FilesCard } from "~/components/files/file-list";
import {
  NO_COMPANY_DATA_MESSAGE,
  publishPreviewPath,
  WAITING_FOR_PAYMENT_MESSAGE,
} from "~/lib/insights/manager-insights-schemas";
import type { InsightRequestDetail } from "~/server/insights/insight-request-detail.server";
import { InsightReportEditor } from "./insight-report-editor";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsoleBusinessCard, ConsolePageHeader } from "~/components/manage/console-page-parts";
import { usePosting } from "~/components/ui/pending-post";

type Props = {
  detail: InsightRequestDetail;
  notice: string | null;
  error: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
};

/**
 * One insight request as the engagement manager works it: the request and its actions, the
 * business and finance profiles, the client's answers, the files and the report.
 */
export function InsightRequestView({ detail, notice, error, lastResult }: Props) {
  return (
    <div className="console-page">
      <p>
        <Link to={`/manage/insights?status=${detail.status}`}>Back to insight requests</Link>
      </p>
      <ConsolePageHeader
        eyebrow={`Insight request · ${detail.category}`}
        title={detail.business.name}
        aside={<span className="badge badge-soft">{detail.statusLabel}</span>}
      />
      <ConsoleNotices notice={notice} error={error} />
      <div className="insight-request-layout">
        <div className="insight-request-main">
          <ReportSection detail={detail} lastResult={lastResult} />
          <section className="card" aria-labelledby="insight-answers-title">
            <h2 id="insight-answers-title" className="card-title">
              The client&apos;s answers
            </h2>
            <dl className="insight-answers">
              {detail.answers.map((answer) => (
                <div key={answer.label}>
                  <dt>{answer.label}</dt>
                  <dd>{answer.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <FilesSection detail={detail} />
        </div>
        <div className="insight-request-side">
          <RequestSection detail={detail} />
          <ConsoleBusinessCard
            headingId="insight-business-title"
            title="Business profile"
            business={{ ...detail.business, contact: detail.owner }}
          />
          <section className="card" aria-labelledby="insight-finance-title">
            <h2 id="insight-finance-title" className="card-title">
              Finance profile
            </h2>
            {detail.finance ? (
              <>
                <p className="console-muted">Last 12 complete months: {detail.finance.period}</p>
                <dl className="insight-facts">
                  <dt>Revenue</dt>
                  <dd>{detail.finance.revenue}</dd>
                  <dt>Net income</dt>
                  <dd>{detail.finance.netIncome}</dd>
                  <dt>Net margin</dt>
                  <dd>{detail.finance.netMargin}</dd>
                  <dt>Revenue per employee</dt>
                  <dd>
                    {detail.finance.revenuePerEmployee}
                    {detail.finance.revenuePerEmployeeNote ? (
                      <span className="console-muted"> ({detail.finance.revenuePerEmployeeNote})</span>
                    ) : null}
                  </dd>
                  <dt>Report last updated</dt>
                  <dd>{detail.finance.lastUpdate}</dd>
                </dl>
              </>
            ) : (
              <p className="console-muted">{NO_COMPANY_DATA_MESSAGE}</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

function RequestSection({ detail }: { detail: InsightRequestDetail }) {
  const starting = usePosting("start");
  const canStart = detail.status === "submitted" || (detail.status === "in_review" && !detail.assignedToMe);
  const label = detail.status === "submitted" ? "Start review" : "Take over";
  return (
    <section className="card" aria-labelledby="insight-request-title">
      <h2 id="insight-request-title" className="card-title">
        Request
      </h2>
      <dl className="insight-facts">
        <dt>Category</dt>
        <dd>{detail.category}</dd>
        <dt>Requested</dt>
        <dd>{detail.created}</dd>
        <dt>Payment</dt>
        <dd>{detail.payment}</dd>
        <dt>Status</dt>
        <dd>{detail.statusLabel}</dd>
        <dt>Assigned to</dt>
        <dd>{detail.assignedToMe ? "You" : (detail.assignedTo ?? "Unassigned")}</dd>
      </dl>
      {detail.status === "awaiting_payment" ? <p className="console-muted">{WAITING_FOR_PAYMENT_MESSAGE}</p> : null}
      {canStart ? (
        <Form method="post" className="button-row">
          <button type="submit" name="intent" value="start" className="button button-primary" disabled={starting}>
            {starting ? "Starting…" : label}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function FilesSection({ detail }: { detail: InsightRequestDetail }) {
  return (
    <FilesCard
      titleId="insight-files-title"
      files={detail.assignedToMe ? detail.files : null}
      hiddenText="The client's files are shown to the manager reviewing this request."
      emptyText="No files were attached."
    />
  );
}

function ReportSection({ detail, lastResult }: { detail: InsightRequestDetail; lastResult: Props["lastResult"] }) {
  const report = detail.report;
  let body;
  if (!report) {
    body = (
      <p className="console-muted">
        Partwise writes a first draft from the answers and finance data when the review starts.
      </p>
    );
  } else if (report.status === "draft" && detail.assignedToMe && detail.status === "in_review") {
    body = (
      <InsightReportEditor
        report={{
          title: report.title,
          highLevelSummary: report.highLevelSummary,
          recommendations: report.recommendations,
        }}
        lastResult={lastResult}
      />
    );
  } else {
    const lines = report.recommendations
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    body = (
      <article className="insight-report-preview">
        <p>
          {report.status === "published" ? (
            <span className="badge">Published</span>
          ) : (
            <span className="badge badge-soft">Draft</span>
          )}
          {report.published ? <span className="console-muted"> on {report.published}</span> : null}
        </p>
        {report.status === "published" ? (
          <p>
            <Link to={publishPreviewPath(detail.id)}>See the report as the client does</Link>
          </p>
        ) : null}
        <h3>{report.title}</h3>
        <p className="insight-report-text">{report.highLevelSummary}</p>
        {lines.length > 0 ? (
          <>
            <h4>Recommendations</h4>
            <ul>
              {lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
      </article>
    );
  }
  return (
    <section className="card" aria-labelledby="insight-report-title">
      <h2 id="insight-report-title" className="card-title">
        Report
      </h2>
      {body}
    </section>
  );
}
