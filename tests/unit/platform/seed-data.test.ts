import { describe, expect, it } from "vitest";
import { BUSINESS_AREAS, EMPLOYEE_BANDS, ENGAGEMENT_TYPES, NAICS_SECTORS, naicsSectorOf } from "~db/schema";
import { findNaics, naicsTitle } from "~/server/business/naics.server";
import { rankConsultants, type PoolConsultant } from "~/server/matching/engine";
import {
  DEMO_ACCOUNTS,
  DEMO_BUSINESS,
  DEMO_CONSULTANTS,
  DEMO_INSIGHTS,
  DEMO_MANAGER,
  DEMO_PASSWORD,
  DEMO_SEED_COUNTS,
  demoExperienceId,
  demoSeedSql,
  sqlLiteral,
} from "~db/seed/demo";

const FAKE_HASH = "pbkdf2-sha256$100000$c2FsdA$aGFzaA";

describe("demo consultants", () => {
  it("offers a bench of at least twelve consultants", () => {
    expect(DEMO_CONSULTANTS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_ACCOUNTS.filter((a) => a.role === "consultant")).toHaveLength(DEMO_CONSULTANTS.length);
  });

  it.each(BUSINESS_AREAS)("covers the %s area with at least two consultants", (area) => {
    const covering = DEMO_CONSULTANTS.filter((c) => c.businessAreas.includes(area));
    expect(covering.length).toBeGreaterThanOrEqual(2);
  });

  it.each(ENGAGEMENT_TYPES)("covers the %s engagement type", (type) => {
    expect(DEMO_CONSULTANTS.some((c) => c.engagementTypes.includes(type))).toBe(true);
  });

  it("lists only real NAICS sectors as industries", () => {
    for (const c of DEMO_CONSULTANTS) {
      expect(c.industries.length).toBeGreaterThan(0);
      for (const sector of c.industries) expect(NAICS_SECTORS).toContain(sector);
    }
  });

  it("gives every consultant a distinct, filled-in profile", () => {
    const names = new Set(DEMO_CONSULTANTS.map((c) => `${c.firstName} ${c.lastName}`));
    const bios = new Set(DEMO_CONSULTANTS.map((c) => c.bio));
    expect(names.size).toBe(DEMO_CONSULTANTS.length);
    expect(bios.size).toBe(DEMO_CONSULTANTS.length);
    for (const c of DEMO_CONSULTANTS) {
      expect(c.yearsOfExperience).toBeGreaterThanOrEqual(6);
      expect(c.yearsOfExperience).toBeLessThanOrEqual(30);
      expect(c.education).not.toBe("");
      expect(c.missionStatement).not.toBe("");
      expect(c.bio.split(/(?<=\.)\s+/).length).toBeGreaterThanOrEqual(2);
      expect(`${c.bio} ${c.missionStatement}`.toLowerCase()).not.toContain("lorem");
    }
  });
});

describe("demo accounts", () => {
  it("uses unique, lowercase emails", () => {
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email).toBe(email.toLowerCase());
  });

  it("has one client and one engagement manager", () => {
    expect(DEMO_ACCOUNTS.filter((a) => a.role === "client").map((a) => a.email)).toEqual(["demo@partwise.test"]);
    expect(DEMO_ACCOUNTS.filter((a) => a.role === "manager").map((a) => a.email)).toEqual(["manager@partwise.test"]);
  });

  it("gives the demo business a six-digit NAICS code in a known sector", () => {
    expect(DEMO_BUSINESS.naics).toMatch(/^\d{6}$/);
    expect(naicsSectorOf(DEMO_BUSINESS.naics)).toBe("44-45");
  });
});

