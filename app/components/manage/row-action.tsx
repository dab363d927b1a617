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
