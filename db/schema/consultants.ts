/** Consultants: vetted profiles. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, currency, id, updatedAt } from "./columns";
import { type BusinessArea, CONSULTANT_AVAILABILITY, type EngagementType, type NaicsSector } from "../enums";
import { users } from "./identity";

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
    yearsOfExperience: integer("years_of_experience").notNull(),
    education: text("education").notNull(),
    missionStatement: text("mission_statement").notNull(),
    bio: text("bio").notNull(),
    availability: text("availability", { enum: CONSULTANT_AVAILABILITY }).notNull().default("available"),
    hoursPerWeek: integer("hours_per_week").notNull().default(0),
    hourlyRateCents: integer("hourly_rate_cents").notNull(),
    currency: currency(),
    /** 'City, ST'. */
    location: text("location").notNull(),
    /** Only vetted consultants are proposed as candidates. */
    vetted: bool("vetted").notNull().default(false),
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

export type ConsultantProfile = typeof consultantProfiles.$inferSelect;

export type NewConsultantProfile = typeof consultantProfiles.$inferInsert;
