import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { usePosting } from "~/components/ui/pending-post";
import { VERIFY_EMAIL_COPY } from "~/lib/identity/email-change";
import { CONFIRM_EMAIL_COPY } from "~/lib/identity/email-verification";
import { confirmEmailChange, describeEmailChangeLink } from "~/server/identity/email-change.server";
import { releaseHeldTransfers } from "~/server/payouts/transfers.server";
import { readForm, requireMethod } from "~/http/http.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${(data?.kind === "verify" ? CONFIRM_EMAIL_COPY : VERIFY_EMAIL_COPY).title} | Partwise` },
];

/**
 * /verify-email?token=…: the link sent to a new sign-in email (ADR 050). Opening it changes
 * nothing (mail scanners fetch links): it shows the address and a button; the POST confirms it
 * (confirmEmailChange: once, the newest link only). No session needed: the link is the proof that
 * the address is the person's, and the current password was checked when it was asked for; a
 * session, if any, is not read (another person's changes nothing of theirs). Only POST confirms.
 *
 * The same page confirms a new account's address (docs/decisions/070): a link whose address is the
 * account's current one (`kind: "verify"`) says "Confirm your email address"; confirming it sets
 * the account verified, and a consultant's transfers held for it are sent.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await describeEmailChangeLink(context.app, token);
  return data(
    link.ok
      ? { token, email: link.email, kind: link.kind, msg: null }
      : { token: null, email: null, kind: null, msg: link.msg },
    { status: link.ok ? 200 : link.status },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Only the page's form (POST) confirms: a PUT, PATCH or DELETE is 405 and changes nothing.
  requireMethod(request, "POST");
  const body = await readForm(request);
  // A body that is no form is said so (415/413/400), not taken for an expired link.
  if (!body.ok) return data({ done: null, kind: null, msg: body.msg }, { status: body.status });
  const result = await confirmEmailChange(context.app, body.form.get("token"));
  if (!result.ok) return data({ done: null, kind: null, msg: result.msg }, { status: result.status });
  // A consultant's transfers wait for a verified address (ADR 070): now they may go.
  if (result.role === "consultant") {
    await releaseHeldTransfers(context.app, result.userId).catch((error: unknown) => {
      console.error("held transfers after verification:", error instanceof Error ? error.message : error);
    });
  }
  // The status said outright: the loader that runs after (the link now used) answers 400.
  return data({ done: result.email, kind: result.kind, msg: null }, { status: 200 });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The page's own POST is not followed by a reload of its loader: the link is used by then, so the
 * loader would answer 400 "expired" beside the action's "confirmed" (and the browser log the 400).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

export default function VerifyEmail() {
  const link = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = usePosting({});
  const verify = (answer?.kind ?? link.kind) === "verify";
  const copy = verify ? CONFIRM_EMAIL_COPY : VERIFY_EMAIL_COPY;
  const title = answer?.done ? copy.doneTitle : (answer?.msg ?? link.msg) ? VERIFY_EMAIL_COPY.invalidTitle : copy.title;
  return (
    <PlainLayout>
      <section className="card payment-result verify-email" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title">{title}</h1>
        {answer?.done ? (
          <>
            <p role="status">{copy.done(answer.done)}</p>
            <p>
              <Link to="/" className="button button-primary">
                Continue
              </Link>
            </p>
          </>
        ) : answer?.msg || link.msg ? (
          <p role="alert">{answer?.msg ?? link.msg}</p>
        ) : (
          <Form method="post" className="stack">
            <p>{copy.intro(link.email ?? "")}</p>
            <input type="hidden" name="token" value={link.token ?? ""} />
            <p>
              <button type="submit" className="button button-primary" disabled={busy}>
                {copy.button}
              </button>
            </p>
          </Form>
        )}
      </section>
    </PlainLayout>
  );
}
