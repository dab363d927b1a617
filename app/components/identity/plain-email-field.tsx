import { FieldErrors } from "~/components/ui/field-errors";
import type { CheckedField } from "./checked-form";

/** The Email field of the login screen's forms (useCheckedForm), as EmailField renders it for Conform. */
export function PlainEmailField({ field }: { field: CheckedField }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>Email</label>
      <input
        {...field.inputProps}
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        className="input"
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
