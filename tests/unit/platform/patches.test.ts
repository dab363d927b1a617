import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The pinned framework patches (patches/, applied by patch-package in `npm install`'s postinstall:
 * six of ADR 042, whose "The patches" says why each exists and what upstream change retires it, and
 * two of ADR 055, the test pool's and wrangler dev's proxy's).
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
  it("are the six ADR 042 names, the test pool's and wrangler dev's (ADR 055), each pinned to an exact version", () => {
    expect(patchFiles.sort()).toEqual([
      "@cloudflare+vitest-pool-workers+0.15.1.patch",
      "@remix-run+react+2.17.5.patch",
      "@remix-run+router+1.23.3.patch",
      "@remix-run+server-runtime+2.17.5.patch",
      "react-dom+18.3.1.patch",
      "react-router+6.30.4.patch",
      "react-router-dom+6.30.4.patch",
      "wrangler+4.86.0.patch",
    ]);
    const adrs = ["042-request-cost.md", "055-test-loop-on-two-cores.md"]
      .map((file) => readFileSync(path.join(ROOT, "docs/decisions", file), "utf8"))
      .join("\n");
    for (const name of patchFiles) expect(adrs, name).toContain(`patches/${name}`);
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

  it("the test pool's string escaper writes exactly what devalue's loop wrote, for every UTF-16 unit", () => {
    // The pool sends each module's code to workerd as devalue JSON; the patch swaps devalue's
    // character loop for one regular expression (ADR 055). The loop comes from the patch's removed
    // lines, the expression from the installed file: both must write the same text.
    const patch = readFileSync(path.join(PATCHES, "@cloudflare+vitest-pool-workers+0.15.1.patch"), "utf8");
    const removed = patch
      .split("\n")
      .filter((line) => line.startsWith("-\t"))
      .map((line) => line.slice(1))
      .join("\n");
    const installed = readFileSync(
      path.join(ROOT, "node_modules/@cloudflare/vitest-pool-workers/dist/pool/index.mjs"),
      "utf8",
    );
    const escaper = /\/\*\* @param \{string\} char \*\/\nfunction get_escaped_char[\s\S]*?\n}\n/.exec(installed)?.[0];
    const patched = /\nfunction stringify_string\(str\) \{\n[\s\S]*?\n}\n/.exec(installed)?.[0];
    expect(escaper && patched).toBeTruthy();
    type Escape = (text: string) => string;
    const loop = new Function(
      `${escaper}\nfunction stringify_string(str) {\n${removed}\n}\nreturn stringify_string;`,
    )() as Escape;
    const regex = new Function(`${escaper}${patched}\nreturn stringify_string;`)() as Escape;

    let every = "";
    for (let unit = 0; unit < 0x10000; unit++) every += String.fromCharCode(unit);
    expect(regex(every)).toBe(loop(every));
    const samples = [
      "plain",
      "",
      'say "hi" <b>\\n</b>\n\r\t\b\f\u2028\u2029\u0000\u001f\ud800 end',
      "x".repeat(1000) + "<",
    ];
    for (const sample of samples) expect(regex(sample)).toBe(loop(sample));
    expect(regex('a"<\n')).toBe('"a\\"\\u003C\\n"');
  });
});
