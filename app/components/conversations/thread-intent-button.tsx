import type { ReactNode } from "react";
import { Form } from "@remix-run/react";

/**
 * A thread page's one-button form: posts `intent` to the thread's action with the hidden `fields`
 * naming what it acts on (a message to hide, a call to book, decline or cancel). Works without
 * JavaScript; disabled while a post of the page is under way.
 */
export function ThreadIntentButton({
  action,
  intent,
  fields,
  busy,
  primary = false,
  describedBy,
  children,
}: {
  action: string;
  intent: string;
  fields: Record<string, string | number>;
  busy: boolean;
  primary?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button ${primary ? "button-primary" : "button-secondary"} hub-n-small`}
        aria-describedby={describedBy}
        disabled={busy}
      >
        {children}
      </button>
    </Form>
  );
}
