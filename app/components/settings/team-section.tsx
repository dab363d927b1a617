import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { BUSINESS_MEMBER_ROLES, INVITED_MEMBER_ROLES, type BusinessMemberRole } from "~db/enums";
import { InvitationRowActions, RoleChangeForm } from "~/components/manage/row-action";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { InviteEmailAndRole } from "~/components/ui/invite-fields";
import { FormAlert } from "~/components/ui/form-alert";
import { usePendingPost } from "~/components/ui/pending-post";
import { MEMBER_ROLE_LABELS } from "~/lib/business/permissions";
import {
  MEMBER_ROLE_HINTS,
  TEAM_INTENTS,
  TEAM_READ_ONLY,
  teamConfirmHref,
  TeamInviteSchema,
  type TeamConfirm,
} from "~/lib/business/team";

/** What the settings action answers for the Team tab's forms. */
export type TeamActionData = {
  intent: "team";
  notice: string | null;
  error: string | null;
  invite: SubmissionResult<string[]> | null;
};

export type TeamView = {
  businessName: string;
  me: string;
  isOwner: boolean;
  /** Owners and admins: the controls show. */
  canManage: boolean;
  members: { userId: string; name: string; email: string; role: BusinessMemberRole; joined: string }[];
  invitations: {
    id: string;
    email: string;
    role: BusinessMemberRole;
    status: "pending" | "expired";
    invitedBy: string | null;
    sent: string;
    expires: string;
  }[];
  /** The confirmation asked by the query (`?confirm=remove&member=…`), with whom it is about. */
  confirm: { kind: TeamConfirm; member: { userId: string; name: string } | null } | null;
};

const STATUS_LABELS = { pending: "Pending", expired: "Expired" } as const;

/**
 * Settings → Team (docs/decisions/067): the members and the open invitations, which every member
 * reads; owners and admins invite, change roles, remove, resend and revoke; an owner transfers
 * the ownership; anyone leaves. Remove, transfer and leave ask first (links to `?confirm=…`, so
 * it works without JavaScript).
 */
