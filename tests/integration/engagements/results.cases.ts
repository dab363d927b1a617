import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, financeReports } from "~db/schema";
import { loadEngagementResults } from "~/server/engagements/engagement-results.server";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { db } from "../helpers";
import { createClient } from "../../factories";

const NOW = new Date("2026-11-23T12:00:00Z");

function app() {
  const context = createAppContext(env as unknown as CloudflareBindings, () => {});
  return { ...context, now: () => NOW };
}

async function withReport(rows: { date: string; Income: number; NetIncome: number }[], employees = 5) {
  const { business } = await createClient();
  await db().update(businesses).set({ numberOfEmployees: employees }).where(eq(businesses.id, business.id));
  await db()
    .insert(financeReports)
    .values({
      businessId: business.id,
      profitAndLoss: rows,
      source: "demo",
      periodStart: rows[0]?.date ?? "2026-01",
      periodEnd: rows[rows.length - 1]?.date ?? "2026-11",
      lastUpdate: NOW,
    });
  return business.id;
}

describe("loadEngagementResults", () => {
  it("averages the months before the start against the months since, per employee from the business", async () => {
    const businessId = await withReport([
      { date: "2026-04", Income: 20_000, NetIncome: 1_000 },
      { date: "2026-05", Income: 20_000, NetIncome: 1_000 },
      { date: "2026-06", Income: 30_000, NetIncome: 4_500 },
      { date: "2026-07", Income: 30_000, NetIncome: 4_500 },
      { date: "2026-11", Income: 1, NetIncome: 1 },
    ]);
    const results = await loadEngagementResults(app(), businessId, new Date("2026-06-03T00:00:00Z"), null);
    expect(results).toMatchObject({
      enough: true,
      startMonth: "2026-06",
      completedMonth: null,
      employees: 5,
      before: { months: 2, revenue: 20_000, netMargin: 0.05, revenuePerEmployee: 4_000 },
      since: { months: 2, revenue: 30_000, netMargin: 0.15, revenuePerEmployee: 6_000 },
    });
  });

  it("is null without books or before the start, and says when there are not enough months", async () => {
    const { business } = await createClient();
    expect(await loadEngagementResults(app(), business.id, new Date("2026-06-01T00:00:00Z"), null)).toBeNull();
    const empty = await withReport([]);
    expect(await loadEngagementResults(app(), empty, new Date("2026-06-01T00:00:00Z"), null)).toBeNull();
    const some = await withReport([{ date: "2026-10", Income: 10, NetIncome: 1 }]);
    expect(await loadEngagementResults(app(), some, null, null)).toBeNull();
    const thin = await loadEngagementResults(
      app(),
      some,
      new Date("2026-09-01T00:00:00Z"),
      new Date("2026-10-15T00:00:00Z"),
    );
    expect(thin).toMatchObject({ enough: false, monthsBefore: 0, monthsSince: 1, completedMonth: "2026-10" });
  });
});
