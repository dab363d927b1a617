import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

function makeDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof makeDatabase>;

/**
 * The Drizzle handle of each D1 binding. A handle holds nothing but the binding and the schema's
 * table map, which drizzle() rebuilds on every call; the platform hands an isolate the same
 * binding object for every request, so the handle is made once per isolate (ADR 042). Nothing
 * request- or tenant-specific lives in it: every query names its business itself.
 */
const handles = new WeakMap<D1Database, Database>();

/** The Drizzle handle over a D1 binding (one per binding object). */
export function database(d1: D1Database): Database {
  let handle = handles.get(d1);
  if (!handle) {
    handle = makeDatabase(d1);
    handles.set(d1, handle);
  }
  return handle;
}
export { schema };
