import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";

/** The learning progress and visits of the people erased (docs/decisions/069). */
export function eraseLearningRows(db: Database, people: SQL) {
  return [
    db.run(sql`DELETE FROM learning_progress WHERE user_id IN ${people}`),
    db.run(sql`DELETE FROM learning_visits WHERE user_id IN ${people}`),
  ];
}
