import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * Conversations at a deletion (docs/decisions/069, 072). A business's deletion takes every message
 * and call of its threads and every read mark in them; a person's deletion takes the messages they
 * wrote and the calls they proposed (their words, their phone number; the others' stay in the
 * thread) and their read marks.
 */
export function eraseConversationRows(db: Database, businessId: string | null, people: SQL) {
  return businessId
    ? [
        db.run(sql`DELETE FROM thread_messages WHERE business_id = ${businessId} OR author_id IN ${people}`),
        db.run(sql`DELETE FROM thread_meetings WHERE business_id = ${businessId} OR proposed_by_id IN ${people}`),
        db.run(
          sql`DELETE FROM thread_reads WHERE user_id IN ${people}
            OR thread_id IN (SELECT id FROM match_candidates WHERE business_id = ${businessId})`,
        ),
      ]
    : [
        db.run(sql`DELETE FROM thread_messages WHERE author_id IN ${people}`),
        db.run(sql`DELETE FROM thread_meetings WHERE proposed_by_id IN ${people}`),
        db.run(sql`DELETE FROM thread_reads WHERE user_id IN ${people}`),
      ];
}
