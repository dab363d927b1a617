import { describe, expect, it } from "vitest";
import { buildSowDocument, SOW_HEADINGS } from "~/lib/engagements/sow";

describe("the statement of work states the platform fee", () => {
  it("says what Partwise keeps and what the consultant is paid, with the configured percent", () => {
    const document = buildSowDocument({
      businessName: "Acme Bakery",
      consultantName: "Riley Chen",
      category: "finance",
      consultingType: "fractional",
      problemStatement: "",
      title: "Plan",
      overview: "",
      version: 1,
      items: [{ title: "Phase 1", description: "", deliveryDate: "2026-12-01", priceCents: 150_000 }],
      signature: null,
      today: "2026-11-23",
      platformFeePercent: 15,
    });
    const statement = document.sections.find((section) => section.heading === SOW_HEADINGS.statement)!;
    expect(statement.paragraphs).toContain(
      "When the Client accepts a phase, Partwise keeps a platform fee of 15% of its price and pays the rest to Riley Chen.",
    );
  });
});
