import type { FieldMetadata } from "@conform-to/react";
import { ConformField } from "./conform-field";
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
  return (
    <ConformField
      field={field}
      kind="password"
      label={label}
      hint={hint}
      hintId={`${field.id}-hint`}
      hintWithErrors="described"
    >
      {(props) => (
        <PasswordInput {...props} label={label} autoComplete={autoComplete} spellCheck={false} autoCapitalize="off" />
      )}
    </ConformField>
  );
}
