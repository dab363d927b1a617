import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Each domain owns its tables (docs/architecture.md): another domain changes the business row only
// through the business domain's functions (app/server/business/business-row.server.ts), so the
// claims that make a plan, customer, subscription or trial write happen once live in one place.
const ROOT = path.join(__dirname, "../../..");
const OWNER = "app/server/business/";
const WRITE =
  /\.(?:insert|update|delete)\(\s*businesses\s*\)|\b(?:UPDATE|INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|DELETE\s+FROM)\s+["`]?businesses\b/gi;

/** Every TypeScript source of the app and the Worker's entry points, as paths from the root. */
function sources(): string[] {
  return ["app", "functions"].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `${folder}/${file.split(path.sep).join("/")}`),
  );
}

/** `file:line` of each write to the businesses table in a source. */
function writesIn(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(WRITE)].map((match) => `${file}:${text.slice(0, match.index).split("\n").length}`);
}

describe("the businesses table", () => {
  it("is written only by the business domain", () => {
    const files = sources();
    // The scan sees the owner's own writes, so a pattern that stopped matching would show here.
    expect(files.filter((file) => file.startsWith(OWNER)).flatMap(writesIn).length).toBeGreaterThan(0);
    expect(files.filter((file) => !file.startsWith(OWNER)).flatMap(writesIn)).toEqual([]);
  });
});
