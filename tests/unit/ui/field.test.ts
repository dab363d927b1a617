import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, type FieldProps } from "~/components/ui/field";

const render = (props: Omit<FieldProps, "children" | "label">) =>
  renderToStaticMarkup(
    createElement(Field, { ...props, label: "Name", children: (control) => createElement("input", control) }),
  );

describe("Field", () => {
  it("hides the hint while errors show, by default", () => {
    expect(render({ id: "x", hint: "Say it", errors: ["Wrong."] })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-invalid="true" aria-describedby="x-error"/>' +
        '<p id="x-error" class="field-error">Wrong.</p></div>',
    );
    expect(render({ id: "x", hint: "Say it" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-describedby="x-hint"/>' +
        '<p id="x-hint" class="field-hint">Say it</p></div>',
    );
  });

  it('keeps the hint with the errors when hintWithErrors is "shown", described by the errors alone', () => {
    expect(render({ id: "x", hint: "Say it", errors: ["Wrong."], hintWithErrors: "shown" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-invalid="true" aria-describedby="x-error"/>' +
        '<p id="x-hint" class="field-hint">Say it</p><p id="x-error" class="field-error">Wrong.</p></div>',
    );
  });

  it('keeps the hint with the errors when hintWithErrors is "described", described by both', () => {
    expect(render({ id: "x", hint: "Say it", errors: ["Wrong."], hintWithErrors: "described" })).toBe(
      '<div class="field"><label for="x">Name</label>' +
        '<input id="x" aria-invalid="true" aria-describedby="x-hint x-error"/>' +
        '<p id="x-hint" class="field-hint">Say it</p><p id="x-error" class="field-error">Wrong.</p></div>',
    );
    expect(render({ id: "x", hint: "Say it", hintWithErrors: "described" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-describedby="x-hint"/>' +
        '<p id="x-hint" class="field-hint">Say it</p></div>',
    );
    expect(render({ id: "x", errors: ["Wrong."], hintWithErrors: "described" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-invalid="true" aria-describedby="x-error"/>' +
        '<p id="x-error" class="field-error">Wrong.</p></div>',
    );
  });
});
