import type { ReactNode } from "react";

/**
 * The parts every console editor page repeats (events, learning): the page header with its
 * eyebrow (a link back to the list on an item's page) and an aside such as a status badge, and a
 * card holding one table with its empty state. One markup, one set of styles (`.console-table`).
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

export type ConsoleTableProps<Row> = {
  /** The id of the card's heading, which also names the scrollable table region. */
  headingId: string;
  title: string;
  emptyText: string;
  columns: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's cells, one `<td>` per column. */
  cells: (row: Row) => ReactNode;
};

export function ConsoleTableCard<Row>({
  headingId,
  title,
  emptyText,
  columns,
  rows,
  rowKey,
  cells,
}: ConsoleTableProps<Row>) {
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="empty-state">{emptyText}</p>
      ) : (
        // Focusable and named, so a keyboard can scroll a table wider than a phone.
        <div className="console-table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="console-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>{cells(row)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
