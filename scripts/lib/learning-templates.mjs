// The Tools & Templates workbooks (Annual Planning, Annual Budgeting, Business Scorecard): what
// each sheet holds, written as .xlsx by write-excel-file (ADR 058). scripts/build-templates.mjs
// writes them to content/templates/; the demo manager uploads them through the Learning console
// (scripts/lib/demo-learning.mjs).

import { strFromU8, unzipSync } from "fflate";
import writeXlsxFile from "write-excel-file/node";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const AREAS = [
  "Strategy",
  "Leadership",
  "Management",
  "Finance",
  "Operations",
  "HR",
  "Sales",
  "Marketing",
  "Technology",
];

/** The cell styles: yellow input cells, grey bold headers, bold totals under a thin line. */
const INPUT_FILL = "#FFF7D6";
const STYLE = {
  header: { fontWeight: "bold", backgroundColor: "#E7ECEF" },
  input: { type: Number, format: "#,##0", backgroundColor: INPUT_FILL },
  inputText: { backgroundColor: INPUT_FILL },
  total: { format: "#,##0", fontWeight: "bold", topBorderStyle: "thin" },
  percent: { format: "0.0%" },
  wrap: { wrap: true, alignVertical: "top" },
  title: { fontWeight: "bold", fontSize: 14 },
};

