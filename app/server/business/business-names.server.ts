import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~db/index";
import { businesses } from "~db/schema";

/** The most businesses a console search answers at once. */
export const BUSINESS_SEARCH_LIMIT = 50;

/**
 * Businesses whose name contains `search` (any case; every business when it is empty), by name:
 * the console's pickers, such as the audit trail's. At most BUSINESS_SEARCH_LIMIT.
 */
export async function findBusinesses(db: Database, search: string): Promise<{ id: string; name: string }[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(search === "" ? undefined : sql`${businesses.name} LIKE ${pattern} ESCAPE '\\'`)
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(BUSINESS_SEARCH_LIMIT);
}

/** The name of one business, or null when no business has this id. */
export async function businessNameOf(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, id)).limit(1);
  return row?.name ?? null;
}
