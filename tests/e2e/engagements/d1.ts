import { readFileSync } from "node:fs";
import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { inject } from "vitest";
import { sqlLiteral } from "~db/seed/demo";
import { firstMonthOf, retainerBackdateSql } from "../../../scripts/lib/demo-backdate.mjs";
import { withExclusiveTurn } from "../server-turns";
import { writersDirectory } from "./d1-writers";

/**
 * Rows for browser tests that start mid-flow (a plan already signed, an item already paid): SQL
 * written in one batch through the app's D1 binding on the state of the server under test (its
 * --persist-to directory, provided by the global setup), by a Miniflare each stream keeps in a
 * worker thread (d1-writer.mjs). Only what the test is not about is written this way; the
 * behaviour under test is driven through the browser.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** How often a write the server's own SQLite lock refused is tried (SQLITE_BUSY). */
const BUSY_ATTEMPTS = 6;
/** Longer than any batch of rows takes, so a writer that hangs fails the test rather than the run. */
const WRITE_TIMEOUT_MS = 60_000;

export function runSql(statements: string[]): void {
  withExclusiveTurn(() => execute(statements));
}

/** The app's D1 database id (wrangler.toml): local state is kept by it. */
function databaseId(): string {
  const match = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"));
  if (!match) throw new Error("e2e: wrangler.toml names no D1 database_id.");
  return match[1];
}

type Writer = { worker: Worker; flag: Int32Array; replies: MessagePort };
let writer: Writer | null = null;

/**
 * The stream's writer, started at its first write: a worker thread, so this (synchronous) call
 * can wait for it. Its workerd is ended by the global teardown once this process has ended
 * (d1-writers.ts).
 */
function getWriter(persistTo: string): Writer {
  if (writer) return writer;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1: replies, port2 } = new MessageChannel();
  const worker = new Worker(path.join(import.meta.dirname, "d1-writer.mjs"), {
    workerData: {
      databaseId: databaseId(),
      d1Persist: path.join(persistTo, "v3", "d1"),
      writersDir: writersDirectory(persistTo),
      flag: flag.buffer,
      port: port2,
    },
    transferList: [port2],
  });
  worker.unref();
  writer = { worker, flag, replies };
  return writer;
}

/** Posts the statements to the writer and waits (blocking this thread) for its answer. */
function write({ worker, flag, replies }: Writer, statements: string[]): { ok: boolean; error?: string } {
  // A reply that came after an earlier write gave up waiting is not this write's answer.
  while (receiveMessageOnPort(replies));
  Atomics.store(flag, 0, 0);
  worker.postMessage({ statements });
  if (Atomics.wait(flag, 0, 0, WRITE_TIMEOUT_MS) === "timed-out") {
    throw new Error(`e2e: the D1 writer gave no answer in ${WRITE_TIMEOUT_MS / 1000} s.`);
  }
  const reply = receiveMessageOnPort(replies)?.message as { ok: boolean; error?: string } | undefined;
  if (!reply) throw new Error("e2e: the D1 writer answered nothing.");
  return reply;
}

function execute(statements: string[]): void {
  const persistTo = inject("persistTo");
  if (!persistTo) throw new Error("e2e: the server's persist directory is unknown (E2E_PERSIST_TO).");
  const current = getWriter(persistTo);
  for (let attempt = 1; ; attempt++) {
    const result = write(current, statements);
    if (result.ok) return;
    // The server holds the database while it writes (a request, a queue job): nothing was written,
    // so wait a little and try again.
    if (/SQLITE_BUSY|database is locked/.test(result.error ?? "") && attempt < BUSY_ATTEMPTS) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
      continue;
    }
    throw new Error(`e2e: writing rows failed: ${result.error}`);
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
