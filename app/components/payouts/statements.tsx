import { Link } from "@remix-run/react";
import { LabelledTable } from "~/components/ui/labelled-table";
import { EARNINGS_STATEMENT_COPY, STATEMENT_COPY } from "~/lib/payouts/statement-copy";
import {
  monthLabel,
  type BusinessStatement,
  type EarningsStatement,
  type EarningsTotals,
} from "~/lib/payouts/statements";
import { receiptPath } from "~/lib/payouts/receipts";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";

/** The months with a statement, each a link (the shown one marked as the current page). */
export function StatementMonths({
  label,
  months,
  current,
  pathOf,
}: {
  label: string;
  months: readonly string[];
  current: string | null;
  pathOf: (month: string) => string;
}) {
  return (
    <nav aria-label={label} className="statement-months">
      <ul className="statement-months-list">
        {months.map((month) => (
          <li key={month}>
            <Link to={pathOf(month)} aria-current={month === current ? "page" : undefined}>
              {monthLabel(month)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The PDF and CSV downloads of a statement (plain links: they work without JavaScript). */
export function StatementDownloads({
  pdf,
  csv,
  labels,
}: {
  pdf: string;
  csv: string;
  labels: { pdf: string; csv: string };
}) {
  return (
    <p className="statement-downloads">
      <a className="button secondary" href={pdf} download>
        {labels.pdf}
      </a>{" "}
      <a className="button secondary" href={csv} download>
        {labels.csv}
      </a>
    </p>
  );
}

/** A business's statement of one month: its lines, then the totals and the notes. */
export function BusinessStatementView({ statement }: { statement: BusinessStatement }) {
  const copy = STATEMENT_COPY;
  const caption = copy.title(monthLabel(statement.month));
  return (
    <section className="stack statement" aria-labelledby="statement-title">
      <h2 id="statement-title" className="settings-heading">
        {caption}
      </h2>
      <p>
        <strong>{copy.billedTo}:</strong> {statement.business.name}
        {statement.business.address ? `, ${statement.business.address}` : ""}
      </p>
      {statement.lines.length === 0 ? (
        <p className="empty-state">{copy.noLines}</p>
      ) : (
        <LabelledTable labelledBy="statement-title" className="statement-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.columns.date}</th>
              <th scope="col">{copy.columns.type}</th>
              <th scope="col">{copy.columns.engagement}</th>
              <th scope="col">{copy.columns.item}</th>
              <th scope="col">{copy.columns.receipt}</th>
              <th scope="col" className="cell-amount">
                {copy.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.lines.map((line) => (
              <tr key={line.key} className={`statement-line statement-line-${line.kind}`}>
                <td data-label={copy.columns.date}>{formatDate(line.date)}</td>
                <td data-label={copy.columns.type}>{line.kind === "charge" ? copy.charge : copy.refund}</td>
                <td data-label={copy.columns.engagement}>{line.engagement}</td>
                <td data-label={copy.columns.item}>
                  {line.duplicate ? `${line.item} (${copy.duplicateNote})` : line.item}
                </td>
                <td data-label={copy.columns.receipt}>
                  <Link to={receiptPath(line.purchaseId)}>{line.receiptNumber}</Link>
                </td>
                <td data-label={copy.columns.amount} className="cell-amount">
                  {formatMoney(line.amountCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </LabelledTable>
      )}
      <dl className="statement-totals">
        <div>
          <dt>{copy.charged}</dt>
          <dd>{formatMoney(statement.chargedCents)}</dd>
        </div>
        <div>
          <dt>{copy.refunded}</dt>
          <dd>{formatMoney(-statement.refundedCents)}</dd>
        </div>
        <div>
          <dt>{copy.net}</dt>
          <dd>
            <strong>{formatMoney(statement.netCents)}</strong>
          </dd>
        </div>
      </dl>
      <p className="field-hint">{copy.noCredits}</p>
      <p className="field-hint">{copy.planNote}</p>
    </section>
  );
}

/** The amount columns of an earnings statement, in order (a line's and the totals'). */
const AMOUNT_COLUMNS = ["gross", "fee", "transferred", "reversed", "held"] as const;

/** One line's (or the totals') amounts, each cell labelled by its column on a narrow screen. */
function EarningsAmounts({ amounts }: { amounts: EarningsTotals }) {
  return (
    <>
      {AMOUNT_COLUMNS.map((column) => (
        <td key={column} data-label={EARNINGS_STATEMENT_COPY.columns[column]} className="cell-amount">
          {formatMoney(amounts[`${column}Cents`])}
        </td>
      ))}
    </>
  );
}

/** A consultant's earnings statement of one month: per deliverable, then the totals. */
export function EarningsStatementView({ statement }: { statement: EarningsStatement }) {
  const copy = EARNINGS_STATEMENT_COPY;
  const caption = copy.title(monthLabel(statement.month));
  const { totals } = statement;
  return (
    <section className="card stack statement" aria-labelledby="statement-title">
      <h2 id="statement-title" className="card-title">
        {caption}
      </h2>
      {statement.lines.length === 0 ? (
        <p className="empty-state">{copy.noLines}</p>
      ) : (
        <LabelledTable labelledBy="statement-title" className="statement-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.columns.business}</th>
              <th scope="col">{copy.columns.engagement}</th>
              <th scope="col">{copy.columns.item}</th>
              {AMOUNT_COLUMNS.map((column) => (
                <th key={column} scope="col" className="cell-amount">
                  {copy.columns[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {statement.lines.map((line) => (
              <tr key={line.itemId} className="statement-line">
                <td data-label={copy.columns.business}>{line.business}</td>
                <td data-label={copy.columns.engagement}>{line.engagement}</td>
                <td data-label={copy.columns.item}>{line.item}</td>
                <EarningsAmounts amounts={line} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="statement-total">
              <th scope="row" colSpan={3}>
                {copy.total}
              </th>
              <EarningsAmounts amounts={totals} />
            </tr>
          </tfoot>
        </LabelledTable>
      )}
      <p className="field-hint">{copy.grossNote}</p>
    </section>
  );
}
