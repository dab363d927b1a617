import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BusinessStatementView, StatementDownloads, StatementMonths } from "~/components/payouts/statements";
import { STATEMENT_COPY as COPY } from "~/lib/payouts/statement-copy";
import { PAYMENTS_PATH } from "~/lib/payouts/receipts";
import {
  businessStatementCsvPath,
  businessStatementPath,
  businessStatementPdfPath,
  monthLabel,
} from "~/lib/payouts/statements";
import { businessStatements } from "~/http/statement-routes.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded?.statement
      ? `${COPY.title(monthLabel(loaded.statement.month))} | Partwise`
      : `${COPY.listTitle} | Partwise`,
  },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * /company-profile/statements[/{YYYY-MM}] (docs/decisions/081): the months with a charge or a
 * refund, and the statement of one month with its PDF and CSV (the checks: businessStatements).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return businessStatements(context.app, request, params.month);
}

export default function BusinessStatementsPage() {
  const { months, statement } = useLoaderData<typeof loader>();
  return (
    <div className="page stack statements-page">
      <p>
        <Link to={PAYMENTS_PATH}>{COPY.backToPayments}</Link>
      </p>
      <h1>{COPY.listTitle}</h1>
      <p className="field-hint">{COPY.listIntro}</p>
      {months.length === 0 ? (
        <p className="empty-state">{COPY.none}</p>
      ) : (
        <StatementMonths
          label={COPY.monthsNav}
          months={months}
          current={statement?.month ?? null}
          pathOf={businessStatementPath}
        />
      )}
      {statement ? (
        <>
          <StatementDownloads
            pdf={businessStatementPdfPath(statement.month)}
            csv={businessStatementCsvPath(statement.month)}
            labels={{ pdf: COPY.downloadPdf, csv: COPY.downloadCsv }}
          />
          <BusinessStatementView statement={statement} />
        </>
      ) : null}
    </div>
  );
}
