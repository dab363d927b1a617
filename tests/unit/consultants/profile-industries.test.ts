import { describe, expect, it } from "vitest";
import { NAICS_SECTORS, type NaicsSector } from "~db/enums";
import { PROFILE_TEXTS, sectorContains } from "~/lib/consultants/profile";
import { industryCodesProblem, industrySectors } from "~/server/consultants/profile.server";

describe("industrySectors", () => {
  it("lists the 20 sectors with their real subsectors, each inside its sector", () => {
    const sectors = industrySectors();
    expect(sectors.map((sector) => sector.code)).toEqual([...NAICS_SECTORS]);
    const manufacturing = sectors.find((sector) => sector.code === "31-33");
    expect(manufacturing?.title).toBe("Manufacturing");
    expect(manufacturing?.subsectors[0]).toEqual({ code: "311", title: "Food Manufacturing" });
    for (const sector of sectors) {
      expect(sector.subsectors.length).toBeGreaterThan(0);
      for (const subsector of sector.subsectors)
        expect(sectorContains(sector.code as NaicsSector, subsector.code)).toBe(true);
    }
  });
});

describe("industryCodesProblem", () => {
  it("accepts real subsectors and nothing, and names a code that does not exist", () => {
    expect(industryCodesProblem(["311", "541", "441"])).toBeNull();
    expect(industryCodesProblem([])).toBeNull();
    expect(industryCodesProblem(["311", "319"])).toBe(PROFILE_TEXTS.industryCodeUnknown);
  });
});
