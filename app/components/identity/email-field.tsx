import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/ui/field-errors";

/** The Email field of the sign-in, reset-request and password-reset forms: the account's username. */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  const { key, ...props } = getInputProps(field, { type: "email" });
  return (
    <div className="field">
      <label htmlFor={field.id}>Email</label>
      <input key={key} {...props} autoComplete="username" inputMode="email" spellCheck={false} className="input" />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
