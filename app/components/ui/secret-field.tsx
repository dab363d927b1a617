import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "./field";
import { PasswordInput } from "./password-input";

/**
 * A Conform password field with its show/hide toggle (a new password unless `autoComplete` says
 * otherwise). Its rules (`hint`) stay under it while its errors show, and both describe it.
 */
export function SecretField({
  field,
  label,
  hint,
  autoComplete = "new-password",
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  autoComplete?: string;
}) {
  const { key, type: _type, ...props } = getInputProps(field, { type: "password" });
  return (
    <Field
      id={field.id}
      errorId={field.errorId}
      errors={field.errors}
      label={label}
      hint={hint}
      hintWithErrors="described"
    >
      {(control) => (
        <PasswordInput
          key={key}
          {...props}
          {...control}
          label={label}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
        />
      )}
    </Field>
  );
}