describe("demo seed SQL", () => {
  const statements = demoSeedSql(FAKE_HASH);

  it("makes every INSERT a no-op on conflict, so seeding twice changes nothing", () => {
    const inserts = statements.filter((s) => /^\s*INSERT\b/i.test(s));
    const others = statements.filter((s) => !/^\s*INSERT\b/i.test(s));
    for (const statement of inserts) expect(statement).toMatch(/ON CONFLICT\b.*DO NOTHING;$/s);
    // The one other statement links the delivered request to its report, only while unlinked.
    expect(others).toEqual([
      `UPDATE insight_requests SET insight_report_id = '${DEMO_INSIGHTS.delivered.reportId}' WHERE id = '${DEMO_INSIGHTS.delivered.requestId}' AND insight_report_id IS NULL AND EXISTS (SELECT 1 FROM insight_reports WHERE id = '${DEMO_INSIGHTS.delivered.reportId}');`,
    ]);
  });

  it("writes the counted rows of every table", () => {
    const count = (table: string) => statements.filter((s) => s.startsWith(`INSERT INTO ${table} `)).length;
    expect(count("users")).toBe(DEMO_SEED_COUNTS.users);
    expect(count("businesses")).toBe(DEMO_SEED_COUNTS.businesses);
    expect(count("consultant_profiles")).toBe(DEMO_SEED_COUNTS.consultantProfiles);
    expect(count("consultant_experiences")).toBe(DEMO_SEED_COUNTS.consultantExperiences);
    expect(count("consultant_vettings")).toBe(DEMO_SEED_COUNTS.consultantVettings);
    expect(count("insight_requests")).toBe(DEMO_SEED_COUNTS.insightRequests);
    expect(count("insight_reports")).toBe(DEMO_SEED_COUNTS.insightReports);
    expect(count("notifications")).toBe(DEMO_SEED_COUNTS.notifications);
  });

  it("is deterministic for a given hash (fixed ids and timestamps)", () => {
    expect(demoSeedSql(FAKE_HASH)).toEqual(statements);
  });

  it("inserts every account, the business and every profile with the given hash", () => {
    const users = statements.filter((s) => s.startsWith("INSERT INTO users "));
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
    for (const user of users) expect(user).toContain(`'${FAKE_HASH}'`);
    // Every demo account's email counts as verified (docs/decisions/070).
    for (const user of users) expect(user).toMatch(/, email_verified_at\) VALUES \(.*, \d{13}\) ON CONFLICT/);
    expect(statements.filter((s) => s.startsWith("INSERT INTO businesses "))).toHaveLength(1);
    expect(statements.filter((s) => s.startsWith("INSERT INTO business_members "))).toHaveLength(1);
    expect(statements.filter((s) => s.startsWith("INSERT INTO consultant_profiles "))).toHaveLength(
      DEMO_CONSULTANTS.length,
    );
  });

  it("escapes quotes in string values", () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(true)).toBe("1");
    const escaped = demoSeedSql("a'b");
    expect(escaped.some((s) => s.includes("'a''b'"))).toBe(true);
  });

  it("uses a password that meets the sign-up length and character-class rules", () => {
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_PASSWORD).toMatch(/[a-z]/);
    expect(DEMO_PASSWORD).toMatch(/[A-Z]/);
    expect(DEMO_PASSWORD).toMatch(/\d/);
  });
});

