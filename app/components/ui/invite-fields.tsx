import type { FieldMetadata } from "@conform-to/react";
import { ConformField } from "~/components/ui/conform-field";

/**
 * The end of an invite form (the console's Staff page, Settings → Team): the email, the role it
 * is invited as, and Send invitation.
 */
export function InviteEmailAndRole<
  Role extends string,
  EmailSchema,
  RoleSchema,
  FormSchema extends Record<string, unknown>,
>({
  email,
  role,
  roles,
  labels,
  busy,
}: {
  email: FieldMetadata<EmailSchema, FormSchema, string[]>;
  role: FieldMetadata<RoleSchema, FormSchema, string[]>;
  roles: readonly Role[];
  labels: Readonly<Record<Role, string>>;
  busy: boolean;
}) {
  return (
    <>
      <ConformField field={email} kind="email" label="Email">
        {(props) => <input {...props} className="input" autoComplete="off" />}
      </ConformField>
      <ConformField field={role} kind="select" label="Role">
        {(props) => (
          <select {...props} className="input">
            {roles.map((value) => (
              <option key={value} value={value}>
                {labels[value]}
              </option>
            ))}
          </select>
        )}
      </ConformField>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Send invitation
        </button>
      </div>
    </>
  );
}
