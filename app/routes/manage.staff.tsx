import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { STAFF_ROLES } from "~db/enums";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { InvitationRowActions, RoleChangeForm, RowAction } from "~/components/manage/row-action";
import { ConformField } from "~/components/ui/conform-field";
import { InviteEmailAndRole } from "~/components/ui/invite-fields";
import { FormAlert } from "~/components/ui/form-alert";
import { usePendingPost } from "~/components/ui/pending-post";
import { requireAdmin } from "~/http/guards.server";
import { submitForm } from "~/http/form-submit.server";
import { describeIssues, readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import {
  STAFF_ACTION_UNKNOWN,
  STAFF_ROLE_HINTS,
  STAFF_ROLE_LABELS,
  StaffInvitationActionSchema,
  StaffInviteSchema,
  StaffMemberActionSchema,
} from "~/lib/identity/staff";
import { formatDate } from "~/lib/shared/dates";
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  removeStaff,
  resendStaffInvitation,
  revokeStaffInvitation,
} from "~/server/identity/staff.server";
import type { Viewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { appOrigin } from "~/server/platform/app-origin.server";

export const meta: MetaFunction = () => [{ title: "Staff | Console | Partwise" }];

const STATUS_LABELS = { pending: "Pending", accepted: "Accepted", expired: "Expired", revoked: "Revoked" } as const;

/**
 * /manage/staff: the console's people (admins only; anyone else, engagement managers included,
 * 404). Invite an admin or an engagement manager, follow the invitations, change a role, remove
 * someone (their sessions end at once). docs/decisions/064.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireAdmin(context.app, request);
  const { members, invitations } = await listStaff(context.app);
  return {
    me: viewer.user.id,
    members: members.map((row) => ({
      ...row,
      roleLabel: STAFF_ROLE_LABELS[row.staffRole],
      since: formatDate(row.since),
    })),
    invitations: invitations
      .filter((row) => row.status !== "accepted")
      .map((row) => ({
        ...row,
        roleLabel: STAFF_ROLE_LABELS[row.staffRole],
        statusLabel: STATUS_LABELS[row.status],
        sent: formatDate(row.createdAt),
        expires: formatDate(row.expiresAt),
      })),
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type ActionData = { notice: string | null; error: string | null; invite: SubmissionResult<string[]> | null };
const answer = (result: ActionData, status = 200) => data(result, { status });
const done = (notice: string) => answer({ notice, error: null, invite: null });
const refused = (error: string, status: number) => answer({ notice: null, error, invite: null }, status);

/** What each of the page's posts is given. */
type StaffPost = { app: AppContext; viewer: Viewer; request: Request; formData: FormData };

/** intent=invite (the form); change-role or remove (a member's row); resend-invitation or revoke-invitation (an invitation's row). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireAdmin(context.app, request);
  const body = await readForm(request);
  if (!body.ok) return refused(body.msg, body.status);
  const formData = body.form;
  return runIntent(formData.get("intent"), STAFF_INTENTS, otherPost, { app: context.app, viewer, request, formData });
}

async function invitePost({ app, viewer, request, formData }: StaffPost) {
  const origin = appOrigin(app, request);
  const submitted = await submitForm(
    parseWithZod(formData, { schema: StaffInviteSchema }),
    (value) => inviteStaff(app, origin, viewer.user.id, value),
    { what: "staff invite", failureText: STAFF_ACTION_UNKNOWN },
  );
  if (!submitted.ok) {
    return answer({ notice: null, error: null, invite: submitted.reply }, submitted.status);
  }
  return answer({ notice: submitted.result.msg, error: null, invite: submitted.submission.reply({ resetForm: true }) });
}

async function memberPost({ app, viewer, formData }: StaffPost) {
  const parsed = StaffMemberActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refused(describeIssues(parsed.error).msg, 400);
  const post = parsed.data;
  const result =
    post.intent === "change-role"
      ? await changeStaffRole(app, viewer.user.id, post.userId, post.staffRole)
      : await removeStaff(app, viewer.user.id, post.userId);
  return result.ok ? done(result.msg) : refused(result.msg, result.status);
}

async function invitationPost({ app, viewer, request, formData }: StaffPost) {
  const parsed = StaffInvitationActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refused(STAFF_ACTION_UNKNOWN, 400);
  const { intent, invitationId } = parsed.data;
  const result =
    intent === "resend-invitation"
      ? await resendStaffInvitation(app, appOrigin(app, request), viewer.user.id, invitationId)
      : await revokeStaffInvitation(app, viewer.user.id, invitationId);
  return result.ok ? done(result.msg) : refused(result.msg, result.status);
}

async function otherPost(_post: StaffPost) {
  return refused(STAFF_ACTION_UNKNOWN, 400);
}

const STAFF_INTENTS = {
  invite: invitePost,
  "change-role": memberPost,
  remove: memberPost,
  "resend-invitation": invitationPost,
  "revoke-invitation": invitationPost,
};

export default function StaffPage() {
  const { me, members, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Staff</h1>
        </div>
      </header>
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />

      <section className="card stack" aria-labelledby="staff-members-heading">
        <h2 id="staff-members-heading">People</h2>
        <ul className="invitation-list" aria-label="Staff">
          {members.map((row) => {
            const name = `${row.firstName} ${row.lastName}`.trim();
            return (
              <li key={row.id} className="card invitation-row">
                <div className="invitation-row-meta">
                  <span className="badge badge-soft">{row.roleLabel}</span>
                  <strong>
                    {name}
                    {row.id === me ? " (you)" : ""}
                  </strong>
                  <span>{row.email}</span>
                  <span className="console-muted">Since {row.since}</span>
                </div>
                <div className="invitation-row-actions">
                  <RoleChangeForm
                    idPrefix="staff-role"
                    field="staffRole"
                    userId={row.id}
                    name={name}
                    current={row.staffRole}
                    roles={STAFF_ROLES}
                    labels={STAFF_ROLE_LABELS}
                    intent="change-role"
                    busy={busy}
                  />
                  {row.id === me ? null : (
                    <RowAction
                      field="userId"
                      id={row.id}
                      intent="remove"
                      label="Remove"
                      ariaLabel={`Remove ${name}`}
                      busy={busy}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <dl className="staff-role-hints">
          {STAFF_ROLES.map((role) => (
            <div key={role}>
              <dt>{STAFF_ROLE_LABELS[role]}</dt>
              <dd className="console-muted">{STAFF_ROLE_HINTS[role]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <InviteForm lastResult={actionData?.invite ?? undefined} busy={busy} />

      <section className="stack invitation-section" aria-labelledby="staff-invitations-heading">
        <h2 id="staff-invitations-heading">Invitations</h2>
        {invitations.length === 0 ? (
          <p className="card console-empty">No open invitations.</p>
        ) : (
          <ul className="invitation-list" aria-label="Staff invitations">
            {invitations.map((row) => (
              <li key={row.id} className="card invitation-row">
                <div className="invitation-row-meta">
                  <span className={`badge badge-soft invitation-status-${row.status}`}>{row.statusLabel}</span>
                  <strong>
                    {row.firstName} {row.lastName}
                  </strong>
                  <span>
                    {row.email} · {row.roleLabel}
                  </span>
                  <span className="console-muted">
                    Invited by {row.invitedBy ?? "the command line"} on {row.sent}
                    {row.status === "revoked" ? "" : ` · Expires ${row.expires}`}
                  </span>
                </div>
                {row.status === "pending" || row.status === "expired" ? (
                  <InvitationRowActions
                    field="invitationId"
                    id={row.id}
                    email={row.email}
                    intents={{ resend: "resend-invitation", revoke: "revoke-invitation" }}
                    busy={busy}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    id: "staff-invite",
    lastResult,
    constraint: getZodConstraint(StaffInviteSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { staffRole: "manager" },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: StaffInviteSchema });
    },
  });
  return (
    <section className="card stack invitation-section" aria-labelledby="staff-invite-heading">
      <h2 id="staff-invite-heading">Invite staff</h2>
      <p className="console-muted">
        They get an email with a link to choose a password. The link works once and expires in 7 days.
      </p>
      <Form method="post" {...getFormProps(form)} className="stack invite-form">
        <input type="hidden" name="intent" value="invite" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className="invite-form-names">
          <ConformField field={fields.firstName} kind="text" label="First name">
            {(props) => <input {...props} className="input" autoComplete="off" />}
          </ConformField>
          <ConformField field={fields.lastName} kind="text" label="Last name">
            {(props) => <input {...props} className="input" autoComplete="off" />}
          </ConformField>
        </div>
        <InviteEmailAndRole
          email={fields.email}
          role={fields.staffRole}
          roles={STAFF_ROLES}
          labels={STAFF_ROLE_LABELS}
          busy={busy}
        />
      </Form>
    </section>
  );
}
