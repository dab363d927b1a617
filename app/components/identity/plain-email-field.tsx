import { Field } from "~/components/ui/field";
import type { CheckedField } from "./checked-form";

/** The Email field of the login screen's forms (useCheckedForm), as EmailField renders it for Conform. */
export function PlainEmailField({ field }: { field: CheckedField }) {
  return (
    <Field id={field.id} errorId={field.errorId} errors={field.errors} label="Email">
      {(control) => (
        <input
          {...field.inputProps}
          {...control}
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          className="input"
        />
      )}
    </Field>
  );
}
