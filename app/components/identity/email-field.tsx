import type { FieldMetadata } from "@conform-to/react";
import { ConformField } from "~/components/ui/conform-field";

/** The Email field of the sign-in, reset-request and password-reset forms: the account's username. */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  return (
    <ConformField field={field} kind="email" label="Email">
      {(props) => <input {...props} autoComplete="username" inputMode="email" spellCheck={false} className="input" />}
    </ConformField>
  );
}
