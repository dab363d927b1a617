/** Consultants: vetted profiles, invitations and applications. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, currency, id, timestamp, updatedAt } from "./columns";
import {
  type BusinessArea,
  CONSULTANT_AVAILABILITY,
  EMPLOYEE_BANDS,
  PROFILE_DRAFT_STATUSES,
  RATE_UNITS,
  type EmployeeBand,
  type EngagementType,
  type NaicsSector,
} from "../enums";
import { users } from "./identity";
import type { ProfileDraftFields } from "../../app/lib/consultants/profile";

export const consultantProfiles = sqliteTable(
  "consultant_profiles",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    headline: text("headline").notNull(),
    businessAreas: text("business_areas", { mode: "json" }).$type<BusinessArea[]>().notNull(),
    engagementTypes: text("engagement_types", { mode: "json" }).$type<EngagementType[]>().notNull(),
    /** NAICS sector codes (see NAICS_SECTORS). */
    industries: text("industries", { mode: "json" }).$type<NaicsSector[]>().notNull(),
    /** More specific NAICS codes (3 to 6 digits) the consultant knows well, e.g. "4591" sporting goods. */
    industryCodes: text("industry_codes", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The employee bands of the companies the consultant has worked with. */
    companySizes: text("company_sizes", { mode: "json" })
      .$type<EmployeeBand[]>()
      .notNull()
      .default(sql`'[]'`),
    yearsOfExperience: integer("years_of_experience").notNull(),
    education: text("education").notNull(),
    missionStatement: text("mission_statement").notNull(),
    bio: text("bio").notNull(),
    availability: text("availability", { enum: CONSULTANT_AVAILABILITY }).notNull().default("available"),
    hoursPerWeek: integer("hours_per_week").notNull().default(0),
    /** The rate per hour whatever the unit quoted (a day is HOURS_PER_DAY hours): the figure to compare. */
    hourlyRateCents: integer("hourly_rate_cents").notNull(),
    currency: currency(),
    /** 'City, ST'. */
    location: text("location").notNull(),
    /** Only vetted consultants are proposed as candidates. */
    vetted: bool("vetted").notNull().default(false),
    /** Away (on leave, fully booked) until this moment: never shortlisted nor proposed before it. */
    awayUntil: timestamp("away_until"),
    /** Paused by an engagement manager: out of the pool until unpaused, whatever the availability. */
    pausedAt: timestamp("paused_at"),
    /** R2 key of the published photo; null until the first profile with a photo is approved. */
    photoKey: text("photo_key"),
    /** How the consultant quotes: per hour or per day. `rate_cents` is per this unit. */
    rateUnit: text("rate_unit", { enum: RATE_UNITS }).notNull().default("hour"),
    rateCents: integer("rate_cents").notNull().default(0),
    /** IANA time zone (one of TIME_ZONES). */
    timeZone: text("time_zone").notNull().default("America/New_York"),
    linkedinUrl: text("linkedin_url"),
    /**
     * When the consultant chose to show their profile in public (/consultants/<id>); null while
     * they do not. Shown only while also vetted and not paused (listedInPublic).
     */
    listedAt: timestamp("listed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("consultant_profiles_user_id_unique").on(t.userId),
    index("consultant_profiles_pool_idx").on(t.vetted, t.availability),
    check("consultant_profiles_years_nonnegative", sql`years_of_experience >= 0`),
    check("consultant_profiles_rate_nonnegative", sql`hourly_rate_cents >= 0`),
  ],
);

/**
 * A consultant's past client, as stated on their profile: what kind of company (NAICS code and
 * employee band), in a few words, and for how many years. The matching engine reads industry and
 * company-size experience from these and from the consultant's completed Partwise matches.
 */
