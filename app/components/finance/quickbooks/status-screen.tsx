import { Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PlainLayout } from "~/components/shell/plain-layout";
import {
  BROKEN_TEXT,
  BUILDING_HEADING,
  CALLBACK_FAILED_HEADING,
  COMPLETE_HEADING,
  connectPath,
  FAILED_HEADING,
  isSettled,
  NOT_CONNECTED_HEADING,
  POLL_INTERVAL_MS,
  returnPath,
  screenFor,
  SIGNED_IN_HEADING,
  STATUS_API_PATH,
  type FinanceStatus,
  type ReturnPage,
  type StatusScreen,
} from "./connection-status";

export type QuickbookStatusData =
  | {
      kind: "callback";
      reason: "access_denied" | "bad_state" | "exchange_failed";
      message: string;
      returnPage: ReturnPage;
    }
  | { kind: "status"; status: FinanceStatus; returnPage: ReturnPage };

/** The /quickbook-status page: a refused connection, or the finance profile's build. */
export function QuickbookStatusScreen() {
  const data = useLoaderData<QuickbookStatusData>();
  return (
    <PlainLayout signedIn>
      {data.kind === "callback" ? (
        <CallbackFailed message={data.message} returnPage={data.returnPage} />
      ) : (
        <BuildStatus initial={data.status} returnPage={data.returnPage} />
      )}
    </PlainLayout>
  );
}

function CallbackFailed({ message, returnPage }: { message: string; returnPage: ReturnPage }) {
  return (
    <section className="card qb-status stack" aria-labelledby="qb-status-title">
      <h1 id="qb-status-title">{CALLBACK_FAILED_HEADING}</h1>
      <p className="qb-status-message" role="alert">
        {message}
      </p>
      <p className="button-row">
        <a href={connectPath(returnPage)} className="button button-primary">
          Try again
        </a>
        <Link to={returnPath(returnPage)} className="button button-secondary">
          Back
        </Link>
      </p>
    </section>
  );
}

/**
 * The build: polls the status API every 1.5 s (a fetcher) while the report is queued or running,
 * and stops once it is complete or failed. Without JavaScript, "Check again" reloads the page.
 */
function BuildStatus({ initial, returnPage }: { initial: FinanceStatus; returnPage: ReturnPage }) {
  const fetcher = useFetcher<FinanceStatus>();
  const status = fetcher.data && "connection" in fetcher.data ? fetcher.data : initial;
  const screen = screenFor(status);
  const settled = isSettled(screen);
  const load = fetcher.load;
  const busy = useRef(false);
  busy.current = fetcher.state !== "idle";

  useEffect(() => {
    if (settled) return;
    const timer = window.setInterval(() => {
      if (!busy.current) load(STATUS_API_PATH);
    }, POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [settled, load]);

  // Move focus to the new heading when the screen changes after the first render.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef<StatusScreen>(screen);
  useEffect(() => {
    if (shown.current !== screen) {
      shown.current = screen;
      headingRef.current?.focus();
    }
  }, [screen]);

  return (
    <section className="card qb-status stack" aria-labelledby="qb-status-title">
      <StatusBody screen={screen} returnPage={returnPage} headingRef={headingRef} />
    </section>
  );
}

function StatusBody({
  screen,
  returnPage,
  headingRef,
}: {
  screen: StatusScreen;
  returnPage: ReturnPage;
  headingRef: React.RefObject<HTMLHeadingElement>;
}) {
  const location = useLocation();
  const heading = (text: string) => (
    <h1 id="qb-status-title" ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );
  const ok = (
    <Link to={returnPath(returnPage)} className="button button-primary">
      OK
    </Link>
  );

  switch (screen) {
    case "building":
      return (
        <>
          {heading(SIGNED_IN_HEADING)}
          <div className="qb-building">
            <div className="qb-building-animation" aria-hidden="true">
              <span />
              <span />
              <span />
              <span />
              <span />
            </div>
            <h2 className="qb-building-title">{BUILDING_HEADING}</h2>
          </div>
          <p role="status" className="qb-status-message">
            We&apos;re reading your profit and loss for the last 24 months. This usually takes a few seconds.
          </p>
          <p className="muted qb-status-note">
            This page updates by itself.{" "}
            <a href={`${location.pathname}${location.search}`} className="qb-check-again">
              Check again
            </a>
          </p>
        </>
      );
    case "complete":
      return (
        <>
          {heading(COMPLETE_HEADING)}
          <p role="status" className="qb-status-message">
            Your revenue charts and revenue per employee are ready.
          </p>
          <p className="button-row">
            <Link to="/dashboard" className="button button-primary">
              View Your Analytics
            </Link>
            {returnPage !== "DASHBOARD" ? (
              <Link to={returnPath(returnPage)} className="button button-secondary">
                Back
              </Link>
            ) : null}
          </p>
        </>
      );
    case "failed":
      return (
        <>
          {heading(FAILED_HEADING)}
          <p role="status" className="visually-hidden">
            {FAILED_HEADING}
          </p>
          <p className="muted">You can try again from your dashboard later; your connection is saved.</p>
          <p className="button-row">{ok}</p>
        </>
      );
    case "broken":
      return (
        <>
          {heading(FAILED_HEADING)}
          <p role="alert" className="qb-status-message">
            {BROKEN_TEXT}
          </p>
          <p className="button-row">
            <a href={connectPath(returnPage)} className="button button-primary">
              Reconnect
            </a>
            <Link to={returnPath(returnPage)} className="button button-secondary">
              OK
            </Link>
          </p>
        </>
      );
    case "not_connected":
      return (
        <>
          {heading(NOT_CONNECTED_HEADING)}
          <p>Connect your accounting data to see your revenue charts and revenue per employee.</p>
          <p className="button-row">
            <a href={connectPath(returnPage)} className="button button-primary">
              Connect Company Data
            </a>
            <Link to={returnPath(returnPage)} className="button button-secondary">
              Back
            </Link>
          </p>
        </>
      );
  }
}
