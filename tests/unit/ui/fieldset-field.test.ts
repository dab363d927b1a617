import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FieldsetField, type FieldsetFieldProps } from "~/components/ui/fieldset-field";

const options = [
  createElement("label", { key: "a" }, createElement("input", { type: "radio", name: "x", value: "a" }), "A"),
  createElement("label", { key: "b" }, createElement("input", { type: "radio", name: "x", value: "b" }), "B"),
];
const OPTIONS =
  '<label><input type="radio" name="x" value="a"/>A</label><label><input type="radio" name="x" value="b"/>B</label>';

const render = (props: Omit<FieldsetFieldProps, "children" | "legend" | "errorId">) =>
  renderToStaticMarkup(
    createElement(FieldsetField, { legend: "Pick", errorId: "x-error", ...props, children: options }),
  );

describe("FieldsetField", () => {
  it("names the group by its legend, and describes it by its errors while they show", () => {
    expect(render({ className: "choices" })).toBe(
      `<fieldset class="choices"><legend>Pick</legend>${OPTIONS}</fieldset>`,
    );
    expect(render({ className: "choices", errors: ["Choose one."] })).toBe(
      `<fieldset class="choices" aria-describedby="x-error"><legend>Pick</legend>${OPTIONS}` +
        '<p id="x-error" class="field-error">Choose one.</p></fieldset>',
    );
  });

  it("shows a hint between the legend and the options, which gives way to the errors by default", () => {
    expect(render({ hint: "One only", hintId: "x-hint" })).toBe(
      `<fieldset aria-describedby="x-hint"><legend>Pick</legend><p id="x-hint" class="field-hint">One only</p>${OPTIONS}</fieldset>`,
    );
    expect(render({ hint: "One only", hintId: "x-hint", errors: ["Choose one."] })).toBe(
      `<fieldset aria-describedby="x-error"><legend>Pick</legend>${OPTIONS}` +
        '<p id="x-error" class="field-error">Choose one.</p></fieldset>',
    );
    expect(render({ hint: "One only", hintId: "x-hint", errors: ["Choose one."], hintWithErrors: "shown" })).toBe(
      `<fieldset aria-describedby="x-error"><legend>Pick</legend><p id="x-hint" class="field-hint">One only</p>${OPTIONS}` +
        '<p id="x-error" class="field-error">Choose one.</p></fieldset>',
    );
    expect(render({ hint: "One only", hintId: "x-hint", errors: ["Choose one."], hintWithErrors: "described" })).toBe(
      `<fieldset aria-describedby="x-hint x-error"><legend>Pick</legend><p id="x-hint" class="field-hint">One only</p>${OPTIONS}` +
        '<p id="x-error" class="field-error">Choose one.</p></fieldset>',
    );
  });

  it("takes a legend class, more describing ids, content after the errors, and disabled", () => {
    expect(
      render({
        legendClassName: "visually-hidden",
        errors: ["Choose one."],
        describedBy: "x-prompt",
        after: createElement("p", { id: "x-more" }, "More"),
        disabled: true,
      }),
    ).toBe(
      `<fieldset disabled="" aria-describedby="x-error x-prompt"><legend class="visually-hidden">Pick</legend>${OPTIONS}` +
        '<p id="x-error" class="field-error">Choose one.</p><p id="x-more">More</p></fieldset>',
    );
  });
});
