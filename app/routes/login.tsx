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
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import { deletedSignInText } from "~/lib/privacy/privacy-copy";

// The login screen of `/login`; `/` (_index.tsx) is the same page and re-exports this module.

export const meta: MetaFunction = () => [{ title: "Sign in | Partwise" }];

/**
 * A signed-in visitor goes straight to their home (startup routing). After a deletion the page
 * says what was deleted (`?deleted=`, docs/decisions/069).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return { deleted: deletedSignInText(new URL(request.url).searchParams.get("deleted")) };
}

/** A throttled sign-in or reset request tells the page's visitor when to try again, as the API does. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfterSeconds = actionHeaders.get("Retry-After");
  return retryAfterSeconds ? { "Retry-After": retryAfterSeconds } : new Headers();
};

/**
 * `intent=login` signs in; `intent=reset` emails a recovery password (the same answer for every
 * email). Both forms post here, so they work without JavaScript. One domain function per intent
 * (LOGIN_INTENTS); a post with another intent, or none, is a sign-in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) {
    return data({ intent: "login" as const, result: formErrorReply(), message: null }, { status: body.status });
  }
  const post = { app: context.app, request, form: body.form };
  const outcome = await runIntent(body.form.get("intent"), LOGIN_INTENTS, signInPost, post);
  // The root then routes the new session to its home (/dashboard for a client with a business).
  if (outcome.kind === "signedIn") throw redirect("/", { headers: { "Set-Cookie": outcome.cookie } });
  return data(outcome.data, { status: outcome.status, headers: retryAfter(outcome) });
}

/** What each of the page's posts is given. */
type LoginPost = { app: AppContext; request: Request; form: FormData };

const signInPost = ({ app, request, form }: LoginPost) => signInFromForm(app, request, form);
const resetPost = ({ app, request, form }: LoginPost) => requestResetFromForm(app, request, form);

const LOGIN_INTENTS = { login: signInPost, reset: resetPost };

export default LoginScreen;
