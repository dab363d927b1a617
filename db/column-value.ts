import { sql } from "drizzle-orm";

/**
 * A value as a named column of a select: the rows of an `INSERT … SELECT` that inserts only when
 * its condition holds (the conditional claims of a decision, a transfer, a reminder, a request).
 */
export const columnValue = <T>(value: T, column: string) => sql<T>`${value}`.as(column);
