import { describe, expect, it } from "vitest";
import { EMPLOYEE_BAND_MEDIANS, headcountForBand } from "~/lib/business/business-schemas";

describe("headcountForBand (the revenue-per-employee divisor on a settings save)", () => {
  it("keeps the stored headcount when the band is saved unchanged", () => {
    expect(headcountForBand("25-50", { employeeBand: "25-50", numberOfEmployees: 37 })).toBe(37);
    expect(headcountForBand("150+", { employeeBand: "150+", numberOfEmployees: 412 })).toBe(412);
  });

  it("takes the new band's median when the band changes", () => {
    expect(headcountForBand("50-100", { employeeBand: "25-50", numberOfEmployees: 37 })).toBe(
      EMPLOYEE_BAND_MEDIANS["50-100"],
    );
    expect(headcountForBand("0-25", { employeeBand: "25-50", numberOfEmployees: 37 })).toBe(13);
  });

  it("repairs a stored headcount that cannot divide", () => {
    expect(headcountForBand("25-50", { employeeBand: "25-50", numberOfEmployees: 0 })).toBe(38);
  });
});
