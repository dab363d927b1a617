/**
 * The pure parts of a data export (docs/decisions/069): how a table's rows become JSON and CSV,
 * which columns never leave (secrets), and the names inside the ZIP. Unit-tested.
 */

/** Columns that are secrets, never exported: password hashes, OAuth tokens (even encrypted), token hashes. */
const SECRET_COLUMN = /password|token|ciphertext|secret/i;

export type ExportRow = Record<string, unknown>;

/**
 * A row as exported: secret columns dropped, `*_at` millisecond timestamps as ISO 8601, JSON text
 * columns left as the text they are.
 */
export function exportRow(row: ExportRow): ExportRow {
  const out: ExportRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (SECRET_COLUMN.test(column)) continue;
    out[column] =
      /_at$/.test(column) && typeof value === "number" && Number.isFinite(value)
        ? new Date(value).toISOString()
        : value;
  }
  return out;
}

function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  // A value a spreadsheet would run as a formula starts with a quote (as the audit CSV does).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV of rows already passed through exportRow, with a byte-order mark; the columns are the union of the rows'. */
export function rowsCsv(rows: readonly ExportRow[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column]))];
  return "\uFEFF" + lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/**
 * The ZIP entry of a stored file: under `files/`, its key without the owner's prefix, so the
 * names cannot climb out of the folder (no empty, `.` or `..` segments).
 */
export function fileEntryName(key: string, prefix: string): string {
  const rest = key.startsWith(prefix) ? key.slice(prefix.length) : key;
  const safe = rest
    .split("/")
    .filter((segment) => segment !== "" && segment !== "." && segment !== "..")
    .map((segment) =>
      Array.from(segment, (char) => (char.charCodeAt(0) < 32 || '\\:*?"<>|'.includes(char) ? "_" : char)).join(""),
    )
    .join("/");
  return `files/${safe || "file"}`;
}

/** The export's progress (0–100): the tables are the first 20, the files the next 70, the ZIP the rest. */
export function exportProgress(stage: "tables" | "files" | "zip", done = 0, total = 0): number {
  if (stage === "tables") return 20;
  if (stage === "zip") return 95;
  return total === 0 ? 90 : 20 + Math.floor((70 * Math.min(done, total)) / total);
}

/** When a ready export's link stops working. */
export function exportExpiry(readyAt: Date, days: number): Date {
  return new Date(readyAt.getTime() + days * 24 * 60 * 60 * 1000);
}
