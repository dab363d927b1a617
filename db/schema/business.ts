/** Business: the client companies and the NAICS code list. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import {
  BUSINESS_MEMBER_ROLES,
  INVITED_MEMBER_ROLES,
  DEFAULT_INSIGHT_PREFERENCES,
  EMPLOYEE_BANDS,
  type InsightPreferences,
  MEMBER_TIERS,
  REVENUE_BANDS,
} from "../enums";
import { users } from "./identity";

export const businesses = sqliteTable(
  "businesses",
  {
    id: id(),
    /** One business per client user. */
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    clientRole: text("client_role").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    /** 2022 NAICS six-digit national industry code, kept as text (leading digits matter). */
    naics: text("naics").notNull(),
    revenueBand: text("revenue_band", { enum: REVENUE_BANDS }).notNull(),
    employeeBand: text("employee_band", { enum: EMPLOYEE_BANDS }).notNull(),
    /** The employee band's median, used as the revenue-per-employee divisor. */
    numberOfEmployees: integer("number_of_employees").notNull(),
    memberTier: text("member_tier", { enum: MEMBER_TIERS }).notNull().default("BASIC"),
    /** 'YYYY-MM'. */
    memberSince: text("member_since").notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    /** Stripe subscription status as reported by webhooks ('active', 'trialing', 'past_due', ...). */
    subscriptionStatus: text("subscription_status"),
    subscriptionId: text("subscription_id"),
    insightPreferences: text("insight_preferences", { mode: "json" })
      .$type<InsightPreferences>()
      .notNull()
      .default(DEFAULT_INSIGHT_PREFERENCES),
    /** When the owner first chose a plan on /plan-select (BASIC included); null until then. */
    planChosenAt: timestamp("plan_chosen_at"),
    /** When the owner last saved insight preferences; null while they are the defaults. */
    insightPreferencesSavedAt: timestamp("insight_preferences_saved_at"),
    /**
     * The free trial without a card (ADR 050): the tier whose perks it opens, when it started and
     * when it ends. All null until a trial starts; set once (one trial per business), never cleared,
     * so an ended trial is still known. Written only by app/server/payments/trial.server.ts, through
     * startBusinessTrial (app/server/business/business-row.server.ts).
     */
    trialTier: text("trial_tier", { enum: MEMBER_TIERS }),
    trialStartedAt: timestamp("trial_started_at"),
    trialEndsAt: timestamp("trial_ends_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("businesses_owner_user_id_unique").on(t.ownerUserId),
    uniqueIndex("businesses_stripe_customer_id_unique").on(t.stripeCustomerId),
    index("businesses_subscription_id_idx").on(t.subscriptionId),
    index("businesses_naics_idx").on(t.naics),
    check("businesses_naics_six_digits", sql`length(naics) = 6 AND naics NOT GLOB '*[^0-9]*'`),
    check("businesses_number_of_employees_positive", sql`number_of_employees >= 0`),
  ],
);

/**
 * The people of a business and their role (docs/decisions/066). Every business has its owner's
 * row, written in the batch that creates the business; `businesses.owner_user_id` still names the
 * owner (the one whose account created it) until ownership can be transferred.
 */
export const businessMembers = sqliteTable(
  "business_members",
  {
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: BUSINESS_MEMBER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] }), index("business_members_user_id_idx").on(t.userId)],
);

export type BusinessMember = typeof businessMembers.$inferSelect;

/**
 * Invitations to a business (docs/decisions/067): an owner or admin invites an email with a role
 * (admin, member or viewer; owner is reached by transfer only). A single-use link
 * `/business-invitation/{token}` valid 7 days, of which D1 keeps only the SHA-256. A business has
 * at most one open invitation per email: inviting it again refreshes that one.
 */
export const businessInvitations = sqliteTable(
  "business_invitations",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    role: text("role", { enum: INVITED_MEMBER_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The owner or admin who invited (or sent it again); null once their account is gone. */
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    revokedAt: timestamp("revoked_at"),
    acceptedUserId: text("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("business_invitations_token_hash_unique").on(t.tokenHash),
    uniqueIndex("business_invitations_open_email_unique")
      .on(t.businessId, t.email)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
    index("business_invitations_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

export type BusinessInvitation = typeof businessInvitations.$inferSelect;

/** The 2022 NAICS structure (loaded from data/naics by a seed script, not a migration). */
export const naicsCodes = sqliteTable(
  "naics_codes",
  {
    /** '11' .. '459110'; range sectors keep their Census form ('31-33', '44-45', '48-49'). */
    code: text("code").primaryKey(),
    title: text("title").notNull(),
    /** Number of digits: 2 (sector) to 6 (national industry). */
    level: integer("level").notNull(),
    parentCode: text("parent_code"),
  },
  (t) => [index("naics_codes_parent_code_idx").on(t.parentCode), index("naics_codes_level_idx").on(t.level)],
);

export type Business = typeof businesses.$inferSelect;

export type NewBusiness = typeof businesses.$inferInsert;

export type NaicsCode = typeof naicsCodes.$inferSelect;

export type NewNaicsCode = typeof naicsCodes.$inferInsert;
