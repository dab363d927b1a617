import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Fragment, type ReactNode } from "react";
import { Field, type ControlWiring, type FieldProps } from "./field";

/** The control a Conform field renders: an input of one of these types, a textarea or a select. */
export type ConformKind =
  "text" | "email" | "tel" | "url" | "date" | "number" | "search" | "password" | "textarea" | "select";

type Common = ControlWiring & { name: string; form: string; required?: boolean };
type InputConstraints = {
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
  defaultValue?: string;
};

/**
 * What `ConformField` gives its control, ready to spread: Conform's name, form, constraints and
 * initial value, and Field's id, `aria-invalid` and `aria-describedby`. A password gets no `type`
 * (its input, such as PasswordInput, sets it).
 */
export type ConformControlProps<K extends ConformKind> = K extends "textarea"
  ? Common & { minLength?: number; maxLength?: number; defaultValue?: string }
  : K extends "select"
    ? Common & { multiple?: boolean; defaultValue?: string | number | readonly string[] }
    : K extends "password"
      ? Common & InputConstraints
      : Common & InputConstraints & { type: K };

export type ConformFieldProps<
  K extends ConformKind,
  Schema = unknown,
  FormSchema extends Record<string, unknown> = Record<string, unknown>,
> = Omit<FieldProps, "id" | "errorId" | "errors" | "children"> & {
  /** The Conform field: its id, name, constraints, initial value, errors and ids. */
  field: FieldMetadata<Schema, FormSchema, string[]>;
  /** Its control: an input's type, or "textarea" or "select". */
  kind: K;
  /** In place of the field's own errors (such as a check the schema does not make). */
  errors?: readonly string[] | null;
  /** `false` for a control whose value the component keeps itself (no `defaultValue`). */
  value?: false;
  /** The control, given its props to spread first: `(props) => <input {...props} className="input" />`. */
  children: (props: ConformControlProps<K>) => ReactNode;
};

/**
 * A Conform form's field, said once: `<ConformField field={fields.name} kind="text" label="Name">`.
 * Field renders the label, hint and errors and wires the control to them; Conform's helpers give
 * the rest of the control's props (not their own aria attributes, which Field owns). The control
 * is keyed by the field's key, so it starts again when the form is reset.
 */
export function ConformField<K extends ConformKind, Schema, FormSchema extends Record<string, unknown>>({
  field: meta,
  kind,
  errors,
  value,
  hintId,
  children,
  ...options
}: ConformFieldProps<K, Schema, FormSchema>) {
  const { key: _key, ...props } = conformProps(meta, kind, value);
  return (
    <Field
      {...options}
      id={meta.id}
      errorId={meta.errorId}
      hintId={hintId ?? meta.descriptionId}
      errors={errors ?? meta.errors}
    >
      {(control) => <Fragment key={meta.key}>{children({ ...props, ...control } as ConformControlProps<K>)}</Fragment>}
    </Field>
  );
}

function conformProps<Schema, FormSchema extends Record<string, unknown>>(
  meta: FieldMetadata<Schema, FormSchema, string[]>,
  kind: ConformKind,
  value?: false,
) {
  const options = { ariaAttributes: false as const, ...(value === false ? { value } : {}) };
  if (kind === "textarea") return getTextareaProps(meta, options);
  if (kind === "select") return getSelectProps(meta, options);
  if (kind !== "password") return getInputProps(meta, { ...options, type: kind });
  const { type: _type, ...props } = getInputProps(meta, { ...options, type: kind });
  return props;
}
