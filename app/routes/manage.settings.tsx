import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailPreferencesForm } from "~/components/notifications/email-preferences-form";
import { MANAGER_NOTIFICATION_GROUPS } from "~/lib/notifications/notification-kinds";
import { EMAIL_PREFERENCES_INTENT, type EmailPreferencesActionData } from "~/lib/notifications/notification-schemas";
import { requireRole } from "~/http/guards.server";
import { emailPreferencesAction } from "~/server/notifications/preferences-action.server";
import { loadEmailPreferences } from "~/server/notifications/preferences.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";

export const meta: MetaFunction = () => [{ title: "Settings | Console | Partwise" }];

/**
 * /manage/settings: the engagement manager's Email notifications (the same form and server
 * module as the business's Preferences and the consultant's Settings), for the groups whose
 * kinds reach managers. Managers only; anyone else 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  return { emailPreferences: await loadEmailPreferences(context.app, viewer.user.id) };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * intent=email-preferences: the shown groups on when checked, off when not (the manager's own). A
 * body that is not a form, or another intent, answers 400/415 with the form's error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  const refused = (message: string | undefined, status: number) =>
    data<EmailPreferencesActionData>(
      { intent: EMAIL_PREFERENCES_INTENT, result: formErrorReply(message), message: null },
      { status },
    );
  if (!body.ok) return refused(body.msg, body.status);
  if (body.form.get("intent") !== EMAIL_PREFERENCES_INTENT) return refused(undefined, 400);
  const reply = await emailPreferencesAction(context.app, viewer.user.id, MANAGER_NOTIFICATION_GROUPS, body.form);
  return data(reply.data, { status: reply.status });
}

export default function ManagerSettings() {
  const { emailPreferences } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Console</p>
          <h1>Settings</h1>
        </div>
      </header>
      <section className="card stack">
        <EmailPreferencesForm
          groups={MANAGER_NOTIFICATION_GROUPS}
          current={emailPreferences}
          actionData={actionData}
          action="/manage/settings"
        />
      </section>
    </div>
  );
}
