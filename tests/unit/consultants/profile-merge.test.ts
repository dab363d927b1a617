import { describe, expect, it } from "vitest";
import type { ConsultantProfile } from "~db/schema";
import { mergedProfileFields, publishedProfileFields } from "~/server/consultants/profile.server";

/** The profile as the editor reads it: the published row in the editor's names, overlaid by the draft. */

const published = {
  id: "profile-1",
  userId: "user-1",
  headline: "Fractional CFO",
  businessAreas: ["finance"],
  engagementTypes: ["fractional"],
  industries: ["42"],
  industryCodes: ["423"],
  companySizes: ["25-50"],
  yearsOfExperience: 12,
  education: "MBA",
  missionStatement: "Clear numbers.",
  bio: "Twelve years.",
  availability: "available",
  hoursPerWeek: 30,
  hourlyRateCents: 15_000,
  currency: "usd",
  location: "Portland, ME",
  vetted: true,
  awayUntil: new Date("2099-03-01T00:00:00Z"),
  pausedAt: null,
  photoKey: "consultants/user-1/photo-a.png",
  rateUnit: "hour",
  rateCents: 15_000,
  timeZone: "America/New_York",
  linkedinUrl: "https://www.linkedin.com/in/cfo",
  createdAt: new Date(),
  updatedAt: new Date(),
} as ConsultantProfile;

describe("the profile as the editor reads it", () => {
  it("is empty before the first approval without a draft", () => {
    expect(mergedProfileFields(null, null)).toEqual({});
  });

  it("names the published row's fields as the draft does, away-until as a date", () => {
    expect(publishedProfileFields(published)).toMatchObject({
      photoKey: "consultants/user-1/photo-a.png",
      rateUnit: "hour",
      rateCents: 15_000,
      awayUntil: "2099-03-01",
      linkedinUrl: "https://www.linkedin.com/in/cfo",
    });
  });

  it("overlays the draft, including a value the consultant cleared", () => {
    const merged = mergedProfileFields(published, { fields: { headline: "Finance lead", linkedinUrl: null } });
    expect(merged.headline).toBe("Finance lead");
    expect(merged.linkedinUrl).toBeNull();
    expect(merged.bio).toBe("Twelve years.");
  });
});
