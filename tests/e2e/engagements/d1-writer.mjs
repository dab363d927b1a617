// The browser tests' writer of mid-flow rows (d1.ts): a worker thread holding one Miniflare with
// the app's D1 binding on the state of the server under test, so a write costs a batch (tens of
// milliseconds) rather than a `wrangler d1 execute` (a new wrangler and workerd, 3 s of CPU).
// Plain JavaScript: a worker thread does not go through Vitest's transforms.
//
// Protocol: the test thread posts { statements }, then waits on `flag`; the reply ({ ok, error })
// comes on `port`, then `flag` is set.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { parentPort, workerData } from "node:worker_threads";
import { Miniflare } from "miniflare";

const { databaseId, d1Persist, writersDir, flag: flagBuffer, port } = workerData;
const flag = new Int32Array(flagBuffer);

/** This process's child processes (Miniflare's workerd among them, once started). */
function children() {
  const pids = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      pids.push(...readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8").split(/\s+/).filter(Boolean));
    } catch {
      // A thread that ended while we read.
    }
  }
  return new Set(pids.map(Number));
}

const before = children();
const mf = new Miniflare({
  modules: true,
  script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
  d1Databases: { DB: databaseId },
  d1Persist,
});
const db = await mf.getD1Database("DB");
// Left for the global teardown of the Vitest run that started this process (d1-writers.ts).
for (const pid of children()) {
  if (!before.has(pid)) writeFileSync(path.join(writersDir, `${process.ppid}-${pid}`), "");
}

parentPort.on("message", async ({ statements }) => {
  let reply;
  try {
    // One batch: every statement or none (a transaction).
    await db.batch(statements.map((statement) => db.prepare(statement)));
    reply = { ok: true };
  } catch (error) {
    reply = { ok: false, error: String(error?.message ?? error) };
  }
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