export const consultantExperiences = sqliteTable(
  "consultant_experiences",
  {
    id: id(),
    consultantId: text("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** e.g. "Regional outdoor-gear retailer". */
    clientDescription: text("client_description").notNull(),
    /** NAICS 2022 code, 2 to 6 digits. */
    naicsCode: text("naics_code").notNull(),
    employeeBand: text("employee_band", { enum: EMPLOYEE_BANDS }).notNull(),
    years: integer("years").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("consultant_experiences_consultant_id_idx").on(t.consultantId),
    check("consultant_experiences_years_positive", sql`years >= 1`),
  ],
);

export const CONSULTANT_VETTING_DECISIONS = ["vetted", "unvetted"] as const;
export type ConsultantVettingDecision = (typeof CONSULTANT_VETTING_DECISIONS)[number];

/**
 * The vetting history: every time a manager vetted or unvetted a consultant, with their notes.
 * consultant_profiles.vetted holds the current state; these rows say who decided it and why.
 */
export const consultantVettings = sqliteTable(
  "consultant_vettings",
  {
    id: id(),
    consultantId: text("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: CONSULTANT_VETTING_DECISIONS }).notNull(),
    notes: text("notes").notNull().default(""),
    decidedById: text("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("consultant_vettings_consultant_created_idx").on(t.consultantId, t.createdAt)],
);

export type ConsultantVetting = typeof consultantVettings.$inferSelect;

/**
 * The version of the public pages built from consultants' profiles (ADR 090): one row (id 1),
 * raised by triggers (migration 0043) in the very statement of every insert, update and delete of
 * consultant_profiles, and of a consultant's name or deactivation. The edge cache keys those pages
 * on it, so no change can be missed and no writer has anything to remember.
 */
export const consultantPublicVersion = sqliteTable("consultant_public_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

export type ConsultantExperience = typeof consultantExperiences.$inferSelect;

export type ConsultantProfile = typeof consultantProfiles.$inferSelect;

export type NewConsultantProfile = typeof consultantProfiles.$inferInsert;

/** Applications from the sign-up chooser's consultant page; an engagement manager invites or declines. */
export const consultantApplications = sqliteTable(
  "consultant_applications",
  {
    id: id(),
    name: text("name").notNull(),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    linkedinUrl: text("linkedin_url"),
    businessAreas: text("business_areas", { mode: "json" }).$type<BusinessArea[]>().notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "invited", "declined"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("consultant_applications_status_idx").on(t.status, t.createdAt)],
);

/**
 * An engagement manager's invitation of a consultant. Its state lives in the timestamps (pending,
 * accepted, revoked, expired), so no status column can disagree with them.
 */
export const consultantInvitations = sqliteTable(
  "consultant_invitations",
  {
    id: id(),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    note: text("note").notNull().default(""),
    /** SHA-256 hex of the emailed link's token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    applicationId: text("application_id").references(() => consultantApplications.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    revokedAt: timestamp("revoked_at"),
    acceptedUserId: text("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("consultant_invitations_token_hash_unique").on(t.tokenHash),
    // At most one open invitation per email: inviting again refreshes it (two racing invites cannot both insert).
    uniqueIndex("consultant_invitations_open_email_unique")
      .on(t.email)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
    index("consultant_invitations_email_idx").on(t.email),
    index("consultant_invitations_created_at_idx").on(t.createdAt),
  ],
);

export type ConsultantInvitation = typeof consultantInvitations.$inferSelect;

export type ConsultantApplication = typeof consultantApplications.$inferSelect;

/**
 * A consultant's unpublished profile edits (one row per consultant): while onboarding, the whole
 * profile; later, changes to what businesses see, waiting for a manager's review. Approving
 * copies the fields into consultant_profiles and removes the row.
 */
export const consultantProfileDrafts = sqliteTable(
  "consultant_profile_drafts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fields: text("fields", { mode: "json" })
      .$type<ProfileDraftFields>()
      .notNull()
      .default(sql`'{}'`),
    status: text("status", { enum: PROFILE_DRAFT_STATUSES }).notNull().default("editing"),
    submittedAt: timestamp("submitted_at"),
    /** The manager's notes when they asked for changes. */
    reviewNotes: text("review_notes"),
    reviewedAt: timestamp("reviewed_at"),
    reviewedById: text("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The console's navigation counts the drafts waiting for review on every manager page.
  (t) => [index("consultant_profile_drafts_status_idx").on(t.status)],
);

export type ConsultantProfileDraft = typeof consultantProfileDrafts.$inferSelect;
