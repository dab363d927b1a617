import { describe, expect, it } from "vitest";
import { EMPLOYER_SIZE_CLASSES, inDollarsOf } from "~/lib/benchmarking/benchmarks";
import { PAGE_MEASURES } from "~/lib/benchmarking/industry-page";
import {
  benchmarkPageCodes,
  benchmarkSectors,
  industryBenchmarkPage,
} from "~/server/benchmarking/industry-pages.server";
import naics from "~/data/naics-2022.json";
import { absByEmployerSize, absIndustry, REFERENCE_DATA } from "../benchmarking/committed-reference-data";

/** The page of a code that exists (the test fails loudly otherwise). */
function page(code: string) {
  const built = industryBenchmarkPage(REFERENCE_DATA, code);
  if (!built) throw new Error(`no page for ${code}`);
  return built;
}

describe("the public industry benchmark pages (issue #42)", () => {
  it("has a page for every 2022 NAICS code at every level, and none for anything else", () => {
    const codes = benchmarkPageCodes();
    expect(codes).toHaveLength((naics as unknown[]).length);
    expect(codes).toContain("44-45");
    expect(codes).toContain("722511");
    expect(codes.filter((code) => code.length === 6)).toHaveLength(1012);
    expect(benchmarkSectors()).toHaveLength(20);
    expect(industryBenchmarkPage(REFERENCE_DATA, "999999")).toBeNull();
    expect(industryBenchmarkPage(REFERENCE_DATA, "44")).toBeNull();
    expect(industryBenchmarkPage(REFERENCE_DATA, "")).toBeNull();
  });

  it("shows a code's own ABS figures, in their year and in today's dollars, with its levels above and below", () => {
    const restaurants = page("722511");
    const abs = absIndustry("722511")!;
    expect(restaurants.title).toBe("Full-Service Restaurants");
    expect(restaurants.parents.map((parent) => parent.code)).toEqual(["72", "722", "7225", "72251"]);
    expect(restaurants.children).toEqual([]);
    expect(restaurants.note).toBeNull();
    expect(restaurants.compared).toEqual({
      code: "722511",
      name: `${abs.label} (NAICS 722511)`,
      firms: abs.firms,
      source: abs.source,
    });
    expect(restaurants.figures.revenuePerEmployee).toEqual({
      published: abs.revenuePerEmployee,
      value: inDollarsOf(abs.revenuePerEmployee!, 2017),
      year: 2017,
    });
    expect(restaurants.figures.payrollPerEmployee.published).toBe(abs.payrollPerEmployee);
    expect(restaurants.figures.payrollShare.published).toBe(Math.round((abs.payroll! / abs.receipts!) * 1000) / 10);
    expect(restaurants.figures.employees.published).toBe(abs.employeesPerFirm);
    expect(restaurants.figures.revenue.published).toBe(abs.receiptsPerFirm);
    expect(Object.keys(restaurants.figures)).toEqual([...PAGE_MEASURES]);

    // Its parent levels: each its own ABS figures, the sector too.
    const sector = page("72");
    expect(sector.parents).toEqual([]);
    expect(sector.children.map((child) => child.code)).toEqual(["721", "722"]);
    expect(sector.figures.revenuePerEmployee.published).toBe(absIndustry("72")!.revenuePerEmployee);
    expect(page("7225").children.map((child) => child.code)).toEqual(["72251"]);
    expect(page("7225").figures.revenuePerEmployee.published).toBe(absIndustry("7225")!.revenuePerEmployee);
  });

  it("lists the sector's firms by employment size, withheld cells absent, in the order of the size classes", () => {
    const { bySize } = page("722511");
    expect(bySize?.sectorName).toBe("Accommodation and food services (NAICS 72)");
    expect(bySize?.rows.map((row) => row.sizeClass)).toEqual(
      EMPLOYER_SIZE_CLASSES.map((cls) => cls.code).filter((code) => absByEmployerSize("72", code) !== undefined),
    );
    const small = bySize!.rows.find((row) => row.sizeClass === "612")!;
    const census = absByEmployerSize("72", "612")!;
    expect(small.label).toBe("Firms with 1 to 4 employees");
    expect(small.firmShare).toBe(Math.round(census.firmShare! * 1000) / 10);
    expect(small.figures.revenuePerEmployee.published).toBe(census.revenuePerEmployee);
    // Firms with no employees have no revenue per employee: absent, never 0.
    const none = bySize!.rows.find((row) => row.sizeClass === "611")!;
    expect(none.figures.revenuePerEmployee).toEqual({ published: null, value: null, year: 2017 });
  });

  it("says so when the 2022 revision changed a code, and shows the nearest level that means the same industry", () => {
    const grocery = page("445110");
    expect(grocery.compared.code).toBe("44-45");
    expect(grocery.note).toBe(
      "NAICS 445110 (Supermarkets and Other Grocery Retailers (except Convenience Retailers)) was retitled in the 2022 NAICS revision, so the 2017 figures under the same digits may describe different firms; the nearest level that means the same industry and has published figures is Retail trade (NAICS 44-45) (the levels in between changed in 2022 or have no published figures).",
    );
    expect(grocery.figures.revenuePerEmployee.published).toBe(absIndustry("44-45")!.revenuePerEmployee);
    // A code new in 2022 says it is new.
    expect(page("459110").note).toMatch(/^NAICS 459110 \(Sporting Goods Retailers\) is new in the 2022 NAICS revision/);
  });

  it("compares a sector ABS does not survey with all industries, and says so", () => {
    const administration = page("92");
    expect(administration.compared.code).toBe("00");
    expect(administration.note).toBe(
      "The Annual Business Survey does not cover public administration (NAICS 92), so the figures are those of all industries.",
    );
    expect(administration.bySize?.sectorName).toBe("All industries");
  });
});
