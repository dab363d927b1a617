import { describe, expect, it } from "vitest";
import {
  AboutSectionSchema,
  BackgroundSectionSchema,
  ExpertiseSectionSchema,
  PROFILE_TEXTS,
  RateSectionSchema,
  availabilitySectionSchema,
  changedFields,
  hourlyRateCents,
  profileProgress,
  progressText,
  rateText,
  sectorContains,
  type ProfileDraftFields,
} from "~/lib/consultants/profile";

/** The messages a failed parse reports, by field. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? "");
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const complete: ProfileDraftFields = {
  photoKey: "consultants/u1/photo-a.png",
  headline: "Operations leader",
  bio: "Twenty years of running plants.",
  missionStatement: "Make small manufacturers thrive.",
  education: "MBA, Wharton",
  yearsOfExperience: 20,
  location: "Denver, CO",
  linkedinUrl: null,
  businessAreas: ["operations"] as ProfileDraftFields["businessAreas"],
  engagementTypes: ["fractional"],
  industries: ["31-33"],
  industryCodes: ["332"],
  companySizes: ["25-50"],
  rateUnit: "hour",
  rateCents: 15_000,
  availability: "available",
  hoursPerWeek: 20,
  awayUntil: null,
  timeZone: "America/Denver",
};

describe("AboutSectionSchema", () => {
  it("trims and accepts the three texts", () => {
    const result = AboutSectionSchema.safeParse({
      intent: "about",
      headline: "  Operations leader ",
      bio: "Bio",
      missionStatement: "Mission",
    });
    expect(result.success && result.data.headline).toBe("Operations leader");
  });

  it("names each missing or too long text", () => {
    expect(
      errorsOf(AboutSectionSchema.safeParse({ intent: "about", headline: " ", bio: "", missionStatement: "" })),
    ).toEqual({
      headline: [PROFILE_TEXTS.headlineRequired],
      bio: [PROFILE_TEXTS.bioRequired],
      missionStatement: [PROFILE_TEXTS.missionRequired],
    });
    const long = AboutSectionSchema.safeParse({
      intent: "about",
      headline: "x".repeat(121),
      bio: "x".repeat(2001),
      missionStatement: "m",
    });
    expect(errorsOf(long)).toEqual({ headline: [PROFILE_TEXTS.headlineTooLong], bio: [PROFILE_TEXTS.bioTooLong] });
  });
});

describe("BackgroundSectionSchema", () => {
  const base = { intent: "background", education: "MBA", yearsOfExperience: "12", location: "Denver, CO" };

  it("reads years as a whole number and an empty LinkedIn address as none", () => {
    const result = BackgroundSectionSchema.safeParse({ ...base, linkedinUrl: "  " });
    expect(result.success && result.data).toMatchObject({ yearsOfExperience: 12, linkedinUrl: null });
  });

  it("accepts a LinkedIn profile address and refuses others", () => {
    const good = BackgroundSectionSchema.safeParse({ ...base, linkedinUrl: "https://www.linkedin.com/in/jane-doe" });
    expect(good.success && good.data.linkedinUrl).toBe("https://www.linkedin.com/in/jane-doe");
    for (const url of ["http://linkedin.com/in/jane", "https://evil.com/in/jane", "https://linkedin.com/company/x"]) {
      expect(errorsOf(BackgroundSectionSchema.safeParse({ ...base, linkedinUrl: url }))).toEqual({
        linkedinUrl: [PROFILE_TEXTS.linkedinInvalid],
      });
    }
  });

  it("refuses years that are not a whole number from 0 to 60", () => {
    for (const years of ["-1", "61", "2.5", "ten", ""]) {
      expect(errorsOf(BackgroundSectionSchema.safeParse({ ...base, yearsOfExperience: years }))).toEqual({
        yearsOfExperience: [PROFILE_TEXTS.yearsInvalid],
      });
    }
    const zero = BackgroundSectionSchema.safeParse({ ...base, yearsOfExperience: "0" });
    expect(zero.success && zero.data.yearsOfExperience).toBe(0);
  });
});

describe("ExpertiseSectionSchema", () => {
  const base = {
    intent: "expertise",
    businessAreas: "operations",
    engagementTypes: ["fractional", "project"],
    industries: ["31-33", "54"],
    companySizes: "25-50",
  };

  it("takes one checked box or several, and keeps only specialties inside a chosen sector", () => {
    const result = ExpertiseSectionSchema.safeParse({ ...base, industryCodes: ["332", "541", "332", "621"] });
    expect(result.success && result.data).toMatchObject({
      businessAreas: ["operations"],
      engagementTypes: ["fractional", "project"],
      industries: ["31-33", "54"],
      industryCodes: ["332", "541"],
      companySizes: ["25-50"],
    });
  });

  it("names each empty group and refuses codes that are not three digits", () => {
    expect(errorsOf(ExpertiseSectionSchema.safeParse({ intent: "expertise", industryCodes: "12a" }))).toMatchObject({
      businessAreas: [PROFILE_TEXTS.areasRequired],
      engagementTypes: [PROFILE_TEXTS.typesRequired],
      industries: [PROFILE_TEXTS.industriesRequired],
      companySizes: [PROFILE_TEXTS.sizesRequired],
      industryCodes: [PROFILE_TEXTS.industryCodeUnknown],
    });
    expect(errorsOf(ExpertiseSectionSchema.safeParse({ ...base, industries: ["99"] }))).toEqual({
      industries: [PROFILE_TEXTS.industriesRequired],
    });
  });
});

describe("RateSectionSchema", () => {
  it("reads dollars as cents, with or without $ and commas", () => {
    const result = RateSectionSchema.safeParse({ intent: "rate", rateUnit: "day", rate: " $1,200.50 " });
    expect(result.success && result.data).toMatchObject({ rateUnit: "day", rate: 120_050 });
  });

  it("refuses a missing unit, a non-number, less than $1 and more than $5,000", () => {
    expect(errorsOf(RateSectionSchema.safeParse({ intent: "rate", rate: "150" }))).toEqual({
      rateUnit: [PROFILE_TEXTS.rateUnitRequired],
    });
    expect(errorsOf(RateSectionSchema.safeParse({ intent: "rate", rateUnit: "hour", rate: "abc" }))).toEqual({
      rate: [PROFILE_TEXTS.rateInvalid],
    });
    expect(errorsOf(RateSectionSchema.safeParse({ intent: "rate", rateUnit: "hour", rate: "0.5" }))).toEqual({
      rate: [PROFILE_TEXTS.rateInvalid],
    });
    expect(errorsOf(RateSectionSchema.safeParse({ intent: "rate", rateUnit: "hour", rate: "5000.01" }))).toEqual({
      rate: [PROFILE_TEXTS.rateTooHigh],
    });
  });
});

describe("availabilitySectionSchema", () => {
  const schema = availabilitySectionSchema("2026-11-23");
  const base = { intent: "availability", availability: "limited", hoursPerWeek: "10", timeZone: "Europe/London" };

  it("accepts an empty away-until as none and a later date as is", () => {
    const none = schema.safeParse({ ...base, awayUntil: "" });
    expect(none.success && none.data).toMatchObject({ hoursPerWeek: 10, awayUntil: null });
    const later = schema.safeParse({ ...base, awayUntil: "2026-11-24" });
    expect(later.success && later.data.awayUntil).toBe("2026-11-24");
  });

  it("refuses today, past and impossible dates, bad hours and unknown zones", () => {
    for (const date of ["2026-11-23", "2026-01-01", "2026-13-40", "tomorrow"]) {
      expect(errorsOf(schema.safeParse({ ...base, awayUntil: date }))).toEqual({
        awayUntil: [PROFILE_TEXTS.awayUntilInvalid],
      });
    }
    expect(
      errorsOf(schema.safeParse({ ...base, hoursPerWeek: "0", timeZone: "Mars/Olympus", availability: "x" })),
    ).toEqual({
      hoursPerWeek: [PROFILE_TEXTS.hoursInvalid],
      timeZone: [PROFILE_TEXTS.timeZoneRequired],
      availability: [PROFILE_TEXTS.availabilityRequired],
    });
  });
});

describe("sectorContains", () => {
  it("knows the sectors that span several prefixes", () => {
    expect(sectorContains("31-33", "311")).toBe(true);
    expect(sectorContains("31-33", "333")).toBe(true);
    expect(sectorContains("31-33", "341")).toBe(false);
    expect(sectorContains("44-45", "455")).toBe(true);
    expect(sectorContains("48-49", "492")).toBe(true);
    expect(sectorContains("54", "541")).toBe(true);
    expect(sectorContains("54", "551")).toBe(false);
  });
});

describe("rates", () => {
  it("compares day rates by their hourly equivalent over an 8-hour day", () => {
    expect(hourlyRateCents({ rateUnit: "hour", rateCents: 15_000 })).toBe(15_000);
    expect(hourlyRateCents({ rateUnit: "day", rateCents: 120_000 })).toBe(15_000);
    expect(hourlyRateCents({ rateUnit: "day", rateCents: 100_001 })).toBe(12_500);
  });

  it("writes whole dollars without cents and others with them", () => {
    expect(rateText({ rateUnit: "hour", rateCents: 15_000 })).toBe("$150.00 per hour");
    expect(rateText({ rateUnit: "day", rateCents: 120_000 })).toBe("$1,200.00 per day");
    expect(rateText({ rateUnit: "hour", rateCents: 15_050 })).toBe("$150.50 per hour");
  });
});

describe("profileProgress", () => {
  it("counts a section done only when all its required fields are filled", () => {
    expect(profileProgress(complete)).toMatchObject({ done: 6, total: 6, complete: true });
    const partial = profileProgress({ ...complete, photoKey: undefined, companySizes: [], headline: "" });
    expect(partial.sections.filter((section) => !section.done).map((section) => section.key)).toEqual([
      "photo",
      "about",
      "expertise",
    ]);
    expect(partial).toMatchObject({ done: 3, complete: false });
    expect(profileProgress({}).done).toBe(0);
  });

  it("does not require the optional fields", () => {
    expect(
      profileProgress({ ...complete, linkedinUrl: undefined, awayUntil: undefined, industryCodes: [] }).complete,
    ).toBe(true);
  });

  it("reads as a sentence", () => {
    expect(progressText(4, 6)).toBe("4 of 6 sections complete");
  });
});

describe("changedFields", () => {
  it("lists every reviewed field of a first profile and never the availability", () => {
    const fields = changedFields(null, complete);
    expect(fields).toContain("photoKey");
    expect(fields).toContain("rateCents");
    expect(fields).not.toContain("availability" as never);
    expect(fields).not.toContain("timeZone" as never);
  });

  it("lists only the fields whose value differs, arrays by content", () => {
    const published = { ...complete } as Parameters<typeof changedFields>[0];
    expect(changedFields(published, { headline: complete.headline, industries: ["31-33"] })).toEqual([]);
    expect(changedFields(published, { headline: "New headline", industries: ["31-33", "54"], bio: undefined })).toEqual(
      ["headline", "industries"],
    );
  });
});
