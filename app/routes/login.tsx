import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { LoginScreen } from "~/components/identity/login-screen";
import { homePathFor } from "~/server/identity/auth.server";
import { requestResetFromForm, signInFromForm } from "~/server/identity/login.server";
import { getViewer } from "~/server/identity/session.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm, retryAfter } from "~/http/http.server";

// The login screen of `/login`; `/` (_index.tsx) is the same page and re-exports this module.

export const meta: MetaFunction = () => [{ title: "Sign in | Partwise" }];

/** A signed-in visitor goes straight to their home (startup routing). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return null;
}

/** A throttled sign-in or reset request tells the page's visitor when to try again, as the API does. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfterSeconds = actionHeaders.get("Retry-After");
  return retryAfterSeconds ? { "Retry-After": retryAfterSeconds } : new Headers();
};

/**
 * `intent=login` signs in; `intent=reset` emails a recovery password (the same answer for every
 * email). Both forms post here, so they work without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) {
    return data({ intent: "login" as const, result: formErrorReply(), message: null }, { status: body.status });
  }
  const outcome =
    body.form.get("intent") === "reset"
      ? await requestResetFromForm(context.app, request, body.form)
      : await signInFromForm(context.app, request, body.form);
  // The root then routes the new session to its home (/dashboard for a client with a business).
  if (outcome.kind === "signedIn") throw redirect("/", { headers: { "Set-Cookie": outcome.cookie } });
  return data(outcome.data, { status: outcome.status, headers: retryAfter(outcome) });
}

export default LoginScreen;
