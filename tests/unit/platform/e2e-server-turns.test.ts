import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { withExclusiveTurn, withSharedTurn } from "../../e2e/server-turns";

// The browser-test streams' turns on the server (tests/e2e/server-turns.ts), with another
// process playing the other stream.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "turns-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Another process that writes `file` (named after its own pid), keeps it `ms`, then removes it. */
async function otherProcessHolds(name: (pid: string) => string, content: (pid: string) => string, ms: number) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const fs = require("node:fs"); const pid = String(process.pid);
       const file = require("node:path").join(${JSON.stringify(dir)}, (${name.toString()})(pid));
       fs.writeFileSync(file, (${content.toString()})(pid));
       setTimeout(() => fs.rmSync(file), ${ms});`,
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  while (readdirSync(dir).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  return { pid: child.pid, exited };
}

describe("e2e server turns", () => {
  test("a write waits until the other stream's running test has ended", async () => {
    const other = await otherProcessHolds(
      (pid) => `test-${pid}-0`,
      () => "",
      400,
    );
    const marker = path.join(dir, `test-${other.pid}-0`);
    const started = Date.now();
    const sawMarker = withExclusiveTurn(() => existsSync(marker), dir);
    expect(sawMarker).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(readdirSync(dir)).toEqual([]);
    await other.exited;
  });

  test("a test waits while the other stream writes, and starts after", async () => {
    const other = await otherProcessHolds(
      () => "sql.lock",
      (pid) => pid,
      400,
    );
    const started = Date.now();
    const sawLock = await withSharedTurn(async () => existsSync(path.join(dir, "sql.lock")), dir);
    expect(sawLock).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await other.exited;
  });

  test("the turns a dead process left are ignored and removed", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(path.join(dir, `test-${dead}-3`), "");
    expect(withExclusiveTurn(() => "written", dir)).toBe("written");
    writeFileSync(path.join(dir, "sql.lock"), String(dead));
    expect(
      await withSharedTurn(async () => readdirSync(dir).filter((name) => name.startsWith("test-")).length, dir),
    ).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a test that writes does not wait on its own turn, and holds it again after", async () => {
    const during = await withSharedTurn(async () => {
      const inWrite = withExclusiveTurn(() => readdirSync(dir).sort(), dir);
      return { inWrite, after: readdirSync(dir) };
    }, dir);
    expect(during.inWrite).toEqual(["sql.lock"]);
    expect(during.after).toEqual([expect.stringMatching(new RegExp(`^test-${process.pid}-\\d+$`))]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
