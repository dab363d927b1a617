import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { FormAlert } from "~/components/ui/form-alert";
import { GROUP_LABELS, UNSUBSCRIBE_TEXTS as T } from "~/lib/notifications/notification-copy";
import { parseUnsubscribe, type NotificationActionData } from "~/lib/notifications/notification-schemas";
import { unsubscribeGroup } from "~/server/notifications/preferences.server";
import { verifyUnsubscribeToken } from "~/server/notifications/unsubscribe-token.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";

export const meta: MetaFunction = () => [{ title: "Unsubscribe | Partwise" }, { name: "robots", content: "noindex" }];

/**
 * /unsubscribe?token=…: the link under every non-essential notification email. No sign-in: the
 * signed token (unsubscribe-token.server.ts) names the person and the group. GET only shows a
 * confirmation (a link scanner's GET changes nothing); POST turns the group's emails off, both
 * from the confirm button and as RFC 8058's one-click POST (`List-Unsubscribe=One-Click`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const claim = token ? await verifyUnsubscribeToken(context.app.env.PASSWORD_PEPPER, token, context.app.now()) : null;
  return data(
    { token: claim ? token : null, group: claim ? GROUP_LABELS[claim.group].label : null },
    { status: claim ? 200 : 400 },
  );
}

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

type UnsubscribeActionData = NotificationActionData;

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const answer = (result: UnsubscribeActionData["result"], message: string | null, status = 200) =>
    data<UnsubscribeActionData>({ result, message }, { status });
  const body = await readForm(request);
  if (!body.ok) return answer(formErrorReply(body.msg), null, body.status);
  // The one-click POST carries the token in the URL only; the confirm button sends it as a field too.
  const fromUrl = new URL(request.url).searchParams.get("token");
  if (!body.form.has("token") && fromUrl) body.form.set("token", fromUrl);
  const submission = parseUnsubscribe(body.form);
  if (submission.status !== "success") return answer(submission.reply({ formErrors: [T.invalid] }), null, 400);
  const claim = await verifyUnsubscribeToken(app.env.PASSWORD_PEPPER, submission.value.token, app.now());
  if (!claim) return answer(submission.reply({ formErrors: [T.invalid] }), null, 400);
  try {
    await unsubscribeGroup(app, claim.userId, claim.group);
  } catch (error) {
    // The account is gone (the row's user no longer exists) or the database failed: the link
    // cannot do anything now, and the page says so instead of an error page.
    console.error("unsubscribe failed", error);
    return answer(submission.reply({ formErrors: [T.invalid] }), null, 400);
  }
  return answer(submission.reply({ resetForm: true }), T.done(GROUP_LABELS[claim.group].label));
}

export default function Unsubscribe() {
  const { token, group } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error?.[""] ?? undefined;
  return (
    <PlainLayout>
      <section className="card hub-n-unsubscribe" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{T.title}</h1>
        {actionData?.message ? (
          <div role="status" className="notice">
            <p>{actionData.message}</p>
          </div>
        ) : token && group ? (
          <>
            <p>{T.confirm(group)}</p>
            <p>{T.explain}</p>
            <FormAlert id="unsubscribe-error" errors={errors} />
            <Form method="post">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="button button-primary">
                {T.button}
              </button>
            </Form>
          </>
        ) : (
          <p role="alert">{errors?.[0] ?? T.invalid}</p>
        )}
        <p>
          <Link to="/">{T.settings}</Link>
        </p>
      </section>
    </PlainLayout>
  );
}