/** "A", "B", … "Z", "AA" for a 0-based column. */
export function columnName(index) {
  let name = "";
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** A formula cell (`f` without the leading "="). */
const formula = (f, style = {}) => ({ type: "Formula", value: f, ...style });
const h = (value) => ({ value, ...STYLE.header });
const input = () => ({ value: null, ...STYLE.input });
const inputText = () => ({ value: null, ...STYLE.inputText });
const total = (f) => formula(f, STYLE.total);
const pct = (f) => formula(f, STYLE.percent);
const wrap = (value) => ({ value, ...STYLE.wrap });
const title = (value) => ({ value, ...STYLE.title });

/**
 * Formulas carry no cached values, so the workbook asks the spreadsheet to calculate them all when
 * it opens (<calcPr fullCalcOnLoad="1"/>); write-excel-file leaves <calcPr/> bare.
 */
const CALCULATE_ON_LOAD = {
  files: {
    transform: {
      "xl/workbook.xml": {
        transformElementAttributes: (tagName, attributes) =>
          tagName === "calcPr" ? { ...attributes, fullCalcOnLoad: 1 } : attributes,
      },
    },
  },
};

/**
 * A workbook { sheets: [{ name, widths?, freezeRows?, rows }] } as .xlsx bytes. A cell is null
 * (empty), a string, a number or a write-excel-file cell object.
 * @returns {Promise<Uint8Array>}
 */
async function buildWorkbook({ sheets }) {
  const buffer = await writeXlsxFile(
    sheets.map((sheet) => ({
      sheet: sheet.name,
      data: sheet.rows,
      ...(sheet.widths ? { columns: sheet.widths.map((width) => ({ width })) } : {}),
      ...(sheet.freezeRows ? { stickyRowsCount: sheet.freezeRows } : {}),
    })),
    { fontFamily: "Calibri", fontSize: 11, features: [CALCULATE_ON_LOAD] },
  ).toBuffer();
  return new Uint8Array(buffer);
}

function instructions(name, lines) {
  return {
    name: "Instructions",
    widths: [100],
    rows: [
      [title(name)],
      [""],
      ...lines.map((line) => [wrap(line)]),
      [""],
      [wrap("Yellow cells are for your figures; white cells with formulas calculate themselves.")],
      [wrap("Made by Partwise. Share it with your team and your Partwise consultant.")],
    ],
  };
}

function annualPlanning() {
  const header = [
    "Business area",
    "Goal for the year",
    "Measure",
    "Target",
    "Q1",
    "Q2",
    "Q3",
    "Q4",
    "Year to date",
    "% of target",
    "Owner",
    "Notes",
  ];
  const rows = AREAS.map((area, i) => {
    const r = i + 2;
    return [
      area,
      inputText(),
      inputText(),
      input(),
      input(),
      input(),
      input(),
      input(),
      total(`SUM(E${r}:H${r})`),
      pct(`IF(D${r}=0,"",I${r}/D${r})`),
      inputText(),
      inputText(),
    ];
  });
  const last = AREAS.length + 1;
  const priorities = {
    name: "Quarterly priorities",
    widths: [14, 44, 20, 14, 14, 40],
    freezeRows: 1,
    rows: [
      ["Quarter", "Priority", "Owner", "Due", "Done (1 or 0)", "Notes"].map(h),
      ...["Q1", "Q1", "Q1", "Q2", "Q2", "Q2", "Q3", "Q3", "Q3", "Q4", "Q4", "Q4"].map((quarter) => [
        quarter,
        inputText(),
        inputText(),
        inputText(),
        input(),
        inputText(),
      ]),
      [],
      ["Done", "", "", "", total("SUM(E2:E13)"), pct('IF(COUNTA(B2:B13)=0,"",E15/COUNTA(B2:B13))')],
    ],
  };
  return buildWorkbook({
    sheets: [
      instructions("Annual Planning", [
        "1. On the Goals sheet, write one goal per business area for the year, how you will measure it and the target.",
        "2. Each quarter, enter the result reached in that quarter. Year to date and % of target add up by themselves.",
        "3. On Quarterly priorities, list three priorities per quarter with an owner and a due date; enter 1 when done.",
        "4. Review the plan at every month end with your leadership team.",
      ]),
      {
        name: "Goals",
        widths: [16, 40, 24, 12, 10, 10, 10, 10, 14, 12, 16, 30],
        freezeRows: 1,
        rows: [
          header.map(h),
          ...rows,
          [],
          [
            "Total",
            "",
            "",
            total(`SUM(D2:D${last})`),
            total(`SUM(E2:E${last})`),
            total(`SUM(F2:F${last})`),
            total(`SUM(G2:G${last})`),
            total(`SUM(H2:H${last})`),
            total(`SUM(I2:I${last})`),
            pct(`IF(D${last + 2}=0,"",I${last + 2}/D${last + 2})`),
          ],
        ],
      },
      priorities,
    ],
  });
}

const REVENUE = ["Product sales", "Services", "Other income"];
const EXPENSES = [
  "Payroll and benefits",
  "Rent and utilities",
  "Marketing",
  "Software and subscriptions",
  "Insurance",
  "Professional fees",
  "Travel",
  "Other expenses",
];

/** The budget's row layout, shared by Budget, Actuals and Variance (same cells on each sheet). */
function budgetLayout() {
  const rows = [];
  rows.push({ label: "Revenue", kind: "section" });
  const revenueStart = rows.length + 2;
  for (const label of REVENUE) rows.push({ label, kind: "input" });
  const revenueEnd = rows.length + 1;
  rows.push({ label: "Total revenue", kind: "total", sum: [revenueStart, revenueEnd] });
  const totalRevenue = rows.length + 1;
  rows.push({ label: "Cost of goods sold", kind: "input" });
  const cogs = rows.length + 1;
  rows.push({ label: "Gross profit", kind: "formula", formula: (col) => `${col}${totalRevenue}-${col}${cogs}` });
  const grossProfit = rows.length + 1;
  rows.push({
    label: "Gross margin",
    kind: "percent",
    formula: (col) => `IF(${col}${totalRevenue}=0,"",${col}${grossProfit}/${col}${totalRevenue})`,
  });
  rows.push({ label: "Operating expenses", kind: "section" });
  const expenseStart = rows.length + 2;
  for (const label of EXPENSES) rows.push({ label, kind: "input" });
  const expenseEnd = rows.length + 1;
  rows.push({ label: "Total operating expenses", kind: "total", sum: [expenseStart, expenseEnd] });
  const totalExpenses = rows.length + 1;
  rows.push({
    label: "Net operating income",
    kind: "formula",
    formula: (col) => `${col}${grossProfit}-${col}${totalExpenses}`,
  });
  const net = rows.length + 1;
  rows.push({
    label: "Net margin",
    kind: "percent",
    formula: (col) => `IF(${col}${totalRevenue}=0,"",${col}${net}/${col}${totalRevenue})`,
  });
  return rows;
}

function budgetSheet(name) {
  const layout = budgetLayout();
  const yearCol = columnName(13); // N
  return {
    name,
    widths: [28, ...MONTHS.map(() => 11), 13],
    freezeRows: 1,
    rows: [
      ["Line", ...MONTHS, "Year"].map(h),
      ...layout.map((row, i) => {
        const r = i + 2;
        if (row.kind === "section") return [h(row.label)];
        const months = MONTHS.map((_, m) => {
          const col = columnName(m + 1);
          if (row.kind === "input") return input();
          if (row.kind === "total") return total(`SUM(${col}${row.sum[0]}:${col}${row.sum[1]})`);
          if (row.kind === "percent") return pct(row.formula(col));
          return total(row.formula(col));
        });
        const year = row.kind === "percent" ? pct(row.formula(yearCol)) : total(`SUM(B${r}:M${r})`);
        return [row.label, ...months, year];
      }),
    ],
  };
}

function varianceSheet() {
  const layout = budgetLayout();
  return {
    name: "Variance",
    widths: [28, 14, 14, 14, 12],
    freezeRows: 1,
    rows: [
      ["Line", "Budget (year)", "Actual (year)", "Variance", "Variance %"].map(h),
      ...layout.map((row, i) => {
        const r = i + 2;
        if (row.kind === "section") return [h(row.label)];
        if (row.kind === "percent")
          return [
            row.label,
            pct(`Budget!N${r}`),
            pct(`Actuals!N${r}`),
            pct(`IF(OR(B${r}="",C${r}=""),"",C${r}-B${r})`),
            "",
          ];
        return [
          row.label,
          total(`Budget!N${r}`),
          total(`Actuals!N${r}`),
          total(`C${r}-B${r}`),
          pct(`IF(B${r}=0,"",D${r}/B${r})`),
        ];
      }),
    ],
  };
}

function annualBudgeting() {
  return buildWorkbook({
    sheets: [
      instructions("Annual Budgeting", [
        "1. On Budget, enter the revenue and costs you plan for each month. Totals, gross profit, margins and net operating income calculate themselves.",
        "2. At each month end, enter what really happened on Actuals (same lines, same months).",
        "3. Variance compares the year's budget with the actuals: a negative revenue variance or a positive expense variance needs a look.",
        "4. Keep one workbook per year; copy the Budget sheet to start next year's.",
      ]),
      budgetSheet("Budget"),
      budgetSheet("Actuals"),
      varianceSheet(),
    ],
  });
}

const MEASURES = [
  ["Financial", "Revenue", "$"],
  ["Financial", "Gross margin", "%"],
  ["Financial", "Cash on hand (weeks of expenses)", "weeks"],
  ["Customers", "Repeat customers", "%"],
  ["Customers", "Customer satisfaction (1–10)", "score"],
  ["Customers", "New customers", "count"],
  ["Operations", "Orders shipped on time", "%"],
  ["Operations", "Inventory turns", "times"],
  ["People", "Employee retention", "%"],
  ["People", "Training hours per employee", "hours"],
  ["Growth", "New products or services launched", "count"],
  ["Growth", "Marketing leads", "count"],
];

function businessScorecard() {
  const first = 2;
  const last = MEASURES.length + 1;
  const rows = MEASURES.map(([perspective, measure, unit], i) => {
    const r = i + 2;
    return [
      perspective,
      measure,
      unit,
      input(),
      input(),
      total(`IF(OR(D${r}="",E${r}=""),"",E${r}-D${r})`),
      pct(`IF(OR(D${r}="",D${r}=0,E${r}=""),"",E${r}/D${r})`),
      { ...STYLE.input, value: 1 },
      total(`IF(G${r}="",0,MIN(G${r},1.5)*H${r})`),
      formula(`IF(G${r}="","",IF(G${r}>=1,"On track",IF(G${r}>=0.9,"Watch","Off track")))`),
    ];
  });
  return buildWorkbook({
    sheets: [
      instructions("Business Scorecard", [
        "1. Keep the measures that matter to you (rename any in column B) and set a target for each.",
        "2. Every month, enter the actual result. Variance, % of target, weighted score and status calculate themselves.",
        "3. Give more weight to the measures that matter most (column H). The overall score is the weighted average of % of target, capped at 150% per measure.",
        "4. Status: On track at 100% of target or more, Watch from 90%, Off track below. For measures where lower is better, enter the target and actual as their inverse or note it.",
      ]),
      {
        name: "Scorecard",
        widths: [14, 36, 10, 12, 12, 12, 12, 10, 14, 12],
        freezeRows: 1,
        rows: [
          [
            "Perspective",
            "Measure",
            "Unit",
            "Target",
            "Actual",
            "Variance",
            "% of target",
            "Weight",
            "Weighted score",
            "Status",
          ].map(h),
          ...rows,
          [],
          [
            "Overall",
            "",
            "",
            "",
            "",
            "",
            pct(`IF(SUM(H${first}:H${last})=0,"",SUM(I${first}:I${last})/SUM(H${first}:H${last}))`),
            total(`SUM(H${first}:H${last})`),
            total(`SUM(I${first}:I${last})`),
            formula(`COUNTIF(J${first}:J${last},"On track")&" of ${MEASURES.length} on track"`),
          ],
        ],
      },
    ],
  });
}

export const LEARNING_TEMPLATES = [
  {
    file: "annual-planning.xlsx",
    title: "Annual Planning workbook",
    area: "strategy",
    summary: "Set one goal per business area, track it quarter by quarter and keep three priorities per quarter.",
    build: annualPlanning,
  },
  {
    file: "annual-budgeting.xlsx",
    title: "Annual Budgeting workbook",
    area: "finance",
    summary: "A month-by-month budget with actuals and the year's variance, margins and net operating income.",
    build: annualBudgeting,
  },
  {
    file: "business-scorecard.xlsx",
    title: "Business Scorecard",
    area: "management",
    summary:
      "Twelve measures across finance, customers, operations, people and growth, with targets, weights and status.",
    build: businessScorecard,
  },
];

/**
 * The parts of an .xlsx (a ZIP) as { name: text }, sorted by name. Two workbooks with the same
 * parts are the same workbook: the ZIP's entry dates (the time of writing) do not count.
 * @param {Uint8Array} bytes
 * @returns {Record<string, string>}
 */
export function workbookParts(bytes) {
  const files = unzipSync(bytes);
  return Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((name) => [name, strFromU8(files[name])]),
  );
}
