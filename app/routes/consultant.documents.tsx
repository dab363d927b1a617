import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PortalPageHeader } from "~/components/consultant/portal-layout";
import { SharedDocumentList } from "~/components/files/shared-documents";
import { SHARED_DOCUMENTS_COPY as COPY } from "~/lib/files/shared-documents";
import { requireRole } from "~/http/guards.server";
import { listConsultantDocuments } from "~/server/files/shared-documents.server";
import { EARNINGS_STATEMENT_COPY as STATEMENTS } from "~/lib/payouts/statement-copy";
import {
  EARNINGS_STATEMENTS_PATH,
  earningsStatementCsvPath,
  earningsStatementPath,
  earningsStatementPdfPath,
  monthLabel,
} from "~/lib/payouts/statements";
import { listEarningsStatementMonths } from "~/server/payouts/earnings-statements.server";

export const meta: MetaFunction = () => [{ title: "Documents | Consultant portal | Partwise" }];

/**
 * /consultant/documents: per match request the consultant is a candidate on (still in play) or
 * matched to, and per engagement they run, the documents shared with it — the request's files, the
 * deliverables' files, the signed statements of work — each with its download (the routes that
 * authorise it again). Their own only; no session → the login screen; another role → 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  // Their earnings statements (docs/decisions/081) beside the shared documents: in parallel.
  const [groups, statementMonths] = await Promise.all([
    listConsultantDocuments(context.app, viewer.user.id),
    listEarningsStatementMonths(context.app, viewer.user.id),
  ]);
  return { groups, statementMonths };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantDocuments() {
  const { groups, statementMonths } = useLoaderData<typeof loader>();
  return (
    <div className="console-page">
      <PortalPageHeader title={COPY.pageTitle} />
      <p className="field-hint shared-documents-intro">{COPY.pageIntro}</p>
      {groups.length === 0 && statementMonths.length === 0 ? (
        <p className="card console-empty">{COPY.noneAtAll}</p>
      ) : null}
      {statementMonths.length > 0 ? (
        <section className="card shared-documents-group" aria-labelledby="documents-statements">
          <div className="shared-documents-group-head">
            <h2 id="documents-statements" className="card-title">
              {STATEMENTS.hubHeading}
            </h2>
            <Link to={EARNINGS_STATEMENTS_PATH}>{STATEMENTS.linkFromPayouts}</Link>
          </div>
          <ul className="statement-documents">
            {statementMonths.map((month) => (
              <li key={month}>
                <Link to={earningsStatementPath(month)}>{STATEMENTS.hubName(monthLabel(month))}</Link> (
                <a href={earningsStatementPdfPath(month)}>PDF</a>, <a href={earningsStatementCsvPath(month)}>CSV</a>)
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.map((group) => {
        const titleId = `documents-${group.matchRequestId}`;
        return (
          <section key={group.matchRequestId} className="card shared-documents-group" aria-labelledby={titleId}>
            <div className="shared-documents-group-head">
              <h2 id={titleId} className="card-title">
                {COPY.groupLabel(group.business, group.area)}
              </h2>
              {group.link ? (
                <Link to={group.link.href}>
                  {group.link.label === "engagement" ? COPY.openEngagement : COPY.openMatch}
                </Link>
              ) : null}
            </div>
            <SharedDocumentList documents={group.documents} emptyText={COPY.none} />
          </section>
        );
      })}
    </div>
  );
}
