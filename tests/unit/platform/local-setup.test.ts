import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { announceDemo } from "../../../scripts/lib/demo-announce.mjs";
import { DEV_VARS_EXAMPLE, upgradeDevVars } from "../../../scripts/lib/local-setup.mjs";

describe("local settings (.dev.vars)", () => {
  it("the template leaves APP_URL empty, so links follow the address the app is opened on", () => {
    const template = readFileSync(DEV_VARS_EXAMPLE, "utf8");
    expect(template).toMatch(/^APP_URL=$/m);
    expect(template).not.toMatch(/^APP_URL=\S/m);
  });

  it("empties the APP_URL an earlier template pinned to port 8787", () => {
    expect(upgradeDevVars("APP_ENV=local\nAPP_URL=http://localhost:8787\nSIGNUP_LIMIT_PER_HOUR=\n")).toBe(
      "APP_ENV=local\nAPP_URL=\nSIGNUP_LIMIT_PER_HOUR=\n",
    );
    expect(upgradeDevVars("APP_URL=http://localhost:8787/\n")).toBe("APP_URL=\n");
  });

  it("keeps an APP_URL set on purpose", () => {
    for (const text of ["APP_URL=https://app.partwise.example\n", "APP_URL=http://localhost:18821\n", "APP_URL=\n"]) {
      expect(upgradeDevVars(text)).toBe(text);
    }
  });
});

describe("npm start's demo lines (scripts/lib/demo-announce.mjs)", () => {
  const url = "http://localhost:18802";
  /** A clock that reads 5 s after the start when the server answers and 47 s when the flows end. */
  function run(play: () => Promise<unknown>, waitForServer: () => Promise<void> = async () => undefined) {
    const lines: string[] = [];
    const times = [5_000, 47_000];
    const done = announceDemo({
      url,
      waitForServer,
      play,
      startedAt: 0,
      log: (line: string) => lines.push(line),
      now: () => times.shift() ?? 99_000,
    });
    return { lines, done };
  }

  it("says the server is up while the demo data loads, then 'demo ready' with the address", async () => {
    let release: (value: { played: boolean }) => void = () => undefined;
    const { lines, done } = run(() => new Promise((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // While the flows run: one line, saying the server is up and some accounts are not ready.
    expect(lines).toEqual([
      '\n▶ The server is up on http://localhost:18802 (5 s after npm start). The demo data is being loaded now, through the app itself: some demo accounts are not ready yet. Wait for the "demo ready" line (about a minute on a first start).\n',
    ]);
    release({ played: true });
    expect(await done).toBe(true);
    expect(lines[1]).toBe(
      "\n✔ demo ready on http://localhost:18802 (47 s after npm start). Sign in as demo@partwise.test / Partwise-demo-1; emails at http://localhost:18802/dev/outbox.\n",
    );
    expect(lines).toHaveLength(2);
  });

  it("says so when the demo data was already there (a second start)", async () => {
    const { lines, done } = run(async () => ({ played: false }));
    expect(await done).toBe(true);
    expect(lines[1]).toContain(
      "demo ready on http://localhost:18802 (47 s after npm start; the demo data was already there).",
    );
  });

  it("reports a failed flow without a 'demo ready' line; the server keeps running", async () => {
    const { lines, done } = run(async () => {
      throw new Error("demo business: sign-in answered 500");
    });
    expect(await done).toBe(false);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      "\n✖ The demo data could not be fully loaded (demo business: sign-in answered 500). The server keeps running on http://localhost:18802, but some demo accounts may be incomplete; delete .wrangler/state and run npm start again to start afresh.\n",
    );
    expect(lines.join("")).not.toContain("✔ demo ready");
  });

  it("plays nothing when the server never answers", async () => {
    let played = false;
    const { lines, done } = run(
      async () => {
        played = true;
      },
      async () => {
        throw new Error("the server exited (1) before http://127.0.0.1:18802/healthz answered");
      },
    );
    expect(await done).toBe(false);
    expect(played).toBe(false);
    expect(lines).toEqual([
      "\n✖ The server did not answer (the server exited (1) before http://127.0.0.1:18802/healthz answered); the demo data was not loaded.\n",
    ]);
  });
});
