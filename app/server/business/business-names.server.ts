import { asc } from "drizzle-orm";
import type { Database } from "~db/index";
import { businesses } from "~db/schema";

/** Every business's id and name, by name (the console's pickers, such as the audit trail's). At most 1,000. */
export async function businessNames(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(1000);
}
