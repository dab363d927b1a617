import { Link, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { CONGRATULATIONS_TITLE } from "~/lib/payments/payment-copy";

/**
 * The parts the two request wizards (/create-insight and /create-match, spec §2) share: the page
 * frame, the page-turn focus, the pending button, Back and Cancel, the Congratulations card and
 * the route's revalidation rule. Each wizard keeps its own pages, fields and texts.
 */

/** The page around a wizard: its eyebrow (the feature) and the wizard's title. */
export function WizardFrame({
  eyebrow,
  title,
  className,
  children,
}: {
  eyebrow: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `page create-insight-page ${className}` : "page create-insight-page"}>
      <header className="page-header">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1>{title}</h1>
        </div>
      </header>
      {children}
    </div>
  );
}

/**
 * A wizard's own posts don't reload the loader: its requestId (the idempotency key) must stay
 * the same while the person fixes an error and retries. A new visit (GET) starts a new wizard.
 */
export const keepWizardOnOwnPosts: ShouldRevalidateFunction = ({
  formMethod,
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod?.toUpperCase() === "POST" && (formAction ?? currentUrl.pathname) === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
};

/**
 * Moves focus to the page's heading when the page turns, so a screen reader reads the new page.
 * Neither the first page nor a restored draft moves focus: set `restoringPage.current` before
 * a restore turns the page.
 */
export function usePageTurnFocus(page: number) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const restoringPage = useRef(false);
  useEffect(() => {
    if (firstRender.current || restoringPage.current) {
      firstRender.current = false;
      restoringPage.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [page]);
  return { headingRef, restoringPage };
}

/**
 * Back: with JavaScript it turns the page in the browser; without, it posts its intent and the
 * action answers the page before.
 */
export function WizardBackButton({
  hydrated,
  onBack,
  intent = "back",
  className = "button button-ghost",
}: {
  hydrated: boolean;
  onBack: () => void;
  intent?: string;
  className?: string;
}) {
  return (
    <button
      type={hydrated ? "button" : "submit"}
      name={hydrated ? undefined : "intent"}
      value={hydrated ? undefined : intent}
      className={className}
      onClick={hydrated ? onBack : undefined}
    >
      Back
    </button>
  );
}

/** Cancel: back to the feature's list; nothing is saved and the draft is dropped. */
export function WizardCancelLink({ to, onCancel }: { to: string; onCancel: () => void }) {
  return (
    <Link to={to} className="button button-ghost create-insight-cancel" onClick={onCancel}>
      Cancel
    </Link>
  );
}

/** The button that sends the request: disabled, with a spinner and its busy label, while it does. */
export function WizardSendButton({
  intent,
  busy,
  label,
  busyLabel,
}: {
  intent: string;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="button button-primary"
      disabled={busy}
      aria-disabled={busy ? true : undefined}
    >
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The Congratulations card a finished request shows (spec §2's CONGRATULATIONS constants). */
export function CongratulationsCard({
  id,
  card,
  to,
}: {
  id: string;
  card: { message: string; button: string };
  to: string;
}) {
  return (
    <section className="congrats-card" aria-labelledby={id}>
      <h3 id={id}>{CONGRATULATIONS_TITLE}</h3>
      <p>{card.message}</p>
      <p>
        <Link to={to} className="button button-primary">
          {card.button}
        </Link>
      </p>
    </section>
  );
}
