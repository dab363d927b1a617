import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { InvitationRowActions, RowAction } from "~/components/manage/row-action";
import { InviteSchema } from "~/lib/consultants/invitation-schemas";
import { formatDate } from "~/lib/shared/dates";
import {
  declineApplication,
  inviteConsultant,
  listInvitations,
  listNewApplications,
  resendInvitation,
  revokeInvitation,
} from "~/server/consultants/invitations.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { describeIssues, FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { usePendingPost } from "~/components/ui/pending-post";
import { Field } from "~/components/ui/field";

export const meta: MetaFunction = () => [{ title: "Consultant invitations | Partwise" }];

const STATUS_LABELS = { pending: "Pending", accepted: "Accepted", expired: "Expired", revoked: "Revoked" } as const;

/** /manage/consultants/invitations: invite consultants, follow the invitations, work the applications queue. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const [invitations, applications] = await Promise.all([
    listInvitations(context.app),
    listNewApplications(context.app),
  ]);
  // "Invite" on an application fills the invite form with its name and email.
  const from = new URL(request.url).searchParams.get("application");
  const application = applications.find((row) => row.id === from) ?? null;
  const [firstName = "", ...rest] = (application?.name ?? "").split(/\s+/);
  const prefill = application
    ? { applicationId: application.id, firstName, lastName: rest.join(" "), email: application.email }
    : null;
  return {
    prefill,
    invitations: invitations.map((row) => ({
      ...row,
      statusLabel: STATUS_LABELS[row.status],
      sent: formatDate(row.createdAt),
      expires: formatDate(row.expiresAt),
      accepted: row.acceptedAt ? formatDate(row.acceptedAt) : null,
    })),
    applications: applications.map((row) => ({ ...row, received: formatDate(row.createdAt) })),
  };
}

const RowActionSchema = z.object({
  intent: z.enum(["resend", "revoke", "decline"]),
  id: z.string().uuid(),
});

type ActionResult = { notice: string | null; error: string | null; errors: Record<string, string> };
const reply = (result: ActionResult, status = 200) => data(result, { status });

/** intent=invite (the form), resend, revoke or decline (a row's button); anything else is a 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return reply({ notice: null, error: body.msg, errors: {} }, body.status);
  const fields = Object.fromEntries(body.form);
  const origin = appOrigin(context.app, request);
  if (fields.intent === "invite") {
    const parsed = InviteSchema.safeParse({ ...fields, applicationId: fields.applicationId || undefined });
    if (!parsed.success) {
      const { msg, errors } = describeIssues(parsed.error);
      return reply({ notice: null, error: msg, errors }, 400);
    }
    const result = await inviteConsultant(context.app, origin, viewer.user.id, parsed.data);
    if (!result.ok) {
      return reply(
        { notice: null, error: result.msg, errors: result.field ? { [result.field]: result.msg } : {} },
        result.status,
      );
    }
    return reply({ notice: result.msg, error: null, errors: {} });
  }
  const parsed = RowActionSchema.safeParse(fields);
  if (!parsed.success) return reply({ notice: null, error: FORM_UNREADABLE_MESSAGE, errors: {} }, 400);
  const { intent, id } = parsed.data;
  const result =
    intent === "resend"
      ? await resendInvitation(context.app, origin, viewer.user.id, id)
      : intent === "revoke"
        ? await revokeInvitation(context.app, id)
        : await declineApplication(context.app, id);
  if (!result.ok) return reply({ notice: null, error: result.msg, errors: {} }, result.status);
  return reply({ notice: result.msg, error: null, errors: {} });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantInvitationsPage() {
  const { invitations, applications, prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const busy = usePendingPost() !== null;
  // After a successful invite the form starts empty again.
  const formKey = `${prefill?.applicationId ?? "new"}-${actionData?.notice ?? ""}`;
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Consultant invitations</h1>
        </div>
      </header>
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />

      <section className="card stack" aria-labelledby="invite-heading" id="invite">
        <h2 id="invite-heading">Invite a consultant</h2>
        <p className="console-muted">
          They get an email with a link to choose a password. The link works once and expires in 7 days.
        </p>
        <Form method="post" className="stack invite-form" key={formKey} noValidate>
          <input type="hidden" name="intent" value="invite" />
          {prefill ? <input type="hidden" name="applicationId" value={prefill.applicationId} /> : null}
          <div className="invite-form-names">
            <Field id="invite-first-name" label="First name" errors={errors.firstName ? [errors.firstName] : undefined}>
              {(control) => (
                <input
                  {...control}
                  name="firstName"
                  className="input"
                  autoComplete="off"
                  defaultValue={prefill?.firstName}
                />
              )}
            </Field>
            <Field id="invite-last-name" label="Last name" errors={errors.lastName ? [errors.lastName] : undefined}>
              {(control) => (
                <input
                  {...control}
                  name="lastName"
                  className="input"
                  autoComplete="off"
                  defaultValue={prefill?.lastName}
                />
              )}
            </Field>
          </div>
          <Field id="invite-email" label="Email" errors={errors.email ? [errors.email] : undefined}>
            {(control) => (
              <input
                {...control}
                name="email"
                className="input"
                type="email"
                autoComplete="off"
                defaultValue={prefill?.email}
              />
            )}
          </Field>
          <Field id="invite-note" label="Note" errors={errors.note ? [errors.note] : undefined}>
            {(control) => <textarea {...control} name="note" className="input" rows={3} maxLength={1000} />}
          </Field>
          <div>
            <button type="submit" className="button button-primary" disabled={busy}>
              Send invitation
            </button>
          </div>
        </Form>
      </section>

      <section className="stack invitation-section" aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">Invitations</h2>
        {invitations.length === 0 ? (
          <p className="card console-empty">No invitations yet.</p>
        ) : (
          <ul className="invitation-list" aria-label="Invitations">
            {invitations.map((row) => (
              <li key={row.id} className="card invitation-row">
                <div className="invitation-row-meta">
                  <span className={`badge badge-soft invitation-status-${row.status}`}>{row.statusLabel}</span>
                  <strong>
                    {row.firstName} {row.lastName}
                  </strong>
                  <span>{row.email}</span>
                  <span className="console-muted">
                    Invited by {row.invitedBy ?? "a former manager"} on {row.sent}
                    {row.accepted
                      ? ` · Accepted ${row.accepted}`
                      : row.status === "revoked"
                        ? ""
                        : ` · Expires ${row.expires}`}
                  </span>
                </div>
                {row.status === "pending" || row.status === "expired" ? (
                  <InvitationRowActions
                    field="id"
                    id={row.id}
                    email={row.email}
                    intents={{ resend: "resend", revoke: "revoke" }}
                    busy={busy}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="stack invitation-section" aria-labelledby="applications-heading">
        <h2 id="applications-heading">Applications</h2>
        {applications.length === 0 ? (
          <p className="card console-empty">No applications waiting.</p>
        ) : (
          <ul className="invitation-list" aria-label="Applications">
            {applications.map((row) => (
              <li key={row.id} className="card invitation-row">
                <div className="invitation-row-meta">
                  <strong>{row.name}</strong>
                  <span>{row.email}</span>
                  <span className="console-muted">
                    {row.businessAreas.join(", ")} · Received {row.received}
                  </span>
                  {row.linkedinUrl ? (
                    <a href={row.linkedinUrl} target="_blank" rel="noopener noreferrer">
                      LinkedIn profile
                    </a>
                  ) : null}
                  <p className="invitation-message">{row.message}</p>
                </div>
                <div className="invitation-row-actions">
                  <a
                    href={`?application=${row.id}#invite`}
                    className="button button-primary"
                    aria-label={`Invite ${row.name}`}
                  >
                    Invite
                  </a>
                  <RowAction
                    field="id"
                    id={row.id}
                    intent="decline"
                    label="Decline"
                    ariaLabel={`Decline the application of ${row.name}`}
                    busy={busy}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
