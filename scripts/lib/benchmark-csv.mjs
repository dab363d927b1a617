// Parsing and derivation for the benchmarking reference data (data/sources/benchmarks/, see its
// README.md). Pure functions, no I/O: scripts/build-benchmarks.mjs and the unit tests share them.
//
// Conventions (ADR 031):
// - Census publishes dollars in thousands ($1,000); every dollar figure here is whole dollars.
// - A withheld or missing cell is ABSENT (no key), never 0. In the ABS files Census's withheld
//   cells were saved as 0 (the flag columns were dropped), so a 0 is withheld, except EMP in the
//   employment-size class 611 ("no employees"), which is truly 0.
// - Derived figures exist only when both of their inputs do (and the divisor is above 0).
import { cleanTitle, parseCsv } from "./naics-csv.mjs";

/** Where each table comes from: the name and year the screens cite. */
export const SOURCES = {
  abs2017: {
    name: "U.S. Census Bureau, Annual Business Survey (ABS), Company Summary",
    year: 2017,
    naicsEdition: 2017,
  },
  ec2017retail: {
    name: "U.S. Census Bureau, 2017 Economic Census, Retail Trade (EC1744BASIC)",
    year: 2017,
    naicsEdition: 2017,
  },
  ec2022construction: {
    name: "U.S. Census Bureau, 2022 Economic Census, Construction (EC2223BASIC)",
    year: 2022,
    naicsEdition: 2022,
  },
  susb2022: {
    name: "U.S. Census Bureau, Statistics of U.S. Businesses (SUSB)",
    year: 2022,
    naicsEdition: 2022,
  },
};

/**
 * Parses CSV text into objects keyed by the header row.
 * @param {string} text
 * @returns {Record<string, string>[]}
 */
export function csvRecords(text) {
  const [header, ...rows] = parseCsv(text).filter((r) => !(r.length === 1 && r[0] === ""));
  if (!header) throw new Error("empty CSV");
  return rows.map((row) => {
    if (row.length !== header.length) {
      throw new Error(`row has ${row.length} fields, header ${header.length}: ${row.join(",")}`);
    }
    return Object.fromEntries(header.map((h, i) => [h.trim(), row[i].trim()]));
  });
}

/**
 * A published count or amount: digits, optionally with thousands separators. Blank, a Census
 * symbol (N, D, S, X, "(D)") or anything else not a whole number → undefined.
 * @param {string | undefined} raw
 * @returns {number | undefined}
 */
export function parseCount(raw) {
  if (raw === undefined) return undefined;
  const s = raw.trim().replace(/,/g, "");
  if (!/^\d+$/.test(s)) return undefined;
  return Number(s);
}

/** NAICS level: "00" (all sectors) is 0, a sector (incl. "31-33", "99") is 2, else digit count. */
export function naicsLevel(code) {
  if (code === "00" || code === "--") return 0;
  if (/^\d\d-\d\d$/.test(code)) return 2;
  if (!/^\d{2,6}$/.test(code)) throw new Error(`not a NAICS code: ${code}`);
  return code.length;
}

const round2 = (n) => Math.round(n * 100) / 100;

/**
 * The four base measures (dollars, not $1,000) and the derived ratios, with withheld cells left
 * out. `zeroEmployeesIsReal` is for ABS class 611, where EMP = 0 is published, not withheld.
 * @param {{ firms?: number, receiptsK?: number, employees?: number, payrollK?: number }} raw
 * @param {{ zeroEmployeesIsReal?: boolean }} [opts]
 */
export function measures(raw, opts = {}) {
  const keep = (n) => (n !== undefined && n > 0 ? n : undefined);
  /** @type {Record<string, number>} */
  const out = {};
  const firms = keep(raw.firms);
  const receipts = keep(raw.receiptsK) !== undefined ? raw.receiptsK * 1000 : undefined;
  const employees = opts.zeroEmployeesIsReal && raw.employees === 0 && firms !== undefined ? 0 : keep(raw.employees);
  const payroll = keep(raw.payrollK) !== undefined ? raw.payrollK * 1000 : undefined;
  if (firms !== undefined) out.firms = firms;
  if (receipts !== undefined) out.receipts = receipts;
  if (employees !== undefined) out.employees = employees;
  if (payroll !== undefined) out.payroll = payroll;
  if (receipts !== undefined && employees) out.revenuePerEmployee = Math.round(receipts / employees);
  if (payroll !== undefined && employees) out.payrollPerEmployee = Math.round(payroll / employees);
  if (employees !== undefined && firms) out.employeesPerFirm = round2(employees / firms);
  if (receipts !== undefined && firms) out.receiptsPerFirm = Math.round(receipts / firms);
  return out;
}

/**
 * abs2017_us_naics_all_levels.csv → { code: { label, level, ...measures } }, in file order.
 * @param {string} text
 */
