/**
 * The built-in demo company: a seasonal outdoor-goods retailer whose books come out as a
 * QuickBooks Online ProfitAndLoss report (summarize_column_by=Month) in Intuit's exact format, so
 * demo connections run through the same parser as real ones (app/lib/finance/intuit-report.ts).
 *
 * Deterministic: every month's numbers come from a PRNG seeded with (seed, month), so the same
 * seed gives the same report, a different seed gives different numbers, and overlapping ranges
 * agree on the months they share (a refresh does not rewrite history). Amounts are computed in
 * whole cents so every Summary is exactly the sum of its rows. Pure, no I/O.
 */
import type { IntuitColData, IntuitColumn, IntuitReport, IntuitRow, IntuitSectionGroup } from "./intuit-report";

export type DemoReportOptions = { seed: string; start: string /* YYYY-MM */; end: string /* YYYY-MM */ };

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MAX_MONTHS = 120;
const MONTH_TITLES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Share of an average month's sales, by calendar month: slow winter, spring build-up, a summer
 * peak (camping, paddling), back-to-school dip, and the December holiday peak.
 */
const SEASONALITY = [0.56, 0.6, 0.76, 0.92, 1.1, 1.34, 1.48, 1.38, 1.02, 0.9, 1.08, 1.5];

// ---------------------------------------------------------------------------------------------
// Seeded PRNG: cyrb53-style string hash → mulberry32.
// ---------------------------------------------------------------------------------------------

function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG for one (seed, stream) pair; `between(a, b)` is uniform in [a, b). */
function random(seed: string, stream: string) {
  const next = mulberry32(hashString(`${seed}\u0000${stream}`));
  return { next, between: (low: number, high: number) => low + (high - low) * next() };
}

// ---------------------------------------------------------------------------------------------
// Months
// ---------------------------------------------------------------------------------------------

type Month = { key: string; year: number; month: number /* 1-12 */ };

function parseMonth(value: string, name: string): Month {
  const match = MONTH_PATTERN.exec(value);
  if (!match) throw new RangeError(`${name} must be YYYY-MM, got "${value}"`);
  return { key: value, year: Number(match[1]), month: Number(match[2]) };
}

function monthRange(start: Month, end: Month): Month[] {
  const count = (end.year - start.year) * 12 + (end.month - start.month) + 1;
  if (count < 1) throw new RangeError(`start ${start.key} is after end ${end.key}`);
  if (count > MAX_MONTHS) throw new RangeError(`at most ${MAX_MONTHS} months, got ${count}`);
  return Array.from({ length: count }, (_, i) => {
    const index = start.year * 12 + (start.month - 1) + i;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    return { key: `${year}-${String(month).padStart(2, "0")}`, year, month };
  });
}

const lastDay = (m: Month) => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
const firstDate = (m: Month) => `${m.key}-01`;
const lastDate = (m: Month) => `${m.key}-${String(lastDay(m)).padStart(2, "0")}`;

// ---------------------------------------------------------------------------------------------
// The company's books, one month at a time, in cents.
// ---------------------------------------------------------------------------------------------

/** Account lines; ids are stable QuickBooks-like account ids. */
const ACCOUNTS = {
  productSales: { id: "79", name: "Sales of Product Income" },
  discounts: { id: "86", name: "Discounts given" },
  rentals: { id: "72", name: "Rentals & Repairs" },
  guidedTrips: { id: "71", name: "Guided Trips" },
  cogs: { id: "80", name: "Cost of Goods Sold" },
  freight: { id: "83", name: "Freight & Delivery" },
  wages: { id: "102", name: "Wages" },
  officersSalaries: { id: "105", name: "Officers' Salaries" },
  payrollTaxes: { id: "103", name: "Payroll Taxes" },
  benefits: { id: "104", name: "Employee Benefits" },
  rent: { id: "17", name: "Rent or Lease" },
  advertising: { id: "7", name: "Advertising" },
  utilities: { id: "24", name: "Utilities" },
  insurance: { id: "11", name: "Insurance" },
  software: { id: "46", name: "Software & Subscriptions" },
  merchantFees: { id: "8", name: "Bank Charges & Merchant Fees" },
  repairs: { id: "20", name: "Repairs & Maintenance" },
  interestEarned: { id: "25", name: "Interest Earned" },
  interestExpense: { id: "90", name: "Interest Expense" },
} as const;

type AccountKey = keyof typeof ACCOUNTS;
type MonthBooks = Record<AccountKey, number>;

const cents = (dollars: number) => Math.round(dollars * 100);

