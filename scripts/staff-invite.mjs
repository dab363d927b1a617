#!/usr/bin/env node
/**
 * `npm run staff:invite -- --email <address> [--remote --url https://app.example]`: the first
 * admin's invitation (or any staff invitation when no admin can sign in). Writes the invitation to
 * the local D1 (`npm start`'s, or --persist-to's) or, with --remote, to the deployed one (wrangler
 * must be signed in to the account), and prints the single-use link, valid 7 days. The only command
 * that touches production data by hand (docs/deploy.md); from then on admins invite staff from the
 * console's Staff page. docs/decisions/064.
 */
import { invitationSql, newInvitationToken, parseArgs, USAGE } from "./lib/staff-invite.mjs";
import { bin, capture, quietEnv } from "./lib/proc.mjs";

const parsed = parseArgs(process.argv.slice(2));
if (parsed.error) {
  console.error(`staff:invite: ${parsed.error}\n${USAGE}`);
  process.exit(2);
}
const options = parsed.options;
const { token, tokenHash } = newInvitationToken();
const args = ["d1", "execute", "DB", options.remote ? "--remote" : "--local", "--json"];
if (options.persistTo) args.push("--persist-to", options.persistTo);
args.push("--command", invitationSql({ ...options, tokenHash }));

const run = await capture(bin("wrangler"), args, { env: quietEnv({ CI: "true" }) });
let outcome = null;
try {
  outcome = JSON.parse(run.stdout).at(-1)?.results?.[0] ?? null;
} catch {
  outcome = null;
}
if (run.code !== 0 || !outcome) {
  console.error(run.stdout.trim());
  console.error(run.stderr.trim());
  console.error(
    `staff:invite: wrangler d1 execute failed (exit ${run.code}).` +
      (options.remote ? " Is wrangler signed in (npx wrangler login)?" : " Did the migrations run (npm start does)?"),
  );
  process.exit(1);
}
if (outcome.account > 0) {
  console.error(`staff:invite: ${options.email} already has a Partwise account; nothing was written.`);
  process.exit(1);
}
if (outcome.invited !== 1) {
  console.error("staff:invite: the invitation was not written.");
  process.exit(1);
}
const origin = options.url ?? `http://localhost:${process.env.PORT || "8787"}`;
const where = options.remote
  ? "the remote database"
  : `the local database${options.persistTo ? ` (${options.persistTo})` : ""}`;
console.log(
  `staff:invite: invited ${[options.firstName, options.lastName].filter(Boolean).join(" ")} <${options.email}> as ${options.role} in ${where}.`,
);
console.log(`Open this link within 7 days to choose a password (it works once):`);
console.log(`${origin}/staff-invitation/${token}`);
