import { describe } from "vitest";

/**
 * Runs several small test modules (`*.cases.ts`) in the one test file that calls this, each in a
 * describe block of its own name (its hooks stay inside it): every integration file pays a few
 * seconds for its own workerd and the server build (docs/decisions/055), so a domain's small
 * modules share one. They share that file's storage too, as the tests of one file always do.
 * `modules` is `import.meta.glob("./*.cases.ts")`.
 */
export function describeCases(modules: Record<string, () => Promise<unknown>>) {
  const entries = Object.entries(modules).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) throw new Error("describeCases: no *.cases.ts module matched.");
  for (const [path, load] of entries) {
    describe(path.replace(/^\.\//, "").replace(/\.cases\.ts$/, ""), async () => {
      await load();
    });
  }
}
