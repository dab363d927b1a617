import type { ReactNode } from "react";
import { LabelledTable } from "~/components/ui/labelled-table";
import { revenueBandLabel } from "~/lib/shared/format";

/**
 * The parts every console editor page repeats (events, learning): the page header with its
 * eyebrow (a link back to the list on an item's page) and an aside such as a status badge, and a
 * card holding one table with its empty state. One markup, one set of styles (`.labelled-table`: a card per row on a phone).
 */
export function ConsolePageHeader({ eyebrow, title, aside }: { eyebrow: ReactNode; title: string; aside?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
      </div>
      {aside ?? null}
    </header>
  );
}

/** One column of a console table: its header, which also labels its cells on a phone, and its cell. */
export type ConsoleColumn<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  className?: string;
};

export type ConsoleTableProps<Row> = {
  /** The id of the card's heading, which also names the table's region. */
  headingId: string;
  title: string;
  emptyText: string;
  columns: readonly ConsoleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
};

export function ConsoleTableCard<Row>({ headingId, title, emptyText, columns, rows, rowKey }: ConsoleTableProps<Row>) {
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="empty-state">{emptyText}</p>
      ) : (
        <LabelledTable labelledBy={headingId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.className}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.label} data-label={column.label} className={column.className}>
                    {/* One box, so a phone's two-column card keeps the cell's parts together. */}
                    <div>{column.cell(row)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </LabelledTable>
      )}
    </section>
  );
}

/** What the console shows of a request's business; the revenue band and the contact where the page has them. */
export type ConsoleBusinessFacts = {
  name: string;
  location: string;
  naics: string;
  naicsTitle: string | null;
  revenueBand?: string;
  employeeBand: string;
  plan: string;
  contact?: { name: string; email: string };
};

/** A request's business as a card of facts (the insight and match request pages). */
export function ConsoleBusinessCard({
  headingId,
  title,
  business,
}: {
  headingId: string;
  title: string;
  business: ConsoleBusinessFacts;
}) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
      </h2>
      <dl className="insight-facts">
        <dt>Company</dt>
        <dd>{business.name}</dd>
        <dt>Location</dt>
        <dd>{business.location}</dd>
        <dt>NAICS</dt>
        <dd>
          {business.naics}
          {business.naicsTitle ? ` – ${business.naicsTitle}` : null}
        </dd>
        {business.revenueBand !== undefined ? (
          <>
            <dt>Revenue</dt>
            <dd>{revenueBandLabel(business.revenueBand)}</dd>
          </>
        ) : null}
        <dt>Employees</dt>
        <dd>{business.employeeBand}</dd>
        <dt>Plan</dt>
        <dd>{business.plan}</dd>
        {business.contact ? (
          <>
            <dt>Contact</dt>
            <dd>
              {business.contact.name} · <a href={`mailto:${business.contact.email}`}>{business.contact.email}</a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
