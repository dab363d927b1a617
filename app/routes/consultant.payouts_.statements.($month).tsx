import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PortalPageHeader } from "~/components/consultant/portal-layout";
import { EarningsStatementView, StatementDownloads, StatementMonths } from "~/components/payouts/statements";
import { EARNINGS_STATEMENT_COPY as COPY } from "~/lib/payouts/statement-copy";
import { earningsStatementCsvPath, earningsStatementPath, earningsStatementPdfPath } from "~/lib/payouts/statements";
import { earningsStatements } from "~/http/statement-routes.server";

export const meta: MetaFunction = () => [{ title: "Earnings statements | Consultant portal | Partwise" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * /consultant/payouts/statements[/{YYYY-MM}] (docs/decisions/081): the months with earnings,
 * transfers, reversals or money held, and one month's statement with its PDF and CSV (without a
 * month: the newest). The checks: earningsStatements.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return earningsStatements(context.app, request, params.month);
}

export default function EarningsStatementsPage() {
  const { months, statement } = useLoaderData<typeof loader>();
  return (
    <div className="console-page stack">
      <PortalPageHeader title={COPY.listTitle} />
      <p>
        <Link to="/consultant/payouts">{COPY.backToPayouts}</Link>
      </p>
      <p className="field-hint">{COPY.listIntro}</p>
      <p className="statement-tax-forms">{COPY.taxForms}</p>
      {months.length === 0 ? (
        <p className="card console-empty">{COPY.none}</p>
      ) : (
        <StatementMonths
          label={COPY.monthsNav}
          months={months}
          current={statement?.month ?? null}
          pathOf={earningsStatementPath}
        />
      )}
      {statement ? (
        <>
          <StatementDownloads
            pdf={earningsStatementPdfPath(statement.month)}
            csv={earningsStatementCsvPath(statement.month)}
            labels={{ pdf: COPY.downloadPdf, csv: COPY.downloadCsv }}
          />
          <EarningsStatementView statement={statement} />
        </>
      ) : null}
    </div>
  );
}
