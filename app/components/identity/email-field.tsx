import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { conformField, Field } from "~/components/ui/field";

/** The Email field of the sign-in, reset-request and password-reset forms: the account's username. */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  const { key, ...props } = getInputProps(field, { type: "email" });
  return (
    <Field {...conformField(field)} label="Email">
      {(control) => (
        <input
          key={key}
          {...props}
          {...control}
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          className="input"
        />
      )}
    </Field>
  );
}
