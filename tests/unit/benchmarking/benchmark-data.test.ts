import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildBenchmarks,
  csvRecords,
  INPUT_FILES,
  measures,
  NAICS_STRUCTURE_FILE,
  naicsLevel,
  parseAbsSizeTable,
  parseCount,
  parseEconomicCensus,
  parseSusb,
  serializeBenchmarks,
} from "../../../scripts/lib/benchmark-csv.mjs";
import {
  absSectorOf,
  EMPLOYER_SIZE_CLASSES,
  employerSizeClassOf,
  inDollarsOf,
  RECEIPTS_SIZE_CLASSES,
  receiptsSizeClassOf,
  type Measures,
} from "~/lib/benchmarking/benchmarks";
import {
  absByEmployerSize,
  absByReceiptsSize,
  absCodesAtLevel,
  absIndustry,
  constructionIndustry,
  retailIndustry,
  sectorDistribution,
  susbByEnterpriseSize,
} from "./committed-reference-data";

const ROOT = path.resolve(__dirname, "../../..");
const SOURCE = path.join(ROOT, "data/sources/benchmarks");
const STRUCTURE = path.join(ROOT, "data/sources/naics", NAICS_STRUCTURE_FILE);

const SECTORS = absCodesAtLevel(2);
const sum = (values: (number | undefined)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);

describe("CSV reading", () => {
  it("keeps commas inside quoted fields and maps fields to the header", () => {
    const text = '"NAICS2017","NAICS2017_LABEL","FIRMPDEMP"\n"11","Agriculture, forestry, fishing","28556"\n';
    expect(csvRecords(text)).toEqual([
      { NAICS2017: "11", NAICS2017_LABEL: "Agriculture, forestry, fishing", FIRMPDEMP: "28556" },
    ]);
  });

  it("refuses a row with the wrong number of fields", () => {
    expect(() => csvRecords("a,b\n1,2,3\n")).toThrow("row has 3 fields");
  });

  it("reads counts with or without thousands separators; Census symbols and blanks are no number", () => {
    expect(parseCount("1,000-1,499".split("-")[0])).toBe(1000);
    expect(parseCount("36579575617")).toBe(36579575617);
    expect(parseCount(" 4,151,589 ")).toBe(4151589);
    for (const raw of ["", "N", "D", "(D)", "S", "X", "1.5", "-3", undefined]) expect(parseCount(raw)).toBeUndefined();
  });

  it("gives NAICS levels: 00 is 0, combined and plain sectors 2, else the digit count", () => {
    expect(naicsLevel("00")).toBe(0);
    expect(naicsLevel("44-45")).toBe(2);
    expect(naicsLevel("99")).toBe(2);
    expect(naicsLevel("4411")).toBe(4);
    expect(naicsLevel("541211")).toBe(6);
    expect(() => naicsLevel("Total")).toThrow("not a NAICS code");
  });
});

describe("measures", () => {
  it("turns $1,000 into dollars and derives the ratios", () => {
    expect(measures({ firms: 2, receiptsK: 300, employees: 4, payrollK: 100 })).toEqual({
      firms: 2,
      receipts: 300000,
      employees: 4,
      payroll: 100000,
      revenuePerEmployee: 75000,
      payrollPerEmployee: 25000,
      employeesPerFirm: 2,
      receiptsPerFirm: 150000,
    });
  });

  it("leaves withheld (0) and missing cells out, with the ratios that need them", () => {
    expect(measures({ firms: 52, receiptsK: 0, employees: 3285, payrollK: 28749 })).toEqual({
      firms: 52,
      employees: 3285,
      payroll: 28749000,
      payrollPerEmployee: 8752,
      employeesPerFirm: 63.17,
    });
    expect(measures({ firms: 0, receiptsK: 0, employees: 0, payrollK: 0 })).toEqual({});
    expect(measures({})).toEqual({});
  });

  it("keeps a published 0 employees only where asked (ABS class 611) and only with firms", () => {
    expect(measures({ firms: 10, receiptsK: 5, employees: 0, payrollK: 1 }, { zeroEmployeesIsReal: true })).toEqual({
      firms: 10,
      receipts: 5000,
      employees: 0,
      payroll: 1000,
      employeesPerFirm: 0,
      receiptsPerFirm: 500,
    });
    expect(measures({ firms: 0, employees: 0 }, { zeroEmployeesIsReal: true })).toEqual({});
    expect(measures({ firms: 10, employees: 0 })).toEqual({ firms: 10 });
  });

  it("computes each class's share of the sector's firms", () => {
    const text =
      "NAICS2017,NAICS2017_LABEL,EMPSZFI,EMPSZFI_LABEL,FIRMPDEMP,RCPPDEMP,EMP,PAYANN\n" +
      "23,Construction,001,All firms,4,8,8,4\n23,Construction,611,None,1,1,0,1\n23,Construction,612,1 to 4,3,7,8,3\n";
    const t = parseAbsSizeTable(text, "EMPSZFI");
    expect(t.classes).toEqual({ "001": "All firms", "611": "None", "612": "1 to 4" });
    expect(t.sectors["23"].classes["611"]).toMatchObject({ firms: 1, employees: 0, firmShare: 0.25 });
    expect(t.sectors["23"].classes["612"].firmShare).toBe(0.75);
    expect(t.sectors["23"].classes["001"].firmShare).toBeUndefined();
  });
});

