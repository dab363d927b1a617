import { spawnSync } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";
import { sqlLiteral } from "~db/seed/demo";
import { firstMonthOf, retainerBackdateSql } from "../../../scripts/lib/demo-backdate.mjs";
import { withExclusiveTurn } from "../server-turns";

/**
 * Rows for browser tests that start mid-flow (a plan already signed, an item already paid): SQL run
 * with `wrangler d1 execute --local` against the state of the server under test (its
 * --persist-to directory, provided by the global setup). Only what the test is not about is
 * written this way; the behaviour under test is driven through the browser.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** How often a write the server's own SQLite lock refused is tried (SQLITE_BUSY). */
const BUSY_ATTEMPTS = 6;

export function runSql(statements: string[]): void {
  withExclusiveTurn(() => execute(statements));
}

function execute(statements: string[]): void {
  const persistTo = inject("persistTo");
  if (!persistTo) throw new Error("e2e: the server's persist directory is unknown (E2E_PERSIST_TO).");
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      path.join(ROOT, "node_modules", ".bin", "wrangler"),
      ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", statements.join(";\n")],
      {
        cwd: ROOT,
        env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
        encoding: "utf8",
      },
    );
    if (result.status === 0) return;
    const output = result.stderr || result.stdout;
    // The server holds the database while it writes (a request, a queue job): nothing was written,
    // so wait a little and try again.
    if (/SQLITE_BUSY|database is locked/.test(output) && attempt < BUSY_ATTEMPTS) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
      continue;
    }
    throw new Error(`wrangler d1 execute failed: ${output}`);
  }
}

type Value = string | number | null;

/** `INSERT INTO table (…) VALUES (…)` of one row. */
export function insertRow(table: string, row: Record<string, Value>): string {
  const columns = Object.keys(row);
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((column) => sqlLiteral(row[column] ?? null)).join(", ")})`;
}

/**
 * Time passing for a signed retainer or coaching plan (docs/decisions/082, 085), written as SQL:
 * its start moves a month back (the day clamped to a shorter month's last), so that its first
 * month, and the extra hours bought for it, ended before today. Its month's new period and title.
 */
export function endFirstMonth(outlineId: string, today: string): { start: string; end: string; title: string } {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(year, month - 2, Math.min(day, lastDay))).toISOString().slice(0, 10);
  runSql(retainerBackdateSql(outlineId, start));
  return firstMonthOf(start);
}
