import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The six pinned framework patches (patches/, applied by patch-package in `npm install`'s
 * postinstall; why each exists and what upstream change retires it: ADR 042, "The patches").
 * patch-package only warns when a patch no longer applies locally, so this fails instead: every
 * line a patch adds must be in the installed file it patches.
 */
const ROOT = path.resolve(__dirname, "../../..");
const PATCHES = path.join(ROOT, "patches");

/** The lines each patch adds, by the file (relative to the repository) it adds them to. */
function addedLines(patch: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of patch.split("\n")) {
    if (line.startsWith("+++ b/")) {
      current = [];
      byFile.set(line.slice("+++ b/".length), current);
    } else if (line.startsWith("+") && current && line.slice(1).trim() !== "") {
      current.push(line.slice(1));
    }
  }
  return byFile;
}

const patchFiles = readdirSync(PATCHES).filter((name) => name.endsWith(".patch"));

describe("the framework patches", () => {
  it("are the six ADR 042 names, each pinned to an exact version", () => {
    expect(patchFiles.sort()).toEqual([
      "@remix-run+react+2.17.5.patch",
      "@remix-run+router+1.23.3.patch",
      "@remix-run+server-runtime+2.17.5.patch",
      "react-dom+18.3.1.patch",
      "react-router+6.30.4.patch",
      "react-router-dom+6.30.4.patch",
    ]);
    const adr = readFileSync(path.join(ROOT, "docs/decisions/042-request-cost.md"), "utf8");
    for (const name of patchFiles) expect(adr, name).toContain(`patches/${name}`);
  });

  it.each(patchFiles)("%s is applied to the installed package", (name) => {
    const [, pkg, version] = /^(.+)\+([^+]+)\.patch$/.exec(name) ?? [];
    const packageName = pkg.replace("+", "/");
    const installed = JSON.parse(readFileSync(path.join(ROOT, "node_modules", packageName, "package.json"), "utf8"));
    expect(installed.version, `${packageName} is installed at the patch's version`).toBe(version);

    const files = addedLines(readFileSync(path.join(PATCHES, name), "utf8"));
    expect(files.size).toBeGreaterThan(0);
    for (const [file, lines] of files) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      expect(lines.length, file).toBeGreaterThan(0);
      const missing = lines.filter((line) => !text.includes(line));
      expect(missing, `${file}: lines of ${name} not in the installed file`).toEqual([]);
    }
  });
});