function monthBooks(seed: string, scale: number, m: Month): MonthBooks {
  const rng = random(seed, m.key);
  // ~0.4% growth a month around 2024, so two years show a gentle upward trend.
  const monthsSince2024 = (m.year - 2024) * 12 + (m.month - 1);
  const trend = Math.min(1.25, Math.max(0.8, 1 + 0.004 * monthsSince2024));
  const season = SEASONALITY[m.month - 1];
  const sales = Math.min(860_000, Math.max(280_000, 470_000 * scale * season * trend * rng.between(0.94, 1.06)));
  const winter = m.month === 1 || m.month === 2;
  const summer = m.month >= 6 && m.month <= 8;

  const productSales = cents(sales * 0.86);
  // End-of-season clearance: discounts are a negative income line in some months.
  const discounts = m.month === 1 || m.month === 8 || m.month === 9 ? -cents(sales * rng.between(0.015, 0.03)) : 0;
  const rentals = cents(sales * 0.09 * (summer ? 1.4 : 1));
  // Guided trips run only from May to September: empty cells the rest of the year.
  const guidedTrips = m.month >= 5 && m.month <= 9 ? cents(sales * rng.between(0.03, 0.05)) : 0;

  const cogs = cents((productSales / 100) * rng.between(0.52, 0.56));
  const freight = cents(sales * rng.between(0.012, 0.018));

  const seasonalStaff = summer || m.month === 12 ? 38_000 : m.month === 11 || m.month === 5 ? 18_000 : 0;
  const grossPay = cents((112_000 * scale + seasonalStaff) * rng.between(0.98, 1.03));
  const payrollTaxes = Math.round(grossPay * 0.0765);
  // The two owner-officers draw a fixed salary out of the gross pay; the rest is staff wages.
  const officersSalaries = cents(14_500 * scale);
  const wages = grossPay - officersSalaries;
  const benefits = cents(9_800 * scale);
  const rent = cents(38_500 * scale);
  // Marketing ramps up ahead of the peaks.
  const advertising = cents(
    (m.month === 4 || m.month === 5 || m.month === 11 ? 34_000 : 14_000) * rng.between(0.9, 1.1),
  );
  const utilities = cents((winter || m.month === 12 ? 9_400 : 5_600) * rng.between(0.92, 1.08));
  const insurance = cents(6_250 * scale);
  const software = cents(2_180);
  const merchantFees = cents(sales * 0.021);
  // Repairs happen in some months only (empty otherwise); the winter refit is the big one.
  let repairs = winter ? cents(rng.between(6_000, 14_000)) : rng.next() < 0.35 ? cents(rng.between(1_500, 6_500)) : 0;

  const interestEarned = rng.next() < 0.7 ? cents(rng.between(120, 640)) : 0;
  const interestExpense = cents(1_840);

  const books: MonthBooks = {
    productSales,
    discounts,
    rentals,
    guidedTrips,
    cogs,
    freight,
    wages,
    officersSalaries,
    payrollTaxes,
    benefits,
    rent,
    advertising,
    utilities,
    insurance,
    software,
    merchantFees,
    repairs,
    interestEarned,
    interestExpense,
  };
  // January is always a loss (clearance prices, the winter refit): at least one loss a year.
  if (m.month === 1) {
    const net = totals(books).netIncome;
    const wantedLoss = cents(rng.between(6_000, 24_000));
    if (net > -wantedLoss) {
      repairs += net + wantedLoss;
      books.repairs = repairs;
    }
  }
  return books;
}

function totals(b: MonthBooks) {
  const income = b.productSales + b.discounts + b.rentals + b.guidedTrips;
  const cogs = b.cogs + b.freight;
  const grossProfit = income - cogs;
  const payroll = b.wages + b.officersSalaries + b.payrollTaxes + b.benefits;
  const expenses =
    payroll + b.rent + b.advertising + b.utilities + b.insurance + b.software + b.merchantFees + b.repairs;
  const netOperatingIncome = grossProfit - expenses;
  const otherIncome = b.interestEarned;
  const otherExpenses = b.interestExpense;
  const netOtherIncome = otherIncome - otherExpenses;
  const netIncome = netOperatingIncome + netOtherIncome;
  return {
    income,
    cogs,
    grossProfit,
    payroll,
    expenses,
    netOperatingIncome,
    otherIncome,
    otherExpenses,
    netOtherIncome,
    netIncome,
  };
}

// ---------------------------------------------------------------------------------------------
// Intuit's report format
// ---------------------------------------------------------------------------------------------

/** Cents → Intuit's money string; zero is an empty cell, as QuickBooks shows untouched months. */
function moneyCell(amount: number): IntuitColData {
  return { value: amount === 0 ? "" : (amount / 100).toFixed(2) };
}

