import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BUDGETS_KB,
  CONFORM_ZOD,
  dynamicWeight,
  formatTable,
  kB,
  measureRoutes,
  ON_FOCUS,
  ON_FOCUS_BUDGET_KB,
} from "../../scripts/lib/js-weight.mjs";

type Row = { id: string; bytes: number; files: string[]; chartJs: string[] };
type Weights = { rows: Row[]; shared: { files: string[]; bytes: number }; chartJsFiles: string[] };

const CLIENT = path.resolve(__dirname, "../../build/client");
let weights: Weights;

beforeAll(() => {
  weights = measureRoutes(CLIENT) as Weights;
  console.log(formatTable(weights));
});

const row = (id: string) => {
  const found = weights.rows.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no page route ${id} in the build`);
  return found;
};

// Issue #17 item 3; figures and reasons in docs/decisions/041-javascript-weight.md.
describe("JavaScript per page of the production build (gzip)", () => {
  for (const [id, budget] of Object.entries(BUDGETS_KB as Record<string, number>)) {
    it(`${id} loads at most ${budget} kB`, () => {
      expect(row(id).bytes / 1000).toBeLessThanOrEqual(budget);
    });
  }

  // ADR 062: these pages check their forms with the action's own Zod schema, fetched on first focus.
  for (const [id, sources] of Object.entries(ON_FOCUS as Record<string, string[]>)) {
    it(`${id} fetches its form's schema on first focus, at most ${ON_FOCUS_BUDGET_KB} kB with the page`, () => {
      const page = row(id);
      const onFocus = dynamicWeight(CLIENT, page.files, [...sources, CONFORM_ZOD]) as {
        bytes: number;
        files: string[];
      };
      console.log(`${id}: ${kB(page.bytes)} kB, then ${kB(onFocus.bytes)} kB on first focus`);
      // Zod comes only with the focus: nothing of it is in the page's first load.
      expect(onFocus.bytes).toBeGreaterThan(15_000);
      expect((page.bytes + onFocus.bytes) / 1000).toBeLessThanOrEqual(ON_FOCUS_BUDGET_KB);
    });
  }

  it("measures every page, the shared entry included", () => {
    expect(weights.rows.length).toBeGreaterThan(40);
    expect(weights.shared.bytes).toBeGreaterThan(50_000);
  });

  it("ships chart.js in a chunk of its own that no page loads up front", () => {
    expect(weights.chartJsFiles.length).toBeGreaterThan(0);
    expect(weights.shared.files.filter((file) => weights.chartJsFiles.includes(file))).toEqual([]);
    const eager = weights.rows.filter((candidate) => candidate.chartJs.length > 0).map((candidate) => candidate.id);
    expect(eager).toEqual([]);
  });
});
