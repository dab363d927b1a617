import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Where each stream's D1 writer (d1-writer.mjs) leaves the pid of its workerd, in the state of the
 * server under test: `<Vitest run's pid>-<workerd pid>` (the run is the parent of the test
 * process the writer runs in). Vitest ends a test process with SIGTERM, which runs no exit hook, so
 * the run's global teardown ends the workerd of its own writers (never the other stream's).
 */
export function writersDirectory(persistTo: string): string {
  const dir = path.join(persistTo, "e2e-writers");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Ends the workerd of every writer this Vitest run's test processes started. */
export function stopD1Writers(persistTo: string) {
  if (!persistTo) return;
  const dir = writersDirectory(persistTo);
  for (const name of readdirSync(dir)) {
    const match = /^(\d+)-(\d+)$/.exec(name);
    if (!match || Number(match[1]) !== process.pid) continue;
    const workerd = Number(match[2]);
    try {
      // Only the workerd it names: a pid can be reused by another program once its process ends.
      if (readFileSync(`/proc/${workerd}/cmdline`, "utf8").includes("workerd")) process.kill(workerd, "SIGKILL");
    } catch {
      // Already ended.
    }
    rmSync(path.join(dir, name), { force: true });
  }
}