describe("demo insights", () => {
  const statements = demoSeedSql(FAKE_HASH);
  const requestSql = (id: string) =>
    statements.find((s) => s.startsWith("INSERT INTO insight_requests ") && s.includes(`SELECT '${id}', `))!;

  it("delivers a paid operations request with a published report by the demo manager, linked both ways", () => {
    const d = DEMO_INSIGHTS.delivered;
    const request = requestSql(d.requestId);
    expect(request).toContain(`'${d.category}'`);
    expect(request).toContain(`'ready', 1, 0, NULL, '${DEMO_MANAGER.id}'`);
    const report = statements.find((s) => s.startsWith("INSERT INTO insight_reports "))!;
    expect(report).toContain(
      `SELECT '${d.reportId}', '${d.requestId}', '${DEMO_BUSINESS.id}', 'operations', '${d.title}', `,
    );
    expect(report).toContain(`'published', '${DEMO_MANAGER.id}'`);
    // Inserted in foreign-key order: request, report, then the link.
    const order = [request, report, statements.find((s) => s.startsWith("UPDATE insight_requests "))!].map((s) =>
      statements.indexOf(s),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const notification = statements.find((s) => s.startsWith("INSERT INTO notifications "))!;
    expect(notification).toContain(
      `'insight_ready', 'Your insight is available!', '${d.title}', '/insight-discovery?type=REPORT&id=${d.requestId}'`,
    );
  });

  it("leaves a paid marketing request unassigned for the manager", () => {
    const s = DEMO_INSIGHTS.submitted;
    const request = requestSql(s.requestId);
    expect(request).toContain(`'${s.category}'`);
    expect(request).toContain(`'submitted', 1, 0, NULL, NULL`);
  });

  it("writes real report text, with no placeholders, and keeps the demo client on BASIC", () => {
    const insightSql = statements.filter((s) => /^(INSERT INTO (insight_|notifications)|UPDATE)/.test(s)).join("\n");
    for (const word of ["TODO", "lorem", "placeholder", "{"])
      expect(insightSql.toLowerCase()).not.toContain(word.toLowerCase());
    const report = statements.find((s) => s.startsWith("INSERT INTO insight_reports "))!;
    expect(report.match(/\n/g)?.length ?? 0).toBeGreaterThanOrEqual(6); // paragraphs and one recommendation per line
    expect(DEMO_BUSINESS.memberTier).toBe("BASIC");
  });
});

describe("demo consultants' experience", () => {
  const statements = demoSeedSql(FAKE_HASH);

  it("gives every consultant 2-3 past clients in real 2022 NAICS industries, with fixed ids", () => {
    for (const c of DEMO_CONSULTANTS) {
      expect(c.pastClients.length).toBeGreaterThanOrEqual(2);
      expect(c.pastClients.length).toBeLessThanOrEqual(3);
      c.pastClients.forEach((past, i) => {
        expect(findNaics(past.naicsCode), past.naicsCode).not.toBeNull();
        expect(EMPLOYEE_BANDS).toContain(past.employeeBand);
        expect(past.years).toBeGreaterThanOrEqual(1);
        expect(past.clientDescription).not.toBe("");
        const row = statements.find((s) => s.includes(`SELECT '${demoExperienceId(c, i)}', '${c.id}', `));
        expect(row).toMatch(/^INSERT INTO consultant_experiences /);
      });
    }
    const ids = DEMO_CONSULTANTS.flatMap((c) => c.pastClients.map((_, i) => demoExperienceId(c, i)));
    expect(new Set(ids).size).toBe(DEMO_SEED_COUNTS.consultantExperiences);
  });

  it("lists specific industry codes (3 to 6 digits) that name a NAICS level, and the sizes they work with", () => {
    for (const c of DEMO_CONSULTANTS) {
      expect(c.industryCodes.length).toBeGreaterThan(0);
      for (const code of c.industryCodes) {
        expect(code).toMatch(/^\d{3,6}$/);
        expect(naicsTitle(code), code).not.toBeNull();
      }
      expect(c.companySizes.length).toBeGreaterThan(0);
      for (const band of c.companySizes) expect(EMPLOYEE_BANDS).toContain(band);
    }
  });

  it("inserts the past clients after the profiles, only for existing users, and writes codes and sizes on the profile", () => {
    const lastProfile = statements.findLastIndex((s) => s.startsWith("INSERT INTO consultant_profiles "));
    const firstExperience = statements.findIndex((s) => s.startsWith("INSERT INTO consultant_experiences "));
    expect(firstExperience).toBeGreaterThan(lastProfile);
    const first = DEMO_CONSULTANTS[0];
    const profile = statements.find((s) => s.includes(`SELECT '${first.profileId}', `))!;
    expect(profile).toContain(`'${JSON.stringify(first.industryCodes)}', '${JSON.stringify(first.companySizes)}'`);
    const experience = statements.find((s) => s.includes(`SELECT '${demoExperienceId(first, 0)}', `))!;
    expect(experience).toContain(`WHERE EXISTS (SELECT 1 FROM users WHERE id = '${first.id}') ON CONFLICT DO NOTHING;`);
  });
});

describe("the demo shortlist", () => {
  // The pool as the engine sees it on a freshly seeded database: no matches yet.
  const pool: PoolConsultant[] = DEMO_CONSULTANTS.filter((c) => c.availability !== "unavailable").map((c) => ({
    id: c.id,
    name: `${c.firstName} ${c.lastName}`,
    businessAreas: c.businessAreas,
    engagementTypes: c.engagementTypes,
    industries: c.industries,
    industryCodes: c.industryCodes,
    companySizes: c.companySizes,
    yearsOfExperience: c.yearsOfExperience,
    hoursPerWeek: c.hoursPerWeek,
    committedHours: 0,
    pastClients: c.pastClients.map((p) => ({ ...p, description: p.clientDescription })),
    ratings: { count: 0, average: 0 },
  }));
  const rank = (category: "finance" | "operations" | "marketing", consultingType: "fractional" | "project") =>
    rankConsultants({
      request: {
        category,
        consultingType,
        naics: DEMO_BUSINESS.naics,
        employeeBand: DEMO_BUSINESS.employeeBand,
        books: null,
      },
      consultants: pool,
      naicsTitle,
    });
  const consultant1 = DEMO_CONSULTANTS.find((c) => c.email === "consultant1@partwise.test")!;

  it("puts consultant1 first for the demo client's fractional finance request, with the reasons", () => {
    const shortlist = rank("finance", "fractional");
    expect(shortlist.findIndex((s) => s.consultantId === consultant1.id)).toBe(0);
    expect(shortlist[0].summary).toBe("4 years in Sporting Goods Retailers; has worked with 1 firm of 25-50 people");
  });

  it("shortlists consultant1 for a fractional operations request too", () => {
    const shortlist = rank("operations", "fractional");
    expect(shortlist.length).toBeGreaterThanOrEqual(3);
    expect(shortlist.map((s) => s.consultantId)).toContain(consultant1.id);
  });

  it("gives a marketing request a shortlist led by retail experience", () => {
    const shortlist = rank("marketing", "project");
    expect(shortlist.length).toBeGreaterThanOrEqual(2);
    expect(shortlist[0].factors.find((f) => f.factor === "industry")?.explanation).toMatch(/NAICS 459110\)$/);
  });
});