export function demoProfitAndLossReport(options: DemoReportOptions): IntuitReport {
  const start = parseMonth(options.start, "start");
  const end = parseMonth(options.end, "end");
  const months = monthRange(start, end);
  // Each seed is a company of its own size (±15%).
  const scale = random(options.seed, "scale").between(0.85, 1.15);
  const books = months.map((m) => monthBooks(options.seed, scale, m));
  const sums = books.map(totals);

  const cells = (values: number[]): IntuitColData[] => [
    ...values.map(moneyCell),
    moneyCell(values.reduce((sum, v) => sum + v, 0)),
  ];
  const blank = (): IntuitColData[] => months.map(() => ({ value: "" })).concat([{ value: "" }]);
  // Accounts without any activity in the period are left out, as QuickBooks does.
  const account = (key: AccountKey): IntuitRow[] =>
    books.every((b) => b[key] === 0)
      ? []
      : [
          {
            ColData: [{ value: ACCOUNTS[key].name, id: ACCOUNTS[key].id }, ...cells(books.map((b) => b[key]))],
            type: "Data",
          },
        ];
  const section = (
    title: string,
    rows: IntuitRow[],
    summaryLabel: string,
    summary: number[],
    group?: IntuitSectionGroup,
  ): IntuitRow => ({
    Header: { ColData: [{ value: title }, ...blank()] },
    Rows: { Row: rows },
    Summary: { ColData: [{ value: summaryLabel }, ...cells(summary)] },
    type: "Section",
    ...(group ? { group } : {}),
  });
  const summaryOnly = (label: string, summary: number[], group: IntuitSectionGroup): IntuitRow => ({
    Summary: { ColData: [{ value: label }, ...cells(summary)] },
    type: "Section",
    group,
  });

  const columns: IntuitColumn[] = [
    { ColTitle: "", ColType: "Account", MetaData: [{ Name: "ColKey", Value: "account" }] },
    ...months.map((m) => {
      const title = `${MONTH_TITLES[m.month - 1]} ${m.year}`;
      return {
        ColTitle: title,
        ColType: "Money",
        MetaData: [
          { Name: "StartDate", Value: firstDate(m) },
          { Name: "EndDate", Value: lastDate(m) },
          { Name: "ColKey", Value: title },
        ],
      };
    }),
    { ColTitle: "Total", ColType: "Money", MetaData: [{ Name: "ColKey", Value: "total" }] },
  ];

  const payrollSection = section(
    "Payroll Expenses",
    [...account("wages"), ...account("officersSalaries"), ...account("payrollTaxes"), ...account("benefits")],
    "Total Payroll Expenses",
    sums.map((s) => s.payroll),
  );

  return {
    Header: {
      Time: `${lastDate(end)}T23:59:59-08:00`,
      ReportName: "ProfitAndLoss",
      ReportBasis: "Accrual",
      StartPeriod: firstDate(start),
      EndPeriod: lastDate(end),
      SummarizeColumnsBy: "Month",
      Currency: "USD",
      Option: [
        { Name: "AccountingStandard", Value: "GAAP" },
        { Name: "NoReportData", Value: "false" },
      ],
    },
    Columns: { Column: columns },
    Rows: {
      Row: [
        section(
          "Income",
          [
            section(
              ACCOUNTS.productSales.name,
              [...account("productSales"), ...account("discounts")],
              `Total ${ACCOUNTS.productSales.name}`,
              books.map((b) => b.productSales + b.discounts),
            ),
            ...account("rentals"),
            ...account("guidedTrips"),
          ],
          "Total Income",
          sums.map((s) => s.income),
          "Income",
        ),
        section(
          "Cost of Goods Sold",
          [...account("cogs"), ...account("freight")],
          "Total Cost of Goods Sold",
          sums.map((s) => s.cogs),
          "COGS",
        ),
        summaryOnly(
          "Gross Profit",
          sums.map((s) => s.grossProfit),
          "GrossProfit",
        ),
        section(
          "Expenses",
          [
            ...account("advertising"),
            ...account("merchantFees"),
            ...account("insurance"),
            payrollSection,
            ...account("rent"),
            ...account("repairs"),
            ...account("software"),
            ...account("utilities"),
          ],
          "Total Expenses",
          sums.map((s) => s.expenses),
          "Expenses",
        ),
        summaryOnly(
          "Net Operating Income",
          sums.map((s) => s.netOperatingIncome),
          "NetOperatingIncome",
        ),
        section(
          "Other Income",
          [...account("interestEarned")],
          "Total Other Income",
          sums.map((s) => s.otherIncome),
          "OtherIncome",
        ),
        section(
          "Other Expenses",
          [...account("interestExpense")],
          "Total Other Expenses",
          sums.map((s) => s.otherExpenses),
          "OtherExpenses",
        ),
        summaryOnly(
          "Net Other Income",
          sums.map((s) => s.netOtherIncome),
          "NetOtherIncome",
        ),
        summaryOnly(
          "Net Income",
          sums.map((s) => s.netIncome),
          "NetIncome",
        ),
      ],
    },
  };
}
