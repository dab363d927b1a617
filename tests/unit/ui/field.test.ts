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

  it("describes the control by the hint and then the errors wherever the hint shows", () => {
    expect(
      render({ id: "x", hint: "Say it", errors: ["Wrong."], hintWithErrors: "described", hintPlacement: "above" }),
    ).toBe(
      '<div class="field"><label for="x">Name</label><p id="x-hint" class="field-hint">Say it</p>' +
        '<input id="x" aria-invalid="true" aria-describedby="x-hint x-error"/>' +
        '<p id="x-error" class="field-error">Wrong.</p></div>',
    );
  });

  it("describes the control by describedBy's ids after its hint and errors, skipping empty ones", () => {
    expect(render({ id: "x", hint: "Say it", describedBy: "form-error" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-describedby="x-hint form-error"/>' +
        '<p id="x-hint" class="field-hint">Say it</p></div>',
    );
    expect(render({ id: "x", errors: ["Wrong."], describedBy: [false, "x-count", undefined, "x-status"] })).toBe(
      '<div class="field"><label for="x">Name</label>' +
        '<input id="x" aria-invalid="true" aria-describedby="x-error x-count x-status"/>' +
        '<p id="x-error" class="field-error">Wrong.</p></div>',
    );
    expect(render({ id: "x", describedBy: [null, false] })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x"/></div>',
    );
  });

  it('shows the hint between the label and the control with hintPlacement "above"', () => {
    expect(render({ id: "x", hint: "Say it", hintPlacement: "above" })).toBe(
      '<div class="field"><label for="x">Name</label><p id="x-hint" class="field-hint">Say it</p>' +
        '<input id="x" aria-describedby="x-hint"/></div>',
    );
    expect(
      render({ id: "x", hint: "Say it", errors: ["Wrong."], hintPlacement: "above", hintWithErrors: "described" }),
    ).toBe(
      '<div class="field"><label for="x">Name</label><p id="x-hint" class="field-hint">Say it</p>' +
        '<input id="x" aria-invalid="true" aria-describedby="x-hint x-error"/>' +
        '<p id="x-error" class="field-error">Wrong.</p></div>',
    );
    expect(render({ id: "x", hint: "Say it", errors: ["Wrong."], hintPlacement: "above" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-invalid="true" aria-describedby="x-error"/>' +
        '<p id="x-error" class="field-error">Wrong.</p></div>',
    );
  });

  it("renders after after the errors, and describes the control by afterId last", () => {
    const after = createElement("p", { id: "x-more" }, "More");
    expect(render({ id: "x", errors: ["Wrong."], after })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-invalid="true" aria-describedby="x-error"/>' +
        '<p id="x-error" class="field-error">Wrong.</p><p id="x-more">More</p></div>',
    );
    expect(render({ id: "x", after })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x"/><p id="x-more">More</p></div>',
    );
    expect(
      render({
        id: "x",
        hint: "Say it",
        errors: ["Wrong."],
        hintPlacement: "above",
        hintWithErrors: "described",
        describedBy: "x-form",
        after,
        afterId: "x-more",
      }),
    ).toBe(
      '<div class="field"><label for="x">Name</label><p id="x-hint" class="field-hint">Say it</p>' +
        '<input id="x" aria-invalid="true" aria-describedby="x-hint x-error x-form x-more"/>' +
        '<p id="x-error" class="field-error">Wrong.</p><p id="x-more">More</p></div>',
    );
    expect(render({ id: "x", after, afterId: "x-more" })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-describedby="x-more"/>' +
        '<p id="x-more">More</p></div>',
    );
  });
});

describe("Field, for a control whose message shows elsewhere or changes", () => {
  it("marks the control invalid with invalid, described by describedBy's ids and not by errors it has not", () => {
    expect(render({ id: "x", hint: "Say it", invalid: true, describedBy: "form-error" })).toBe(
      '<div class="field"><label for="x">Name</label>' +
        '<input id="x" aria-invalid="true" aria-describedby="x-hint form-error"/>' +
        '<p id="x-hint" class="field-hint">Say it</p></div>',
    );
  });

  it("makes the hint a polite live region with liveHint", () => {
    expect(render({ id: "x", hint: "3 / 10 characters", liveHint: true })).toBe(
      '<div class="field"><label for="x">Name</label><input id="x" aria-describedby="x-hint"/>' +
        '<p id="x-hint" class="field-hint" aria-live="polite">3 / 10 characters</p></div>',
    );
  });
});
