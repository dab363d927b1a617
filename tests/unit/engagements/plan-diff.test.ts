import { describe, expect, it } from "vitest";
import { planDiff, type PlanVersionContent } from "~/lib/engagements/plan-diff";

/** What changed between two versions of a plan, as the manager's review shows it (issue #36, ADR 049). */

const v1: PlanVersionContent = {
  version: 1,
  title: "Shift lead hiring routine",
  overview: "We write one hiring routine.",
  items: [
    { id: "a", title: "Hiring routine", description: "Job posts.", deliveryDate: "2027-01-15", priceCents: 180_000 },
    { id: "b", title: "Onboarding week", description: "Five days.", deliveryDate: "2027-02-15", priceCents: 240_000 },
    { id: "c", title: "Review", description: "", deliveryDate: "2027-03-15", priceCents: 50_000 },
  ],
};

describe("planDiff", () => {
  it("names the deliverables added, removed and changed, field by field, and the texts", () => {
    const v2: PlanVersionContent = {
      version: 2,
      title: "Shift lead hiring and onboarding",
      overview: "We write one hiring and onboarding routine.",
      items: [
        v1.items[0]!,
        { ...v1.items[1]!, title: "Onboarding days 1-2", priceCents: 120_000, description: "Two days." },
        { id: "d", title: "Onboarding days 3-5", description: "", deliveryDate: "2027-03-01", priceCents: 120_000 },
      ],
    };
    const diff = planDiff(v1, v2);
    expect(diff.none).toBe(false);
    expect([diff.from, diff.to]).toEqual([1, 2]);
    expect(diff.title).toEqual({ before: "Shift lead hiring routine", after: "Shift lead hiring and onboarding" });
    expect(diff.overview?.after).toBe("We write one hiring and onboarding routine.");
    expect(diff.added).toEqual([
      { number: 3, title: "Onboarding days 3-5", deliveryDate: "Mar 1, 2027", price: "$1,200.00" },
    ]);
    expect(diff.removed).toEqual([{ number: 3, title: "Review", deliveryDate: "Mar 15, 2027", price: "$500.00" }]);
    expect(diff.changed).toEqual([
      {
        item: { number: 2, title: "Onboarding days 1-2", deliveryDate: "Feb 15, 2027", price: "$1,200.00" },
        changes: [
          { field: "title", label: "Title", before: "Onboarding week", after: "Onboarding days 1-2" },
          { field: "description", label: "Description", before: "Five days.", after: "Two days." },
          { field: "price", label: "Price", before: "$2,400.00", after: "$1,200.00" },
        ],
      },
    ]);
  });

  it("a date change and a real move are changes; a shift after a removal is not", () => {
    const moved = planDiff(v1, {
      ...v1,
      version: 2,
      items: [{ ...v1.items[1]!, deliveryDate: "2027-02-20" }, v1.items[0]!, v1.items[2]!],
    });
    expect(
      moved.changed.map(({ item, changes }) => [
        item.title,
        changes.map((c) => `${c.label}: ${c.before} → ${c.after}`),
      ]),
    ).toEqual([
      [
        "Onboarding week",
        ["Delivery date: Feb 15, 2027 → Feb 20, 2027", "Place in the plan: Deliverable 2 → Deliverable 1"],
      ],
      ["Hiring routine", ["Place in the plan: Deliverable 1 → Deliverable 2"]],
    ]);
    const shifted = planDiff(v1, { ...v1, version: 2, items: [v1.items[1]!, v1.items[2]!] });
    expect(shifted.removed.map((item) => item.title)).toEqual(["Hiring routine"]);
    expect(shifted.changed).toEqual([]);
  });

  it("says when nothing changed", () => {
    expect(planDiff(v1, { ...v1, version: 2, overview: `${v1.overview} ` }).none).toBe(true);
  });
});
