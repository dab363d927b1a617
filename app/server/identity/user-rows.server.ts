// The writes other domains make to users (ADR 057: each domain owns its tables): consultants
// creates the consultant's account from its invitation, as INSERT … SELECT so the row exists only
// while the invitation is open. The statement is answered unrun, for the caller's db.batch.
import type { Database } from "~db/index";
import { users } from "~db/schema";

const insertInto = (db: Database) => db.insert(users);
type UsersInsert = ReturnType<typeof insertInto>;
/** A SELECT naming every column of users (drizzle checks names and order against the table). */
export type UserRowsSelect = Parameters<UsersInsert["select"]>[0];

/** INSERT INTO users SELECT …: the rows `select` yields (none when its WHERE fails). */
export function insertUsersFrom(db: Database, select: UserRowsSelect) {
  return insertInto(db).select(select);
}
