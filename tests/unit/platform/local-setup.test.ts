import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
