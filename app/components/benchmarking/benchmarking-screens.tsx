import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import {
  BENCHMARKING_BUILDING_MESSAGE,
  BENCHMARKING_BUILDING_NOTE,
  BENCHMARKING_BUY_HEADING,
  BENCHMARKING_CONNECT_BUTTON,
  BENCHMARKING_CONNECT_HEADING,
  BENCHMARKING_CONNECT_TEXT,
  BENCHMARKING_CONNECTED_TEXT,
  BENCHMARKING_ERROR_MESSAGE,
  BENCHMARKING_HOME_BUTTON,
  BENCHMARKING_INCLUDED_HEADING,
  BENCHMARKING_INTRO,
  BENCHMARKING_SHOWS,
  BENCHMARKING_STALLED_MESSAGE,
  BENCHMARKING_START_BUTTON,
  BENCHMARKING_TRY_AGAIN_BUTTON,
  benchmarkingBuyButton,
  benchmarkingBuyText,
  benchmarkingIncludedText,
} from "~/lib/benchmarking/benchmarking-copy";
import type { BenchmarkingPageView } from "~/lib/benchmarking/report-types";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { usePendingPost } from "~/components/ui/pending-post";

/** Connect Company Data from /benchmarking: the existing connect flow, back to /benchmarking. */
export const BENCHMARKING_CONNECT_PATH = "/api/quickbooks/createAuthPortal?returnPage=BENCHMARKING";

/** How often the building screen asks again (the job takes seconds; the email covers longer waits). */
export const BENCHMARKING_POLL_MS = 2500;

/**
 * The connect screen (spec §2): what benchmarking shows, the company data (connect, or that it is
 * connected), and the way in: buy the year (BASIC) or start it (included in STARTER and SCALE).
 * Both forms post to /benchmarking's action; `error` is its refusal, shown above the buttons.
 */
export function BenchmarkingConnect({ view, error }: { view: BenchmarkingPageView; error: string | null }) {
  const busy = usePendingPost("/benchmarking") !== null;
  // Connecting is the business's settings, buying or starting the year is paying (docs/decisions/071).
  const may = useMemberCan();
  return (
    <div className="bench-connect">
      <section className="card bench-intro" aria-labelledby="bench-intro-title">
        <h2 id="bench-intro-title" className="card-title">
          What benchmarking shows
        </h2>
        <p>{BENCHMARKING_INTRO}</p>
        <ul className="bench-shows">
          {BENCHMARKING_SHOWS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="card bench-step" aria-labelledby="bench-connect-title">
        <h2 id="bench-connect-title" className="card-title">
          {BENCHMARKING_CONNECT_HEADING}
        </h2>
        <p>{BENCHMARKING_CONNECT_TEXT}</p>
        {view.connected ? (
          <p className="bench-connected">
            <span className="badge badge-soft">Connected</span> <span>{BENCHMARKING_CONNECTED_TEXT}</span>
          </p>
        ) : may("changeSettings") ? (
          <p>
            <a href={BENCHMARKING_CONNECT_PATH} className="button button-secondary">
              {BENCHMARKING_CONNECT_BUTTON}
            </a>
          </p>
        ) : (
          <RoleNotice action="changeSettings" />
        )}
      </section>

      <section className="card bench-step" aria-labelledby="bench-access-title">
        <h2 id="bench-access-title" className="card-title">
          {view.access === "included" ? BENCHMARKING_INCLUDED_HEADING : BENCHMARKING_BUY_HEADING}
        </h2>
        <p>
          {view.access === "included"
            ? benchmarkingIncludedText(view.planName, view.year, view.trialEndsAt)
            : benchmarkingBuyText(view.priceLabel, view.year)}
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {may("pay") ? (
          <Form method="post" action="/benchmarking">
            <input type="hidden" name="intent" value={view.access === "included" ? "start" : "buy"} />
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
              {view.access === "included" ? BENCHMARKING_START_BUTTON : benchmarkingBuyButton(view.priceLabel)}
            </button>
          </Form>
        ) : (
          <RoleNotice action="pay" />
        )}
      </section>
    </div>
  );
}

/**
 * While the job runs (spec §4): the fixed message and an indeterminate progress bar; the page
 * revalidates every few seconds until the report is ready or the build failed. Without
 * JavaScript, "Check again" reloads it. A job that `stalled` (its worker stopped or its message
 * was lost a lease ago) is said to be late, with Try again, which sends the job again.
 */
export function BenchmarkingBuilding({ stalled }: { stalled: boolean }) {
  const busy = usePendingPost("/benchmarking") !== null;
  const may = useMemberCan();
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, BENCHMARKING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [revalidate]);
  return (
    <section className="card bench-status" aria-labelledby="bench-status-title" aria-live="polite">
      <h2 id="bench-status-title" className="bench-status-message">
        {BENCHMARKING_BUILDING_MESSAGE}
      </h2>
      <progress className="bench-progress" aria-label="Benchmarking report progress" />
      <p className="console-muted">{BENCHMARKING_BUILDING_NOTE}</p>
      {stalled ? (
        <>
          <p>{BENCHMARKING_STALLED_MESSAGE}</p>
          {may("pay") ? (
            <Form method="post" action="/benchmarking">
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className="button button-secondary" disabled={busy} aria-busy={busy || undefined}>
                {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
                {BENCHMARKING_TRY_AGAIN_BUTTON}
              </button>
            </Form>
          ) : (
            <RoleNotice action="pay" />
          )}
        </>
      ) : null}
      <noscript>
        <p>
          <a href="/benchmarking" className="button button-secondary">
            Check again
          </a>
        </p>
      </noscript>
    </section>
  );
}

/**
 * The build failed (spec §4 error catalogue): the fixed message, Home to /dashboard, and Try
 * again (the same start, which queues the year's job again).
 */
export function BenchmarkingFailed({ error }: { error: string | null }) {
  const busy = usePendingPost("/benchmarking") !== null;
  const may = useMemberCan();
  return (
    <section className="card bench-status" aria-labelledby="bench-status-title">
      <h2 id="bench-status-title" className="bench-status-message" role="alert">
        {BENCHMARKING_ERROR_MESSAGE}
      </h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bench-actions">
        <Link to="/dashboard" className="button button-primary">
          {BENCHMARKING_HOME_BUTTON}
        </Link>
        {may("pay") ? (
          <Form method="post" action="/benchmarking">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className="button button-secondary" disabled={busy}>
              {BENCHMARKING_TRY_AGAIN_BUTTON}
            </button>
          </Form>
        ) : null}
      </div>
      <RoleNotice action="pay" />
    </section>
  );
}
