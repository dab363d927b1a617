import type { AppContext } from "~/server/load-context";

/**
 * One D1 batch (atomic, one round trip) of drizzle statements that may include raw SQL
 * (`db.run(sql…)`, `db.all(sql…)`): drizzle's own D1 batch cannot bind a raw statement's
 * parameters, so each statement is turned into its SQL and parameters and prepared on the binding.
 * Answers each statement's rows (RETURNING or SELECT).
 */
type Statement = { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } };

export async function d1Batch(app: AppContext, statements: readonly Statement[]): Promise<Record<string, unknown>[][]> {
  const d1 = app.bindings.DB;
  const prepared = statements.map((statement) => {
    const query = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
    return d1.prepare(query.sql).bind(...query.params);
  });
  const results = await d1.batch<Record<string, unknown>>(prepared);
  return results.map((result) => result.results ?? []);
}
