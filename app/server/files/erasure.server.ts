import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";
import type { AppContext } from "~/server/load-context";

/** The rows of the business's files (their bytes are removed from R2 before, docs/decisions/069). */
export function eraseFileRows(db: Database, businessId: string) {
  return [db.run(sql`DELETE FROM files WHERE business_id = ${businessId}`)];
}

/**
 * Removes from R2 the files attached to the messages `people` wrote (before their rows go, in the
 * deletion's batch: eraseMessageFileRows), 1,000 keys a call (R2's most).
 */
export async function removeMessageFileObjects(app: AppContext, people: SQL): Promise<void> {
  const rows = await app.db.all<{ r2_key: string }>(
    sql`SELECT f.r2_key FROM thread_messages m JOIN files f ON f.thread_message_id = m.id WHERE m.author_id IN ${people}`,
  );
  const keys = rows.map((row) => row.r2_key);
  for (let start = 0; start < keys.length; start += 1000) await app.files.delete(keys.slice(start, start + 1000));
}

/**
 * The rows of the files attached to the messages `people` wrote (a person's deletion takes their
 * messages, docs/decisions/076); before the messages go, which would unlink them.
 */
export function eraseMessageFileRows(db: Database, people: SQL) {
  return [
    db.run(
      sql`DELETE FROM files WHERE thread_message_id IN (SELECT id FROM thread_messages WHERE author_id IN ${people})`,
    ),
  ];
}
