// The writes other domains make to users (ADR 057: each domain owns its tables): consultants
// creates the consultant's account from its invitation, as INSERT … SELECT so the row exists only
// while the invitation is open. The statement is answered unrun, for the caller's db.batch.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
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

type Text = SQLiteColumn | SQL.Aliased<string>;

/**
 * The SELECT list of a new account made from an invitation (INSERT … SELECT from the invitation's
 * row, so the account exists only while the invitation is open): the email (and names, unless
 * chosen on the page) and the staff role read from the invitation, the rest given.
 */
export function newAccountColumns(account: {
  id: string;
  email: SQLiteColumn;
  firstName: Text | string;
  lastName: Text | string;
  passwordHash: string;
  role: "client" | "consultant" | "manager";
  staffRole?: SQLiteColumn;
  at: Date;
  /** Whether making the account proves its address (an emailed invitation's link; docs/decisions/070). */
  emailVerified: boolean | SQL;
}) {
  const given = (value: Text | string, name: string) =>
    typeof value === "string" ? sql<string>`${value}`.as(name) : value;
  const stamp = account.at.getTime();
  return {
    id: sql<string>`${account.id}`.as("id"),
    email: account.email,
    firstName: given(account.firstName, "first_name"),
    lastName: given(account.lastName, "last_name"),
    phone: sql<string>`''`.as("phone"),
    passwordHash: sql<string>`${account.passwordHash}`.as("password_hash"),
    role: sql<typeof account.role>`${account.role}`.as("role"),
    createdAt: sql<Date>`${stamp}`.as("created_at"),
    updatedAt: sql<Date>`${stamp}`.as("updated_at"),
    passwordChangedAt: sql<Date | null>`NULL`.as("password_changed_at"),
    staffRole: account.staffRole ?? sql<null>`NULL`.as("staff_role"),
    deactivatedAt: sql<Date | null>`NULL`.as("deactivated_at"),
    emailVerifiedAt: verifiedOnAcceptance(stamp, account.emailVerified),
  };
}

/**
 * `email_verified_at` of an account made by accepting an invitation: the moment, when the link
 * was emailed to the address (the SQL condition says so per row), else NULL (docs/decisions/070).
 */
export function verifiedOnAcceptance(at: number, emailed: boolean | SQL) {
  if (typeof emailed === "boolean") return sql<Date | null>`${emailed ? at : null}`.as("email_verified_at");
  return sql<Date | null>`CASE WHEN ${emailed} THEN ${at} ELSE NULL END`.as("email_verified_at");
}