export function parseAbsNaics(text) {
  /** @type {Record<string, Record<string, string | number>>} */
  const out = {};
  for (const r of csvRecords(text)) {
    const code = r.NAICS2017;
    if (out[code]) throw new Error(`duplicate NAICS code ${code}`);
    out[code] = {
      label: r.NAICS2017_LABEL,
      level: naicsLevel(code),
      ...measures({
        firms: parseCount(r.FIRMPDEMP),
        receiptsK: parseCount(r.RCPPDEMP),
        employees: parseCount(r.EMP),
        payrollK: parseCount(r.PAYANN),
      }),
    };
  }
  return out;
}

/**
 * An ABS size table (by employer size, EMPSZFI, or by receipts size, RCPSZFI) →
 * { classes: { classCode: label }, sectors: { code: { label, classes: { classCode: {...} } } } }.
 * Class "001" is the sector's all-firms row. Each other class also has firmShare: its firms as a
 * fraction of the sector's all-firms firms (4 decimals), when both are published.
 * @param {string} text
 * @param {"EMPSZFI" | "RCPSZFI"} sizeColumn
 */
export function parseAbsSizeTable(text, sizeColumn) {
  /** @type {Record<string, string>} */
  const classes = {};
  /** @type {Record<string, {label: string, classes: Record<string, Record<string, number>>}>} */
  const sectors = {};
  for (const r of csvRecords(text)) {
    const code = r.NAICS2017;
    const cls = r[sizeColumn];
    if (!code || !cls) throw new Error(`row without NAICS code or size class: ${JSON.stringify(r)}`);
    classes[cls] ??= r[`${sizeColumn}_LABEL`];
    sectors[code] ??= { label: r.NAICS2017_LABEL, classes: {} };
    if (sectors[code].classes[cls]) throw new Error(`duplicate row ${code} × ${cls}`);
    sectors[code].classes[cls] = measures(
      {
        firms: parseCount(r.FIRMPDEMP),
        receiptsK: parseCount(r.RCPPDEMP),
        employees: parseCount(r.EMP),
        payrollK: parseCount(r.PAYANN),
      },
      { zeroEmployeesIsReal: sizeColumn === "EMPSZFI" && cls === "611" },
    );
  }
  for (const sector of Object.values(sectors)) {
    const total = sector.classes["001"]?.firms;
    for (const [cls, m] of Object.entries(sector.classes)) {
      if (cls !== "001" && total && m.firms !== undefined) {
        m.firmShare = Math.round((m.firms / total) * 10000) / 10000;
      }
    }
  }
  return { classes, sectors };
}

/**
 * An Economic Census basic table (FIRM, ESTAB, EMP, PAYANN, RCPTOT; codes in `codeColumn`) →
 * { code: { label, level, establishments?, ...measures } }.
 * @param {string} text
 * @param {"NAICS2017" | "NAICS2022"} codeColumn
 * @param {number} year the only YEAR the file may hold
 */
export function parseEconomicCensus(text, codeColumn, year) {
  /** @type {Record<string, Record<string, string | number>>} */
  const out = {};
  for (const r of csvRecords(text)) {
    if (Number(r.YEAR) !== year) throw new Error(`${r[codeColumn]}: YEAR ${r.YEAR}, expected ${year}`);
    const code = r[codeColumn];
    const estab = parseCount(r.ESTAB);
    out[code] = {
      label: r[`${codeColumn}_LABEL`],
      level: naicsLevel(code),
      ...(estab ? { establishments: estab } : {}),
      ...measures({
        firms: parseCount(r.FIRM),
        receiptsK: parseCount(r.RCPTOT),
        employees: parseCount(r.EMP),
        payrollK: parseCount(r.PAYANN),
      }),
    };
  }
  return out;
}

/**
 * susb2022_us_sector_by_enterprise_size.csv (no receipts) →
 * { classes: { code: label }, sectors: { code: { label, classes: { code: {...} } } } }.
 * The all-sectors code "--" becomes "00" as in ABS. Cells flagged D or S (withheld) are absent.
 * @param {string} text
 */
export function parseSusb(text) {
  /** @type {Record<string, string>} */
  const classes = {};
  /** @type {Record<string, {label: string, classes: Record<string, Record<string, number>>}>} */
  const sectors = {};
  for (const r of csvRecords(text)) {
    const code = r.naics_sector === "--" ? "00" : r.naics_sector;
    const cls = r.entrsize_code;
    classes[cls] ??= r.entrsize_label;
    sectors[code] ??= { label: r.naics_description, classes: {} };
    const withheld = r.employment_noise_flag === "D" || r.employment_noise_flag === "S";
    const estab = parseCount(r.establishments);
    sectors[code].classes[cls] = {
      ...(estab ? { establishments: estab } : {}),
      ...measures({
        firms: parseCount(r.firms),
        employees: withheld ? undefined : parseCount(r.employment),
        payrollK: withheld ? undefined : parseCount(r.annual_payroll_kusd),
      }),
    };
  }
  return { classes, sectors };
}

