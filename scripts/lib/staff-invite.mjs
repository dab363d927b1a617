// The pieces of `npm run staff:invite` (scripts/staff-invite.mjs) that do not touch a database:
// reading the arguments, the invitation's token and the SQL that writes it (the same row the
// console's inviteStaff writes, app/server/identity/staff.server.ts, without an inviter).
import { createHash, randomBytes, randomUUID } from "node:crypto";

export const USAGE =
  "Usage: npm run staff:invite -- --email <address> [--first-name <name>] [--last-name <name>] " +
  "[--role admin|manager] [--url <app origin>] [--remote | --persist-to <dir>]";

/** Days an invitation link works (INVITATION_TTL_DAYS in app/lib/identity/invitations.ts). */
export const INVITATION_TTL_DAYS = 7;

/** The same check as the sign-up's email field, loosely: one @, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "dana.lee@x.com" → ["Dana", "Lee"]; "ops@x.com" → ["Ops", ""]. */
export function namesFromEmail(email) {
  const parts = email
    .split("@")[0]
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1));
  return [parts[0] ?? "Admin", parts.slice(1).join(" ")];
}

/** The command's options, or { error } with what is wrong. */
export function parseArgs(argv) {
  const options = { remote: false, role: "admin", persistTo: null, url: null, firstName: null, lastName: null };
  const takes = { "--email": "email", "--first-name": "firstName", "--last-name": "lastName", "--role": "role" };
  Object.assign(takes, { "--url": "url", "--persist-to": "persistTo" });
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === "--remote") {
      options.remote = true;
    } else if (flag === "--local") {
      options.remote = false;
    } else if (takes[flag]) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") return { error: `${flag} needs a value.` };
      options[takes[flag]] = value;
    } else {
      return { error: `unknown argument ${argv[i]}.` };
    }
  }
  if (!options.email) return { error: "--email is required." };
  options.email = options.email.trim().toLowerCase();
  if (!EMAIL.test(options.email)) return { error: `${options.email} is not an email address.` };
  if (!["admin", "manager"].includes(options.role)) return { error: "--role is admin or manager." };
  if (options.remote && options.persistTo) return { error: "--persist-to is for the local database only." };
  if (options.remote && !options.url) return { error: "--remote needs --url, the deployed app's origin." };
  if (options.url) {
    try {
      options.url = new URL(options.url).origin;
    } catch {
      return { error: `${options.url} is not a URL.` };
    }
  }
  const [first, last] = namesFromEmail(options.email);
  options.firstName = (options.firstName ?? first).trim();
  options.lastName = (options.lastName ?? last).trim();
  return { options };
}

/** A new link token (32 random bytes, base64url: what /staff-invitation/:token takes) and its SHA-256 hex. */
export function newInvitationToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: createHash("sha256").update(token).digest("hex") };
}

const quote = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/**
 * The SQL that writes the invitation unless the email has an account: a new row, or the open
 * invitation of this email refreshed (new token, role, names, 7 days), then what happened.
 */
export function invitationSql({ email, firstName, lastName, role, tokenHash, now = Date.now() }) {
  const expiresAt = now + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
  return [
    "INSERT INTO staff_invitations (id, email, first_name, last_name, staff_role, token_hash, invited_by_id, created_at, expires_at)",
    `SELECT ${quote(randomUUID())}, ${quote(email)}, ${quote(firstName)}, ${quote(lastName)}, ${quote(role)}, ${quote(tokenHash)}, NULL, ${now}, ${expiresAt}`,
    `WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = ${quote(email)})`,
    "ON CONFLICT (email) WHERE accepted_at IS NULL AND revoked_at IS NULL DO UPDATE SET",
    "  first_name = excluded.first_name, last_name = excluded.last_name, staff_role = excluded.staff_role,",
    "  token_hash = excluded.token_hash, invited_by_id = NULL, expires_at = excluded.expires_at;",
    // The audit trail's record of it (docs/decisions/065): by Partwise itself, through this command.
    "INSERT INTO audit_events (id, business_id, actor_user_id, actor_kind, action, subject_type, subject_id, detail, ip, user_agent, created_at)",
    `SELECT ${quote(randomUUID())}, NULL, NULL, 'system', 'staff.invited', 'staff_invitation', ${quote(email)}, ${quote(JSON.stringify({ email, staffRole: role, via: "npm run staff:invite" }))}, NULL, NULL, ${now}`,
    `WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = ${quote(email)});`,
    `SELECT (SELECT count(*) FROM users WHERE email = ${quote(email)}) AS account,`,
    `  (SELECT count(*) FROM staff_invitations WHERE token_hash = ${quote(tokenHash)}) AS invited;`,
  ].join("\n");
}
