import { Form } from "@remix-run/react";

/**
 * One button of a row (the console's, Settings → Team's), as its own small form: the row's id in a hidden field and the
 * button's intent (Resend, Revoke, Remove, Decline…). The accessible name says whom it acts on.
 */
export function RowAction({
  field,
  id,
  intent,
  label,
  ariaLabel,
  busy,
  action,
}: {
  /** The hidden field's name and value: which row. */
  field: string;
  id: string;
  intent: string;
  label: string;
  /** Starts with `label` (what the button shows), then whom: "Resend the invitation to …". */
  ariaLabel: string;
  busy: boolean;
  /** Where it posts; the current page by default. */
  action?: string;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name={field} value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button button-secondary"
        aria-label={ariaLabel}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

const INVITATION_BUTTONS = [
  { key: "resend", label: "Resend" },
  { key: "revoke", label: "Revoke" },
] as const;

/**
 * An open invitation's two buttons (Resend, Revoke), each its own small form, in every invitation
 * list (Settings → Team, the console's staff and consultants).
 */
export function InvitationRowActions({
  field,
  id,
  email,
  intents,
  busy,
  action,
}: {
  field: string;
  id: string;
  email: string;
  intents: { resend: string; revoke: string };
  busy: boolean;
  action?: string;
}) {
  return (
    <div className="invitation-row-actions">
      {INVITATION_BUTTONS.map(({ key, label }) => (
        <RowAction
          key={key}
          field={field}
          id={id}
          intent={intents[key]}
          label={label}
          ariaLabel={`${label} the invitation to ${email}`}
          busy={busy}
          action={action}
        />
      ))}
    </div>
  );
}

/**
 * A person's role as a small form (Settings → Team's members, the console's staff): the role's
 * select, labelled "Role of {name}", and "Change role". Without JavaScript it posts like any form.
 */
export function RoleChangeForm<Role extends string>({
  idPrefix,
  field,
  userId,
  name,
  current,
  roles,
  labels,
  intent,
  busy,
  action,
}: {
  /** The select's id is `{idPrefix}-{userId}`. */
  idPrefix: string;
  /** The select's field name. */
  field: string;
  userId: string;
  name: string;
  current: Role;
  roles: readonly Role[];
  labels: Record<Role, string>;
  intent: string;
  busy: boolean;
  action?: string;
}) {
  const selectId = `${idPrefix}-${userId}`;
  return (
    <Form method="post" action={action} className="staff-role-form">
      <input type="hidden" name="userId" value={userId} />
      <label className="visually-hidden" htmlFor={selectId}>
        {`Role of ${name}`}
      </label>
      <select id={selectId} name={field} className="input" defaultValue={current} key={`${userId}-${current}`}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {labels[role]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button button-secondary"
        aria-label={`Change role of ${name}`}
        disabled={busy}
      >
        Change role
      </button>
    </Form>
  );
}