export function TeamSection({
  team,
  actionData,
  action,
}: {
  team: TeamView;
  actionData: TeamActionData | undefined;
  action: string;
}) {
  const busy = usePendingPost() !== null;
  return (
    <div className="stack settings-team">
      <ConsoleNotices notice={actionData?.notice} error={actionData?.error} />
      {team.confirm ? <Confirmation team={team} action={action} busy={busy} /> : null}
      <section className="stack" aria-labelledby="settings-team-members">
        <h2 id="settings-team-members" className="settings-heading">
          Members
        </h2>
        {team.canManage ? null : <p className="muted">{TEAM_READ_ONLY}</p>}
        <ul className="invitation-list" aria-label="Members">
          {team.members.map((row) => (
            <MemberRow key={row.userId} row={row} team={team} action={action} busy={busy} />
          ))}
        </ul>
        <dl className="staff-role-hints">
          {BUSINESS_MEMBER_ROLES.map((role) => (
            <div key={role}>
              <dt>{MEMBER_ROLE_LABELS[role]}</dt>
              <dd className="muted">{MEMBER_ROLE_HINTS[role]}</dd>
            </div>
          ))}
        </dl>
      </section>
      {team.canManage ? <InviteForm lastResult={actionData?.invite ?? undefined} busy={busy} action={action} /> : null}
      <section className="stack" aria-labelledby="settings-team-invitations">
        <h2 id="settings-team-invitations" className="settings-heading">
          Invitations
        </h2>
        {team.invitations.length === 0 ? (
          <p className="muted">No open invitations.</p>
        ) : (
          <ul className="invitation-list" aria-label="Invitations">
            {team.invitations.map((row) => (
              <li key={row.id} className="card invitation-row">
                <div className="invitation-row-meta">
                  <span className={`badge badge-soft invitation-status-${row.status}`}>
                    {STATUS_LABELS[row.status]}
                  </span>
                  <strong>{row.email}</strong>
                  <span>{MEMBER_ROLE_LABELS[row.role]}</span>
                  <span className="muted">
                    Invited by {row.invitedBy ?? "a former member"} on {row.sent} · Expires {row.expires}
                  </span>
                </div>
                {team.canManage ? (
                  <InvitationRowActions
                    field="invitationId"
                    id={row.id}
                    email={row.email}
                    intents={TEAM_INTENTS}
                    busy={busy}
                    action={action}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to={teamConfirmHref("leave")} replace preventScrollReset className="button button-secondary">
          Leave this business
        </Link>
      </p>
    </div>
  );
}

function MemberRow({
  row,
  team,
  action,
  busy,
}: {
  row: TeamView["members"][number];
  team: TeamView;
  action: string;
  busy: boolean;
}) {
  const isMe = row.userId === team.me;
  // Only an owner touches an owner's membership or makes someone an owner.
  const controls = team.canManage && !isMe && (team.isOwner || row.role !== "owner");
  const roles = team.isOwner ? BUSINESS_MEMBER_ROLES : INVITED_MEMBER_ROLES;
  return (
    <li className="card invitation-row">
      <div className="invitation-row-meta">
        <span className="badge badge-soft">{MEMBER_ROLE_LABELS[row.role]}</span>
        <strong>
          {row.name}
          {isMe ? " (You)" : ""}
        </strong>
        <span>{row.email}</span>
        <span className="muted">Joined {row.joined}</span>
      </div>
      {controls ? (
        <div className="invitation-row-actions">
          <RoleChangeForm
            idPrefix="team-role"
            field="role"
            userId={row.userId}
            name={row.name}
            current={row.role}
            roles={roles}
            labels={MEMBER_ROLE_LABELS}
            intent={TEAM_INTENTS.changeRole}
            busy={busy}
            action={action}
          />
          <Link
            to={teamConfirmHref("remove", row.userId)}
            replace
            preventScrollReset
            className="button button-secondary"
            aria-label={`Remove ${row.name}`}
          >
            Remove
          </Link>
          {team.isOwner ? (
            <Link
              to={teamConfirmHref("transfer", row.userId)}
              replace
              preventScrollReset
              className="button button-secondary"
              aria-label={`Transfer ownership to ${row.name}`}
            >
              Transfer ownership
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

const CONFIRM_TEXTS: Record<TeamConfirm, { question: (name: string, business: string) => string; yes: string }> = {
  remove: {
    question: (name, business) =>
      `Remove ${name} from ${business}? They are signed out of this business at once and need a new invitation to come back.`,
    yes: "Yes, remove",
  },
  transfer: {
    question: (name, business) => `Make ${name} the owner of ${business}? You become an admin.`,
    yes: "Yes, transfer the ownership",
  },
  leave: {
    question: (_name, business) => `Leave ${business}? You lose access to it until someone invites you again.`,
    yes: "Yes, leave",
  },
};

const CONFIRM_INTENTS: Record<TeamConfirm, string> = {
  remove: TEAM_INTENTS.remove,
  transfer: TEAM_INTENTS.transfer,
  leave: TEAM_INTENTS.leave,
};

function Confirmation({ team, action, busy }: { team: TeamView; action: string; busy: boolean }) {
  const confirm = team.confirm!;
  const texts = CONFIRM_TEXTS[confirm.kind];
  return (
    <Form method="post" action={action} className="card stack team-confirm" replace>
      <p>
        <strong>{texts.question(confirm.member?.name ?? "", team.businessName)}</strong>
      </p>
      {confirm.member ? <input type="hidden" name="userId" value={confirm.member.userId} /> : null}
      <p className="button-row">
        <button
          type="submit"
          name="intent"
          value={CONFIRM_INTENTS[confirm.kind]}
          className="button button-danger"
          disabled={busy}
        >
          {texts.yes}
        </button>
        <Link to="?tab=team" replace preventScrollReset className="button button-secondary">
          Cancel
        </Link>
      </p>
    </Form>
  );
}

function InviteForm({
  lastResult,
  busy,
  action,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  action: string;
}) {
  const [form, fields] = useForm({
    id: "team-invite",
    lastResult,
    constraint: getZodConstraint(TeamInviteSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { role: "member" },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: TeamInviteSchema });
    },
  });
  return (
    <section className="stack" aria-labelledby="settings-team-invite">
      <h2 id="settings-team-invite" className="settings-heading">
        Invite a colleague
      </h2>
      <p className="muted">They get an email with a link to join. The link works once and expires in 7 days.</p>
      <Form method="post" action={action} {...getFormProps(form)} className="stack invite-form">
        <input type="hidden" name="intent" value={TEAM_INTENTS.invite} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <InviteEmailAndRole
          email={fields.email}
          role={fields.role}
          roles={INVITED_MEMBER_ROLES}
          labels={MEMBER_ROLE_LABELS}
          busy={busy}
        />
      </Form>
    </section>
  );
}