describe("the SUSB and Economic Census readers", () => {
  it("SUSB: quoted size labels, '--' as 00, and D/S-flagged (withheld) employment and payroll left out", () => {
    const text =
      "naics_sector,naics_description,entrsize_code,entrsize_label,firms,establishments,employment,employment_noise_flag,annual_payroll_kusd\n" +
      '--,Total,31,"1,000-1,499",3412,83203,4151589,G,305347201\n' +
      '21,"Mining, quarrying",02,<5,10,12,0,D,0\n';
    const t = parseSusb(text);
    expect(t.classes).toEqual({ "31": "1,000-1,499", "02": "<5" });
    expect(t.sectors["00"].classes["31"]).toMatchObject({ firms: 3412, employees: 4151589, payroll: 305347201000 });
    expect(t.sectors["21"]).toEqual({
      label: "Mining, quarrying",
      classes: { "02": { establishments: 12, firms: 10 } },
    });
  });

  it("Economic Census: refuses a row of another year", () => {
    const text = "NAICS2017,NAICS2017_LABEL,YEAR,FIRM,ESTAB,EMP,PAYANN,RCPTOT\n441,Motor vehicle,2012,1,1,1,1,1\n";
    expect(() => parseEconomicCensus(text, "NAICS2017", 2017)).toThrow("YEAR 2012, expected 2017");
  });
});

describe("ABS 2017 by NAICS code: published totals (data README)", () => {
  const total = absIndustry("00")!;

  it("all sectors: 5,744,643 firms, $36,579,575,617K receipts, 127,738,274 employees, payroll $6.53T", () => {
    expect(total).toMatchObject({ level: 0, firms: 5744643, receipts: 36579575617000, employees: 127738274 });
    expect(total.payroll! / 1e12).toBeCloseTo(6.53, 2);
    expect(total.revenuePerEmployee! / 1000).toBeCloseTo(286, 0);
    expect(total.source).toMatchObject({ key: "abs2017", year: 2017, naicsEdition: 2017 });
  });

  it("has the README's code counts per level: 20 sectors, 83, 281, 626 and 954", () => {
    expect(SECTORS).toHaveLength(20);
    expect(SECTORS).toEqual(expect.arrayContaining(["31-33", "44-45", "48-49", "99"]));
    expect([3, 4, 5, 6].map((l) => absCodesAtLevel(l).length)).toEqual([83, 281, 626, 954]);
  });

  it("the 20 sectors' receipts and employees add up to the all-sector total (±$2K, ±1 employee)", () => {
    const rows = SECTORS.map((c) => absIndustry(c)!);
    expect(Math.abs(sum(rows.map((r) => r.receipts)) - total.receipts!)).toBeLessThanOrEqual(2000);
    expect(Math.abs(sum(rows.map((r) => r.employees)) - total.employees!)).toBeLessThanOrEqual(1);
  });

  it("sector firm counts add up to 5.81M, not 5.74M (a multi-sector firm counts in each)", () => {
    expect(sum(SECTORS.map((c) => absIndustry(c)!.firms)) / 1e6).toBeCloseTo(5.81, 2);
  });

  it("the 16 withheld codes keep their label and level but have no figures", () => {
    const withheld = [2, 3, 4, 5, 6]
      .flatMap((l) => absCodesAtLevel(l))
      .filter((c) => absIndustry(c)!.firms === undefined);
    expect(withheld).toHaveLength(16);
    expect(withheld).toEqual(expect.arrayContaining(["115113", "5174", "541840", "812922"]));
    const casket = absIndustry("339995")!;
    expect(casket).toMatchObject({ label: "Burial casket manufacturing", level: 6 });
    for (const key of ["firms", "receipts", "employees", "payroll", "revenuePerEmployee", "receiptsPerFirm"]) {
      expect(casket).not.toHaveProperty(key);
    }
  });

  it("derives the ratios right: retail trade 44-45 (by hand from the CSV)", () => {
    // "44-45","Retail trade","648335","4912094399","15981504","443795772"
    expect(absIndustry("44-45")).toMatchObject({
      label: "Retail trade",
      level: 2,
      firms: 648335,
      receipts: 4912094399000,
      employees: 15981504,
      payroll: 443795772000,
      revenuePerEmployee: 307361,
      payrollPerEmployee: 27769,
      employeesPerFirm: 24.65,
      receiptsPerFirm: 7576476,
    });
  });

  it("derives the ratios right: offices of CPAs 541211 (by hand from the CSV)", () => {
    // "541211","Offices of certified public accountants","54153","103380048","541848","41554460"
    expect(absIndustry("541211")).toMatchObject({
      level: 6,
      firms: 54153,
      receipts: 103380048000,
      employees: 541848,
      payroll: 41554460000,
      revenuePerEmployee: 190792,
      payrollPerEmployee: 76690,
      employeesPerFirm: 10.01,
      receiptsPerFirm: 1909036,
    });
  });

  it("answers undefined for a code ABS does not publish", () => {
    expect(absIndustry("111110")).toBeUndefined();
    expect(absIndustry("44")).toBeUndefined();
  });
});

