import { describe, expect, it } from "vitest";
import {
  consultantRequestPath,
  PUBLIC_PROFILE_ID,
  PUBLIC_RATINGS_MIN,
  publicProfilePath,
  toPublicProfile,
} from "~/lib/consultants/public-profile";
import type { ConsultantInfo } from "~/lib/matching/match-view";

/** What a business reads of a consultant before deciding: everything the public page must filter. */
const INFO: ConsultantInfo = {
  consultantId: "c-1",
  firstName: "Noor",
  lastName: "Haddad",
  headline: "Fractional CFO for growing retailers",
  location: "Portland, ME",
  yearsOfExperience: 12,
  education: "MBA, University of Maine",
  missionStatement: "Clear numbers, calm decisions.",
  bio: "Twelve years as a finance lead.",
  photoUrl: "/consultant-photos/c-1",
  linkedinUrl: "https://www.linkedin.com/in/noor-haddad",
  rate: "$175 per hour",
  businessAreas: ["Finance"],
  engagementTypes: ["Fractional"],
  industries: ["Retail Trade"],
  industrySpecialties: ["Sporting Goods Retailers"],
  companySizes: ["25-50 employees"],
  availability: {
    status: "Available for new work",
    hoursPerWeek: 30,
    timeZone: "Eastern Time (New York)",
    awayUntil: null,
  },
  pastClients: [
    {
      description: "Acme Outdoor Supply of Bangor",
      industry: "Sporting Goods Retailers",
      size: "25-50 employees",
      years: 3,
    },
  ],
  completedEngagements: [
    { area: "Finance", type: "Fractional", industry: "Grocery Retailers", size: "0-25 employees", rating: 5 },
  ],
  rating: { average: 5, count: 1 },
};

describe("a consultant's public profile (ADR 090)", () => {
  it("keeps what a visitor may read and drops the rate, contacts, a client's words and each engagement's rating", () => {
    const profile = toPublicProfile(INFO);
    expect(profile).toEqual({
      consultantId: "c-1",
      name: "Noor Haddad",
      photoUrl: "/consultant-photos/c-1",
      headline: "Fractional CFO for growing retailers",
      location: "Portland, ME",
      yearsOfExperience: 12,
      education: "MBA, University of Maine",
      missionStatement: "Clear numbers, calm decisions.",
      bio: "Twelve years as a finance lead.",
      businessAreas: ["Finance"],
      engagementTypes: ["Fractional"],
      industries: ["Retail Trade"],
      industrySpecialties: ["Sporting Goods Retailers"],
      companySizes: ["25-50 employees"],
      availability: "Available for new work",
      companiesWorkedWith: [{ industry: "Sporting Goods Retailers", size: "25-50 employees", years: 3 }],
      outcomes: [{ area: "Finance", type: "Fractional", industry: "Grocery Retailers", size: "0-25 employees" }],
      rating: null,
    });
    const text = JSON.stringify(profile);
    for (const hidden of ["$175", "linkedin", "Acme", "hoursPerWeek", 'rating":5']) expect(text).not.toContain(hidden);
  });

  it("says a consultant on leave is not taking new work until they are back", () => {
    const away = { ...INFO.availability, status: "Available for new work", awayUntil: "2027-01-15" };
    expect(toPublicProfile({ ...INFO, availability: away }).availability).toBe(
      "Not taking new work until Jan 15, 2027",
    );
  });

  it("shows the average rating from three rated engagements, not before", () => {
    expect(PUBLIC_RATINGS_MIN).toBe(3);
    expect(toPublicProfile({ ...INFO, rating: { average: 4.5, count: 2 } }).rating).toBeNull();
    expect(toPublicProfile({ ...INFO, rating: { average: 4.7, count: 3 } }).rating).toEqual({ average: 4.7, count: 3 });
  });

  it("addresses a profile and its request by the consultant's id, and only ids of that shape", () => {
    expect(publicProfilePath("demo-user-consultant-02")).toBe("/consultants/demo-user-consultant-02");
    expect(consultantRequestPath("c-1")).toBe("/consultants/c-1/request");
    for (const id of ["demo-user-consultant-02", "0f8b3c52-6a1e-4c7e-9d59-4b3f3f2f7a10"]) {
      expect(PUBLIC_PROFILE_ID.test(id), id).toBe(true);
    }
    for (const id of ["", "a.b", "a/b", "x".repeat(65), "é"]) expect(PUBLIC_PROFILE_ID.test(id), id).toBe(false);
  });
});
