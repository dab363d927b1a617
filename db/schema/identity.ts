/** Identity: users, their sessions, password resets and email changes. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { STAFF_ROLES, USER_ROLES } from "../enums";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** Always stored lowercased and trimmed; unique. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("client"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Sessions created before this instant are invalid (revocation on password change). */
    passwordChangedAt: timestamp("password_changed_at"),
    /** A staff account's (role "manager") rights: admin or manager; null for everyone else. */
    staffRole: text("staff_role", { enum: STAFF_ROLES }),
    /** When the account was closed (a removed staff member): it cannot sign in, its sessions are gone. */
    deactivatedAt: timestamp("deactivated_at"),
    /**
     * When the sign-in email was proven to be the person's (docs/decisions/070): a link sent to it
     * was opened, or the account was made from an emailed invitation. Null: not yet; paying,
     * inviting colleagues and receiving payouts wait for it.
     */
    emailVerifiedAt: timestamp("email_verified_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_role_idx").on(t.role)],
);

/**
 * Invitations of staff: a single-use link `/staff-invitation/{token}` valid 7 days, of which D1
 * keeps only the SHA-256. The first one is made by `npm run staff:invite` (invited_by_id null);
 * then admins invite from the console. An email has at most one open invitation.
 */
export const staffInvitations = sqliteTable(
  "staff_invitations",
  {
    id: id(),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    staffRole: text("staff_role", { enum: STAFF_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The admin who invited; null for the command line's first invitation. */
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    revokedAt: timestamp("revoked_at"),
    acceptedUserId: text("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_hash_unique").on(t.tokenHash),
    uniqueIndex("staff_invitations_open_email_unique")
      .on(t.email)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
    index("staff_invitations_created_at_idx").on(t.createdAt),
  ],
);

export type StaffInvitation = typeof staffInvitations.$inferSelect;

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 hex of the cookie token: a database leak does not yield usable cookies. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at")
      .notNull()
      .$defaultFn(() => new Date()),
    expiresAt: timestamp("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /**
     * The business the session works in (docs/decisions/066), chosen by switching; null for the
     * user's own or first one. No foreign key (business imports identity's schema): the session
     * query only honours it while the user is still a member, so a stale id falls back.
     */
    businessId: text("business_id"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 hex of the emailed code or link token; the plain value is never stored. */
    codeHash: text("code_hash").notNull(),
    /** Wrong guesses against this reset; the flow gives up after a few. */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_code_hash_unique").on(t.codeHash),
    index("password_resets_user_id_idx").on(t.userId),
    index("password_resets_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * A requested change of a user's sign-in email (ADR 050): it takes effect only when the link sent to
 * the new address is opened. Only the newest live request of a user works (a new one expires the
 * earlier ones); a link works once and expires.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lowercased and trimmed, like users.email. */
    newEmail: text("new_email").notNull(),
    /** HMAC-SHA256 hex of the link's token under the password pepper; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    /** When the link was opened and the email changed. */
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_changes_token_hash_unique").on(t.tokenHash),
    index("email_changes_user_id_idx").on(t.userId),
  ],
);

export type User = typeof users.$inferSelect;

export type NewUser = typeof users.$inferInsert;

export type Session = typeof sessions.$inferSelect;

export type NewSession = typeof sessions.$inferInsert;

export type PasswordReset = typeof passwordResets.$inferSelect;

export type NewPasswordReset = typeof passwordResets.$inferInsert;

export type EmailChange = typeof emailChanges.$inferSelect;