/** The size classes of a sector add up to its all-firms row for each measure no class withheld. */
function expectClassesAddUp(
  read: (sector: string, cls: string) => Measures | undefined,
  classes: readonly { code: string }[],
  sector: string,
) {
  const all = read(sector, "001")!;
  const rows = classes.map((c) => read(sector, c.code)!);
  const tolerance = { firms: 2, employees: 2, receipts: 2000, payroll: 2000 } as const;
  let checked = 0;
  for (const key of ["firms", "employees", "receipts", "payroll"] as const) {
    if (rows.some((r) => r[key] === undefined) || all[key] === undefined) continue;
    expect(Math.abs(sum(rows.map((r) => r[key])) - all[key]!), `${sector} ${key}`).toBeLessThanOrEqual(tolerance[key]);
    checked++;
  }
  return checked;
}

describe("ABS 2017 by employer size and by receipts size", () => {
  it("each sector's size classes add up to its all-firms row (±1–2), withheld cells aside", () => {
    let checked = 0;
    for (const sector of ["00", ...SECTORS]) {
      checked += expectClassesAddUp(absByEmployerSize, EMPLOYER_SIZE_CLASSES, sector);
      checked += expectClassesAddUp(absByReceiptsSize, RECEIPTS_SIZE_CLASSES, sector);
    }
    expect(checked).toBeGreaterThan(150);
  });

  it("the all-firms rows equal the by-code figures", () => {
    for (const sector of ["00", ...SECTORS]) {
      const { label, level, code, source, ...byCode } = absIndustry(sector)!;
      void [label, level, code, source];
      expect(absByEmployerSize(sector, "001")).toMatchObject(byCode);
      expect(absByReceiptsSize(sector, "001")).toMatchObject(byCode);
    }
  });

  it("keeps withheld cells absent: sector 21 and 55 with no employees, 22 with 250–499, 99's receipts", () => {
    expect(absByEmployerSize("21", "611")).toMatchObject({ sizeClass: "611", sectorLabel: expect.any(String) });
    expect(absByEmployerSize("21", "611")).not.toHaveProperty("firms");
    expect(absByEmployerSize("21", "611")).not.toHaveProperty("employees");
    expect(absByEmployerSize("55", "611")).not.toHaveProperty("firms");
    expect(absByEmployerSize("22", "652")).not.toHaveProperty("receipts");
    expect(absByEmployerSize("99", "642")).toMatchObject({ firms: 52, employees: 3285, payroll: 28749000 });
    expect(absByEmployerSize("99", "642")).not.toHaveProperty("receipts");
    expect(absByEmployerSize("99", "642")).not.toHaveProperty("revenuePerEmployee");
    expect(absByReceiptsSize("99", "520")).not.toHaveProperty("firms");
  });

  it("keeps class 611's published 0 employees, and no ratio divides by it", () => {
    const none = absByEmployerSize("00", "611")!;
    expect(none).toMatchObject({ firms: 591329, employees: 0, receipts: 246491573000, employeesPerFirm: 0 });
    expect(none).not.toHaveProperty("revenuePerEmployee");
    expect(none).not.toHaveProperty("payrollPerEmployee");
  });

  it("gives a class's figures and share of firms: construction, 20 to 49 employees", () => {
    // "23","Construction","641",…,"41799","326134111","1240510","67875589"; all firms 706354
    expect(absByEmployerSize("23", "641")).toMatchObject({
      sectorLabel: "Construction",
      sizeClassLabel: "Firms with 20 to 49 employees",
      firms: 41799,
      employees: 1240510,
      employeesPerFirm: 29.68,
      firmShare: 0.0592,
      source: { key: "abs2017", year: 2017 },
    });
  });

  it("the distributions list the classes smallest first and their shares add up to about 1", () => {
    const byEmployees = sectorDistribution("employees", "44-45");
    expect(byEmployees.map((c) => c.sizeClass)).toEqual(EMPLOYER_SIZE_CLASSES.map((c) => c.code));
    expect(sum(byEmployees.map((c) => c.firmShare))).toBeCloseTo(1, 2);
    const byReceipts = sectorDistribution("receipts", "44-45");
    expect(byReceipts.map((c) => c.sizeClass)).toEqual(RECEIPTS_SIZE_CLASSES.map((c) => c.code));
    expect(sum(byReceipts.map((c) => c.firmShare))).toBeCloseTo(1, 2);
  });

  it("places a firm in its size classes and a code in its ABS sector", () => {
    expect([0, 1, 4, 5, 19, 20, 99, 100, 499, 500, 12000].map(employerSizeClassOf)).toEqual([
      "611",
      "612",
      "612",
      "620",
      "630",
      "641",
      "642",
      "651",
      "652",
      "657",
      "657",
    ]);
    expect([0, 9999, 10000, 999999, 1000000].map(receiptsSizeClassOf)).toEqual(["510", "510", "520", "531", "532"]);
    expect(["459110", "332710", "484110", "541211", "44-45"].map(absSectorOf)).toEqual([
      "44-45",
      "31-33",
      "48-49",
      "54",
      "44-45",
    ]);
  });
});

