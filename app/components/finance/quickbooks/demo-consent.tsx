import { Form, Link, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { usePendingIntent } from "~/components/ui/pending-post";

type DemoConsentData = { state: string | null };

export const DEMO_CONSENT_TITLE = "Connect the demo company";

/**
 * The demo stand-in for Intuit's consent screen. Plain forms (no JavaScript needed); the chosen
 * button's `intent` tells the action which answer to send back.
 */
export function DemoConsent() {
  const { state } = useLoaderData<DemoConsentData>();
  const pendingIntent = usePendingIntent();

  return (
    <PlainLayout signedIn>
      <section className="card stack" aria-labelledby="demo-consent-title">
        <span className="badge badge-soft">Demo mode</span>
        <h1 id="demo-consent-title">{DEMO_CONSENT_TITLE}</h1>
        <p className="lead">
          This copy of Partwise is not connected to QuickBooks, so you can try company data with a sample company
          instead: an outdoor-goods retailer with 24 months of books.
        </p>
        <p>
          Connecting it fills your revenue charts and revenue per employee with the sample company&apos;s figures. No
          real accounting data is used, and you can disconnect it at any time in Settings.
        </p>
        {state ? (
          <Form method="post" className="button-row" replace>
            <input type="hidden" name="state" value={state} />
            <button
              type="submit"
              name="intent"
              value="connect"
              className="button button-primary"
              disabled={pendingIntent != null}
            >
              {pendingIntent === "connect" ? "Connecting…" : "Connect demo company"}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="button button-secondary"
              disabled={pendingIntent != null}
            >
              Cancel
            </button>
          </Form>
        ) : (
          <>
            <p className="form-error" role="alert">
              This connection link has expired or was already used.
            </p>
            <p className="button-row">
              <a href="/api/quickbooks/createAuthPortal" className="button button-primary">
                Start again
              </a>
              <Link to="/dashboard" className="button button-secondary">
                Back to dashboard
              </Link>
            </p>
          </>
        )}
      </section>
    </PlainLayout>
  );
}
