import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A Drizzle handle over one D1 binding. Made per request; never cached at module scope. */
export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof database>;
export { schema };
