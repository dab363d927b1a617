import { noticeText } from "~/lib/shared/notices";
import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  fullName,
  initials,
  noInsightsMessage,
  planLabel,
  shortenCompanyName,
} from "~/lib/shared/format";
import { parseFeatureFocus } from "~/lib/shared/features";

describe("shortenCompanyName", () => {
  it("keeps names of up to 40 characters as they are", () => {
    expect(shortenCompanyName("Acme Manufacturing")).toBe("Acme Manufacturing");
    const forty = "A".repeat(40);
    expect(shortenCompanyName(forty)).toBe(forty);
  });

  it("cuts longer names to 40 characters and adds an ellipsis", () => {
    const name = "Northwind Precision Components and Assemblies of Ohio";
    const shortened = shortenCompanyName(name);
    expect(shortened).toBe("Northwind Precision Components and Assem…");
    expect(Array.from(shortened)).toHaveLength(41);
    expect(shortenCompanyName("B".repeat(41))).toBe(`${"B".repeat(40)}…`);
  });

  it("does not leave a space before the ellipsis or split a character", () => {
    expect(shortenCompanyName(`${"C".repeat(39)} Dtail`)).toBe(`${"C".repeat(39)}…`);
    expect(shortenCompanyName(`${"é".repeat(39)}😀😀`)).toBe(`${"é".repeat(39)}😀…`);
  });
});

describe("categoryLabel and noInsightsMessage", () => {
  it("upper-cases two-letter categories and capitalises the others", () => {
    expect(categoryLabel("hr")).toBe("HR");
    expect(categoryLabel("finance")).toBe("Finance");
    expect(categoryLabel("MARKETING")).toBe("Marketing");
  });

  it("names the category when there is one", () => {
    expect(noInsightsMessage("hr")).toBe("There are no HR insights at this time.");
    expect(noInsightsMessage("finance")).toBe("There are no Finance insights at this time.");
  });

  it("has a plain sentence when no category applies", () => {
    expect(noInsightsMessage()).toBe("There are no insights at this time.");
    expect(noInsightsMessage(null)).toBe("There are no insights at this time.");
    expect(noInsightsMessage("  ")).toBe("There are no insights at this time.");
  });
});

describe("planLabel", () => {
  it("shows member tiers under their plan names", () => {
    expect(planLabel("BASIC")).toBe("BASIC");
    expect(planLabel("STANDARD")).toBe("STARTER");
    expect(planLabel("PREMIUM")).toBe("SCALE");
  });
});

describe("initials and fullName", () => {
  it("builds the account badge and greeting", () => {
    expect(initials("Dana", "Whitfield")).toBe("DW");
    expect(initials("dana", "")).toBe("D");
    expect(initials("", "")).toBe("?");
    expect(fullName("Dana", "Whitfield")).toBe("Dana Whitfield");
    expect(fullName("Dana", " ")).toBe("Dana");
  });
});

describe("parseFeatureFocus", () => {
  it("defaults to Insights", () => {
    expect(parseFeatureFocus(null)).toBe("Insights");
    expect(parseFeatureFocus("")).toBe("Insights");
    expect(parseFeatureFocus("unknown")).toBe("Insights");
  });

  it("accepts any case", () => {
    expect(parseFeatureFocus("matching")).toBe("Matching");
    expect(parseFeatureFocus("ENGAGEMENTS")).toBe("Engagements");
    expect(parseFeatureFocus("Documents")).toBe("Documents");
    expect(parseFeatureFocus("benchmarking")).toBe("Benchmarking");
  });
});

describe("noticeText", () => {
  it("renders only known notice keys", () => {
    expect(noticeText("support-sent")).toBe(
      "Thanks! Your message was sent. We'll get back to you within one business day.",
    );
    expect(noticeText("<script>")).toBeNull();
    expect(noticeText("toString")).toBeNull();
    expect(noticeText(null)).toBeNull();
  });
});