describe("the other sources", () => {
  it("2017 Economic Census retail agrees with ABS retail: $4.98T and 15.96M employees", () => {
    const retail = retailIndustry("44-45")!;
    expect(retail).toMatchObject({ firms: 647246, establishments: 1064210, employees: 15960369 });
    expect(retail.receipts! / 1e12).toBeCloseTo(4.98, 2);
    expect(absIndustry("44-45")!.receipts! / 1e12).toBeCloseTo(4.91, 2);
    expect(retail.source).toMatchObject({ key: "ec2017retail", year: 2017, naicsEdition: 2017 });
  });

  it("2022 Economic Census construction has its 14 industries in NAICS 2022", () => {
    expect(constructionIndustry("238")).toMatchObject({
      label: "Specialty trade contractors",
      firms: 505580,
      receipts: 1281526572000,
      source: { key: "ec2022construction", year: 2022, naicsEdition: 2022 },
    });
    expect(constructionIndustry("238220")?.level).toBe(6);
  });

  it("SUSB 2022 totals: 6,395,635 firms and 135,748,407 employees, no receipts", () => {
    const total = susbByEnterpriseSize("00", "01")!;
    expect(total).toMatchObject({ firms: 6395635, employees: 135748407, source: { key: "susb2022", year: 2022 } });
    expect(total).not.toHaveProperty("receipts");
    expect(susbByEnterpriseSize("00", "31")).toMatchObject({ sizeClassLabel: "1,000-1,499", employees: 4151589 });
  });
});

describe("CPI-U", () => {
  it("restates 2017 dollars in 2024 dollars (313.689 / 245.120)", () => {
    expect(inDollarsOf(100000, 2017)).toBe(127974);
    expect(inDollarsOf(127974, 2024, 2017)).toBe(100000);
    expect(() => inDollarsOf(1, 2019)).toThrow("no CPI-U annual average for 2019");
  });
});

describe("public/reference/benchmarks.json", () => {
  it("is what `npm run data:benchmarks` builds from the committed Census files (data/sources/)", () => {
    const files = Object.fromEntries(INPUT_FILES.map((f) => [f, readFileSync(path.join(SOURCE, f), "utf8")]));
    files[NAICS_STRUCTURE_FILE] = readFileSync(STRUCTURE, "utf8");
    const built = serializeBenchmarks(buildBenchmarks(files));
    expect(built).toBe(readFileSync(path.join(ROOT, "public/reference/benchmarks.json"), "utf8"));
  });
});
