import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/**
 * Turns on the server under test between the browser-test streams (scripts/e2e.mjs runs two
 * Vitest processes against one `wrangler dev`).
 *
 * A test that starts mid-flow writes its rows through a Miniflare of its own (d1.ts): a second
 * workerd process on the server's SQLite file. The server's D1 has no busy wait, so a write it
 * makes while that process holds the file's write lock fails (SQLITE_BUSY: a 500 no test caused,
 * met once in a clean-clone run). So every browser test holds a shared turn for as long as it
 * runs, and such a write waits for an exclusive one: until every test the other stream is running
 * has ended, while no new one starts. Only the tests that write this way ever wait.
 *
 * The turns are files in a directory inside the server's throw-away state: `test-<pid>-<n>` for a shared
 * turn, `sql.lock` (holding the writer's pid) for the exclusive one. A file left by a process that
 * died is ignored.
 */

const SLEEP_MS = 100;
/** Longer than any test runs (its timeout and hooks), so a turn is always given back before. */
const EXCLUSIVE_WAIT_MS = 180_000;
const WRITER = "sql.lock";

let counter = 0;
/** This process's shared turn, while one of its tests runs. */
let shared: string | null = null;

/** The turns' directory, in the state of the server under test (removed with it); null when unknown. */
function directory(): string | null {
  const persistTo = inject("persistTo");
  if (!persistTo) return null;
  const dir = path.join(persistTo, "e2e-turns");
  mkdirSync(dir, { recursive: true });
  return dir;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function writerPid(dir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dir, WRITER), "utf8"));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Another live process is writing (or about to): its pid. A dead writer's lock is removed. */
function otherWriter(dir: string): number | null {
  const pid = writerPid(dir);
  if (pid === null || pid === process.pid) return null;
  if (alive(pid)) return pid;
  rmSync(path.join(dir, WRITER), { force: true });
  return null;
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function tryShared(dir: string): string | null {
  if (otherWriter(dir) !== null) return null;
  const file = path.join(dir, `test-${process.pid}-${counter++}`);
  writeFileSync(file, "");
  if (otherWriter(dir) === null) return file;
  rmSync(file, { force: true });
  return null;
}

/** Runs a test while holding a shared turn (waiting while the other stream writes rows). */
export async function withSharedTurn<T>(run: () => Promise<T>, dir = directory()): Promise<T> {
  if (!dir) return run();
  let file = tryShared(dir);
  while (!file) {
    await new Promise((resolve) => setTimeout(resolve, SLEEP_MS));
    file = tryShared(dir);
  }
  shared = file;
  try {
    return await run();
  } finally {
    shared = null;
    rmSync(file, { force: true });
  }
}

/** The shared turns other live processes hold (their dead ones are removed). */
function othersShared(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const match = /^test-(\d+)-\d+$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid) continue;
    if (alive(pid)) count++;
    else rmSync(path.join(dir, name), { force: true });
  }
  return count;
}

/**
 * Runs `write` (synchronous: it waits for the stream's D1 writer) once no other process's test is
 * running against the server and none can start until it returns. The asking test gives its own
 * shared turn back while it waits (so two streams that both write never wait on each other) and
 * takes it again after.
 */
export function withExclusiveTurn<T>(write: () => T, dir = directory()): T {
  if (!dir) return write();
  const own = shared;
  if (own) rmSync(own, { force: true });
  try {
    return exclusive(dir, write);
  } finally {
    if (own) writeFileSync(own, "");
  }
}

function exclusive<T>(dir: string, write: () => T): T {
  const deadline = Date.now() + EXCLUSIVE_WAIT_MS;
  const lock = path.join(dir, WRITER);
  for (;;) {
    try {
      const fd = openSync(lock, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      otherWriter(dir);
      if (Date.now() > deadline) throw new Error("e2e: another test stream kept the server's database for 3 minutes.");
      sleepSync(SLEEP_MS);
    }
  }
  try {
    while (othersShared(dir) > 0) {
      if (Date.now() > deadline) throw new Error("e2e: the other test stream's test did not end within 3 minutes.");
      sleepSync(SLEEP_MS);
    }
    return write();
  } finally {
    rmSync(lock, { force: true });
  }
}