/**
 * The 2022 NAICS Structure's change indicators (column 1: `*` … `****`): every code the 2022
 * revision marked as changed against 2017, with its 2022 title. A code absent here was not
 * changed, so the 2017-coded figures for the same digits describe the same industry (the
 * benchmarking peer group relies on this, ADR 032). Range sectors never carry an indicator.
 * @param {string} text 2022_NAICS_Structure.csv
 * @returns {Record<string, { change: string, title: string }>}
 */
export function parseNaicsChanges(text) {
  const rows = parseCsv(text);
  const headerIndex = rows.findIndex((r) => r.some((f) => /^\s*2022 NAICS Code\s*$/i.test(f)));
  if (headerIndex < 0) throw new Error('Header row with "2022 NAICS Code" not found');
  const header = rows[headerIndex].map((f) => f.trim().toLowerCase());
  const changeCol = header.indexOf("change indicator");
  const codeCol = header.indexOf("2022 naics code");
  const titleCol = header.indexOf("2022 naics title");
  if (changeCol < 0 || codeCol < 0 || titleCol < 0) throw new Error("Structure header lacks its three columns");
  /** @type {Record<string, { change: string, title: string }>} */
  const out = {};
  for (const row of rows.slice(headerIndex + 1)) {
    const change = (row[changeCol] ?? "").trim();
    const code = (row[codeCol] ?? "").trim();
    if (change === "") continue;
    if (!/^\*{1,4}$/.test(change)) throw new Error(`${code}: unexpected change indicator "${change}"`);
    if (!/^\d{2,6}$/.test(code)) throw new Error(`unexpected NAICS code "${code}" with change ${change}`);
    out[code] = { change, title: cleanTitle(row[titleCol] ?? "") };
  }
  return out;
}

/** The NAICS 2022 structure file the build reads next to the benchmark files (data/sources/naics/). */
export const NAICS_STRUCTURE_FILE = "2022_NAICS_Structure.csv";

/**
 * Everything the app needs, from the six files' texts (keyed by file name) and the 2022 NAICS
 * Structure (key NAICS_STRUCTURE_FILE).
 * @param {Record<string, string>} files
 */
export function buildBenchmarks(files) {
  const read = (name) => {
    const text = files[name];
    if (text === undefined) throw new Error(`missing input ${name}`);
    return text;
  };
  return {
    sources: SOURCES,
    naics: { source: "abs2017", codes: parseAbsNaics(read("abs2017_us_naics_all_levels.csv")) },
    employerSize: {
      source: "abs2017",
      ...parseAbsSizeTable(read("abs2017_us_sector_by_employer_size.csv"), "EMPSZFI"),
    },
    receiptsSize: {
      source: "abs2017",
      ...parseAbsSizeTable(read("abs2017_us_sector_by_receipts_size.csv"), "RCPSZFI"),
    },
    retail: {
      source: "ec2017retail",
      codes: parseEconomicCensus(read("ec2017_us_retail_trade_by_naics.csv"), "NAICS2017", 2017),
    },
    construction: {
      source: "ec2022construction",
      codes: parseEconomicCensus(read("ec2022_us_construction_trades.csv"), "NAICS2022", 2022),
    },
    enterpriseSize: {
      source: "susb2022",
      ...parseSusb(read("susb2022_us_sector_by_enterprise_size.csv")),
    },
    naics2022: { changes: parseNaicsChanges(read(NAICS_STRUCTURE_FILE)) },
  };
}

export const INPUT_FILES = [
  "abs2017_us_naics_all_levels.csv",
  "abs2017_us_sector_by_employer_size.csv",
  "abs2017_us_sector_by_receipts_size.csv",
  "ec2017_us_retail_trade_by_naics.csv",
  "ec2022_us_construction_trades.csv",
  "susb2022_us_sector_by_enterprise_size.csv",
];

/**
 * Serialises the build compactly: one record per line, so diffs between builds stay readable.
 * @param {ReturnType<typeof buildBenchmarks>} data
 */
export function serializeBenchmarks(data) {
  const lines = ["{"];
  const tables = Object.entries(data);
  tables.forEach(([key, table], ti) => {
    const last = ti === tables.length - 1 ? "" : ",";
    if (key === "sources") {
      lines.push(`${JSON.stringify(key)}:${JSON.stringify(table)}${last}`);
      return;
    }
    lines.push(`${JSON.stringify(key)}:{`);
    const parts = Object.entries(table);
    parts.forEach(([pk, pv], pi) => {
      const plast = pi === parts.length - 1 ? "" : ",";
      if (pk === "codes" || pk === "sectors" || pk === "changes") {
        const rows = Object.entries(pv).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
        lines.push(`${JSON.stringify(pk)}:{`, rows.join(",\n"), `}${plast}`);
      } else {
        lines.push(`${JSON.stringify(pk)}:${JSON.stringify(pv)}${plast}`);
      }
    });
    lines.push(`}${last}`);
  });
  lines.push("}");
  return lines.join("\n") + "\n";
}
