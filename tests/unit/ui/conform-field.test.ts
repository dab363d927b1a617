import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConformField, type ConformFieldProps, type ConformKind } from "~/components/ui/conform-field";
import { Field } from "~/components/ui/field";

type Meta = FieldMetadata<string, Record<string, unknown>, string[]>;

/** The parts of a Conform field that its helpers read, as useForm gives them. */
const meta = (more: Partial<Record<string, unknown>> = {}) =>
  ({
    key: undefined,
    id: "f-name",
    name: "name",
    formId: "f",
    errorId: "f-name-error",
    descriptionId: "f-name-description",
    required: true,
    valid: true,
    errors: undefined,
    initialValue: "Ada",
    ...more,
  }) as unknown as Meta;

const render = <K extends ConformKind>(
  props: Omit<ConformFieldProps<K, string, Record<string, unknown>>, "children">,
) =>
  renderToStaticMarkup(
    createElement(ConformField<K, string, Record<string, unknown>>, {
      ...props,
      children: (control) =>
        createElement(props.kind === "textarea" ? "textarea" : "input", control as Record<string, unknown>),
    }),
  );

describe("ConformField", () => {
  it("gives an input Conform's name, form, constraints and value, and Field's id and aria", () => {
    expect(render({ field: meta(), kind: "text", label: "Name" })).toBe(
      '<div class="field"><label for="f-name">Name</label>' +
        '<input required="" id="f-name" name="name" form="f" type="text" value="Ada"/></div>',
    );
    expect(
      render({ field: meta({ errors: ["Say it."], valid: false, maxLength: 20 }), kind: "email", label: "Name" }),
    ).toBe(
      '<div class="field"><label for="f-name">Name</label>' +
        '<input required="" id="f-name" name="name" form="f" type="email" maxLength="20"' +
        ' aria-invalid="true" aria-describedby="f-name-error" value="Ada"/>' +
        '<p id="f-name-error" class="field-error">Say it.</p></div>',
    );
  });

  it("describes the control by the hint (the field's descriptionId) and then the errors", () => {
    expect(
      render({
        field: meta({ errors: ["Say it."], valid: false }),
        kind: "textarea",
        label: "Name",
        hint: "Your full name",
        hintWithErrors: "described",
      }),
    ).toBe(
      '<div class="field"><label for="f-name">Name</label>' +
        '<textarea required="" id="f-name" name="name" form="f" aria-invalid="true"' +
        ' aria-describedby="f-name-description f-name-error">Ada</textarea>' +
        '<p id="f-name-description" class="field-hint">Your full name</p>' +
        '<p id="f-name-error" class="field-error">Say it.</p></div>',
    );
  });

  it("gives a password no type (its input sets it), and a control without its value with value={false}", () => {
    expect(render({ field: meta(), kind: "password", label: "Password" })).toBe(
      '<div class="field"><label for="f-name">Password</label>' +
        '<input required="" id="f-name" name="name" form="f" value="Ada"/></div>',
    );
    expect(render({ field: meta(), kind: "text", label: "Name", value: false })).toBe(
      '<div class="field"><label for="f-name">Name</label>' +
        '<input required="" id="f-name" name="name" form="f" type="text"/></div>',
    );
  });

  it("takes errors in place of the field's own", () => {
    expect(render({ field: meta(), kind: "text", label: "Name", errors: ["Taken."] })).toBe(
      '<div class="field"><label for="f-name">Name</label>' +
        '<input required="" id="f-name" name="name" form="f" type="text"' +
        ' aria-invalid="true" aria-describedby="f-name-error" value="Ada"/>' +
        '<p id="f-name-error" class="field-error">Taken.</p></div>',
    );
  });

  it("renders the same elements and attributes as Field did with Conform's props spread before its wiring", () => {
    const attributes = (html: string) =>
      html
        .split(/(?=<)/)
        .map((tag) =>
          tag.replace(
            /^<(\w+)\s*(.*?)\/?>(.*)$/s,
            (_, name, attrs, text) => `${name} ${[...attrs.matchAll(/[\w-]+="[^"]*"/g)].sort().join(" ")} ${text}`,
          ),
        );
    for (const field of [meta(), meta({ errors: ["Say it."], valid: false })]) {
      const before = renderToStaticMarkup(
        createElement(Field, {
          id: field.id,
          errorId: field.errorId,
          hintId: field.descriptionId,
          errors: field.errors,
          label: "Name",
          hint: "Your full name",
          children: (control) => {
            const { key: _key, ...props } = getTextareaProps(field);
            return createElement("textarea", { ...props, ...control });
          },
        }),
      );
      const after = render({ field, kind: "textarea", label: "Name", hint: "Your full name" });
      expect(attributes(after)).toEqual(attributes(before));
      const { key: _key, ...inputProps } = getInputProps(field, { type: "url" });
      const inputBefore = renderToStaticMarkup(
        createElement(Field, {
          id: field.id,
          errorId: field.errorId,
          hintId: field.descriptionId,
          errors: field.errors,
          label: "Name",
          children: (control) => createElement("input", { ...inputProps, ...control }),
        }),
      );
      expect(attributes(render({ field, kind: "url", label: "Name" }))).toEqual(attributes(inputBefore));
    }
  });
});
