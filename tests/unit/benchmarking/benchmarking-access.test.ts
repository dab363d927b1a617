import { describe, expect, it } from "vitest";
import {
  benchmarkingAccess,
  benchmarkingPeriod,
  benchmarkingYear,
  INCLUDED_TIERS,
  planIncludesBenchmarking,
} from "~/server/benchmarking/benchmarking-access.server";
import { booksInput } from "~/server/benchmarking/benchmark-build.server";
import { toNaicsReportSummary } from "~/server/identity/business-entity.server";

describe("benchmarking access", () => {
  it("STARTER and SCALE include benchmarking; BASIC does not", () => {
    expect(planIncludesBenchmarking("BASIC")).toBe(false);
    expect(planIncludesBenchmarking("STANDARD")).toBe(true);
    expect(planIncludesBenchmarking("PREMIUM")).toBe(true);
    expect(INCLUDED_TIERS).toEqual(["STANDARD", "PREMIUM"]);
  });

  it("a year with a purchase is purchased on any plan; an included-only year does not carry over to BASIC", () => {
    expect(benchmarkingAccess("BASIC", undefined)).toBe("none");
    expect(benchmarkingAccess("BASIC", { purchaseId: null })).toBe("none");
    expect(benchmarkingAccess("BASIC", { purchaseId: "p1" })).toBe("purchased");
    expect(benchmarkingAccess("STANDARD", undefined)).toBe("included");
    expect(benchmarkingAccess("STANDARD", { purchaseId: null })).toBe("included");
    expect(benchmarkingAccess("PREMIUM", { purchaseId: "p1" })).toBe("purchased");
  });

  it("the benchmarking year is the UTC calendar year, its period the year as text", () => {
    expect(benchmarkingYear(new Date("2026-12-31T23:59:59Z"))).toBe(2026);
    expect(benchmarkingYear(new Date("2027-01-01T00:00:00Z"))).toBe(2027);
    expect(benchmarkingPeriod(2026)).toBe("2026");
  });
});

describe("naicsReport summary", () => {
  const updatedAt = new Date("2026-11-03T10:00:00Z");
  const report = {
    period: "2026",
    peerGroup: "Retail trade (NAICS 44-45), firms with 50 to 99 employees, 2017",
    builtAt: "2026-11-03T11:00:00.000Z",
    createdAt: new Date("2026-11-03T11:00:00Z"),
  };

  it("is null when nothing was started, or a finished job left no report", () => {
    expect(toNaicsReportSummary(undefined, undefined)).toBeNull();
    expect(toNaicsReportSummary({ period: "2026", status: "succeeded", updatedAt }, undefined)).toBeNull();
  });

  it("is building while the job waits or runs, failed when it failed", () => {
    for (const status of ["queued", "running"]) {
      expect(toNaicsReportSummary({ period: "2026", status, updatedAt }, undefined)).toEqual({
        year: 2026,
        status: "building",
        peerGroup: null,
        updatedAt: "2026-11-03T10:00:00.000Z",
      });
    }
    expect(toNaicsReportSummary({ period: "2026", status: "failed", updatedAt }, undefined)?.status).toBe("failed");
  });

  it("is ready with the peer group once a report is built, even while a rebuild runs or after it failed", () => {
    const ready = {
      year: 2026,
      status: "ready",
      peerGroup: "Retail trade (NAICS 44-45), firms with 50 to 99 employees, 2017",
      updatedAt: "2026-11-03T11:00:00.000Z",
    };
    expect(toNaicsReportSummary(undefined, report)).toEqual(ready);
    expect(toNaicsReportSummary({ period: "2026", status: "running", updatedAt }, report)).toEqual(ready);
    expect(toNaicsReportSummary({ period: "2026", status: "failed", updatedAt }, report)).toEqual(ready);
  });
});

describe("the engine's books from a finance report", () => {
  const base = {
    rows: [{ date: "2026-10", Income: 1000, NetIncome: 100 }],
    periodEnd: "2026-11",
    lastUpdate: new Date("2026-11-02T06:00:00Z"),
  };

  it("has no payroll (null) when the report kept no expense lines", () => {
    expect(booksInput({ ...base, expenseLines: null })).toEqual({
      rows: base.rows,
      payrollByMonth: null,
      periodEnd: "2026-11",
      lastUpdate: "2026-11-02T06:00:00.000Z",
    });
  });

  it("sums the Census payroll lines by month (wages yes, payroll taxes no)", () => {
    const books = booksInput({
      ...base,
      expenseLines: [
        {
          account: "Wages",
          accountId: "61",
          path: ["Expenses", "Payroll Expenses"],
          group: "Expenses",
          monthly: [
            { date: "2026-09", amount: 5000 },
            { date: "2026-10", amount: 5200.5 },
          ],
        },
        {
          account: "Taxes",
          accountId: "62",
          path: ["Expenses", "Payroll Expenses"],
          group: "Expenses",
          monthly: [
            { date: "2026-09", amount: 400 },
            { date: "2026-10", amount: 410 },
          ],
        },
      ],
    });
    expect(books.payrollByMonth).toEqual({ "2026-09": 5000, "2026-10": 5200.5 });
  });
});
