import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { useNonce } from "~/components/ui/nonce";
import appStyles from "~/styles/app.css?url";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/role-refusal";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => {
  if (!error) return [{ title: "Partwise" }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page not found | Partwise" : "Something went wrong | Partwise" }];
};

/** The document. Used for pages and for the error boundary, so errors keep styles and scripts. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // A public page (ADR 089) is read without JavaScript: no scripts, so no session-bound nonce in
  // its HTML, which the edge cache then serves to every visitor as it is.
  // (The check is written out here, not imported: every page loads the root; public-page-handle.ts.)
  const scripted = !useMatches().some(
    (match) => (match.handle as { publicPage?: unknown } | undefined)?.publicPage === true,
  );
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        {scripted ? <NavigationProgress /> : null}
        {children}
        {scripted ? <ScrollRestoration nonce={nonce} /> : null}
        {scripted ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

/**
 * Marks the document once React has taken over, so styles (and browser tests) can tell a page
 * that is interactive from one that is still server-rendered HTML: the app's pages and its error
 * page alike.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useHydratedMark();
  return <Outlet />;
}

type ErrorCopy = { heading: string; message: string };

const ROLE_REFUSAL_HINT = `${ROLE_FORBIDDEN_MESSAGE} Ask an owner or an admin of the business.`;

const isRoleRefusal = (data: unknown) =>
  typeof data === "object" && data !== null && (data as { msg?: unknown }).msg === ROLE_FORBIDDEN_MESSAGE;

function describeError(error: unknown): ErrorCopy & { status: number | null } {
  if (isRouteErrorResponse(error)) {
    switch (error.status) {
      case 404:
        return {
          status: 404,
          heading: "Page not found",
          message: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
        };
      case 403:
        // A member whose role may not take the action (app/lib/business/permissions.ts).
        if (isRoleRefusal(error.data)) {
          return { status: 403, heading: "Your role does not allow this", message: ROLE_REFUSAL_HINT };
        }
        return {
          status: error.status,
          heading: "You don't have access to this page",
          message: "Sign in with an account that can see this page, or go back to the home page.",
        };
      case 401:
        return {
          status: error.status,
          heading: "You don't have access to this page",
          message: "Sign in with an account that can see this page, or go back to the home page.",
        };
      case 400:
      case 405:
      case 413:
      case 415:
        return {
          status: error.status,
          heading: "We couldn't handle that request",
          message: "Please go back and try again.",
        };
      case 503:
        return {
          status: 503,
          heading: "Partwise is temporarily unavailable",
          message: "Please try again in a few minutes.",
        };
      default:
        return {
          status: error.status,
          heading: "Something went wrong",
          message: "Please try again in a moment. If it keeps happening, contact support@partwise.com.",
        };
    }
  }
  return {
    status: null,
    heading: "Something went wrong",
    message: "Please try again in a moment. If it keeps happening, contact support@partwise.com.",
  };
}

/** One error boundary for the whole app, per status. Never shows a stack trace. */
export function ErrorBoundary() {
  useHydratedMark();
  const error = useRouteError();
  const copy = describeError(error);
  // In development only, the thrown error's message (never its stack) helps whoever is debugging.
  const detail = import.meta.env.DEV && error instanceof Error && error.message ? error.message : null;
  return (
    <main id="main" className="error-page">
      <div className="card error-card">
        <p className="brand-mark" aria-hidden="true">
          Partwise
        </p>
        {copy.status ? <p className="error-status">Error {copy.status}</p> : null}
        <h1>{copy.heading}</h1>
        <p>{copy.message}</p>
        {detail ? (
          <p className="error-detail">
            <strong>Development detail:</strong> {detail}
          </p>
        ) : null}
        <p>
          <Link className="button button-primary" to="/">
            Go to the home page
          </Link>
        </p>
      </div>
    </main>
  );
}
