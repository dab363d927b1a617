/**
 * The whole Partwise data model (D1 / SQLite through Drizzle), one file per domain, all re-exported
 * here: import from `~db/schema` (drizzle-kit reads this file). The allowed values of enumerated
 * columns live in db/enums.ts, which imports nothing, so app/lib can share them.
 *
 * Conventions:
 * - Table names snake_case plural, TS properties camelCase.
 * - Primary keys are text UUIDs made by the app (`crypto.randomUUID()`); a few tables use a natural
 *   key instead (session/OAuth-state token hashes, Stripe event ids, rate-limit keys, NAICS codes).
 * - Timestamps are `integer` milliseconds (`mode: "timestamp_ms"`), read as `Date`.
 * - Money is integer cents plus a lowercase ISO currency ("usd").
 * - Enums are `text` with a TS-only enum: no SQL CHECK, so adding a value never needs a table
 *   rebuild in SQLite. Cheap invariants (ranges, lengths) do get CHECK constraints, written with
 *   bare column names: `${t.col}` would be table-qualified by drizzle-kit, which breaks the
 *   copy-table rebuild a later SQLite migration may generate.
 * - Every foreign key column used for lookups has an index; rows owned by a business cascade when
 *   the business goes; optional links to other records are `set null`.
 * - Tenant data carries `business_id` directly (even when reachable through a parent) so every
 *   query can be scoped by the caller's business in one indexed predicate.
 */
export * from "../enums";
export * from "./identity";
export * from "./platform";
export * from "./business";
export * from "./finance";
export * from "./payments";
export * from "./benchmarking";
export * from "./consultants";
export * from "./insights";
export * from "./matching";
export * from "./engagements";
export * from "./files";
export * from "./notifications";
export * from "./notification-preferences";
export * from "./support";
export * from "./events";
export * from "./learning";
export * from "./payouts";
export * from "./relations";
export * from "./transfers";
export * from "./privacy";
export * from "./audit";
export * from "./conversations";
