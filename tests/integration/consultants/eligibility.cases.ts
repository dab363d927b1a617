import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultantProfiles, users } from "~db/schema";
import {
  consultantEligible,
  consultantOutOfPoolByManager,
  eligibleConsultant,
  ineligibility,
} from "~/server/consultants/eligibility.server";
import { createConsultant, createUser, db } from "../helpers";

const NOW = new Date("2026-05-01T12:00:00Z");
const DAY = 86_400_000;

describe("the one eligibility rule (consultants' eligibility.server)", () => {
  it("excludes each failing condition alike in SQL and in TypeScript, and withdraws only on a manager's", async () => {
    const cases = {
      inPool: {},
      limited: { availability: "limited" as const },
      backNow: { awayUntil: NOW },
      backYesterday: { awayUntil: new Date(NOW.getTime() - DAY) },
      unvetted: { vetted: false },
      unavailable: { availability: "unavailable" as const },
      away: { awayUntil: new Date(NOW.getTime() + 1) },
      paused: { pausedAt: new Date(NOW.getTime() - DAY) },
    };
    const ids: Record<string, string> = {};
    for (const [name, profile] of Object.entries(cases)) {
      ids[name] = (await createConsultant({ vetted: true, ...profile })).user.id;
    }
    const { user: noProfile } = await createUser({ role: "consultant" });
    ids.noProfile = noProfile.id;
    const all = Object.values(ids);
    const nameOf = (id: string) => Object.keys(ids).find((name) => ids[name] === id);

    // The Drizzle condition over the table.
    const inSql = await db()
      .select({ id: consultantProfiles.userId })
      .from(consultantProfiles)
      .where(and(inArray(consultantProfiles.userId, all), eligibleConsultant(NOW)));
    expect(inSql.map((row) => nameOf(row.id)).sort()).toEqual(["backNow", "backYesterday", "inPool", "limited"]);

    // The predicate over the same rows, loaded: the same consultants, each excluded for its reason.
    const rows = await db().select().from(consultantProfiles).where(inArray(consultantProfiles.userId, all));
    const reasons = Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [
        name,
        ineligibility(rows.find((row) => row.userId === id) ?? null, NOW),
      ]),
    );
    expect(reasons).toEqual({
      inPool: null,
      limited: null,
      backNow: null,
      backYesterday: null,
      unvetted: "not_vetted",
      unavailable: "unavailable",
      away: "away",
      paused: "paused",
      noProfile: "no_profile",
    });

    // The per-consultant guards the writes carry: in the pool; out of it by a manager's hand.
    const flags = await db()
      .select({
        id: users.id,
        eligible: sql<number>`${consultantEligible(users.id, NOW)}`,
        outByManager: sql<number>`${consultantOutOfPoolByManager(users.id, NOW)}`,
      })
      .from(users)
      .where(inArray(users.id, all));
    const flagged = (key: "eligible" | "outByManager") =>
      flags
        .filter((row) => row[key] === 1)
        .map((row) => nameOf(row.id))
        .sort();
    expect(flagged("eligible")).toEqual(["backNow", "backYesterday", "inPool", "limited"]);
    expect(flagged("outByManager")).toEqual(["paused", "unvetted"]);
    const [one] = await db()
      .select({ eligible: sql<number>`${consultantEligible(ids.unavailable, NOW)}` })
      .from(users)
      .where(eq(users.id, ids.unavailable));
    expect(one.eligible).toBe(0);
  });
});
