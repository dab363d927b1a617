import { Form, Link } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { formatDate } from "~/lib/shared/dates";
import { FormAlert } from "~/components/ui/form-alert";
import { usePosting } from "~/components/ui/pending-post";

export const DISCONNECT_INTENT = "disconnect-company-data";
export const CONNECT_SETTINGS_PATH = "/api/quickbooks/createAuthPortal?returnPage=DASHBOARD";

export type CompanyDataConnection = {
  realmId: string;
  isDemo: boolean;
  status: "connected" | "broken" | "revoked";
  /** ISO time. */
  connectedAt: string;
} | null;

/** What the settings action answers for the Disconnect form. */
export type DisconnectActionData = { intent: typeof DISCONNECT_INTENT; message: string | null; error: string | null };

/**
 * Account tab's "Company data" section: the connected QuickBooks company (or the
 * demo company), since when, its status, and Disconnect. Disconnecting asks first: the button is
 * a link to `?tab=account&confirm=disconnect` (works without JavaScript), which shows the form
 * that actually posts.
 */
export function CompanyDataSection({
  connection,
  businessId,
  confirming,
  actionData,
  action,
}: {
  connection: CompanyDataConnection;
  businessId: string;
  confirming: boolean;
  actionData: DisconnectActionData | undefined;
  action: string;
}) {
  const submitting = usePosting(DISCONNECT_INTENT);
  // Connecting and disconnecting are the business's settings (docs/decisions/068).
  const may = useMemberCan();
  const success = actionData?.message ?? null;
  const error = actionData?.error ?? null;

  return (
    <section className="stack settings-company-data" aria-labelledby="settings-company-data-title">
      <h2 id="settings-company-data-title" className="settings-heading">
        Company data
      </h2>
      <div role="status" className={success ? "notice settings-success" : "settings-status-empty"}>
        {success ? <p>{success}</p> : null}
      </div>
      <FormAlert id="settings-company-data-error" errors={error ? [error] : undefined} />
      {connection ? (
        <>
          <dl className="settings-facts">
            <div>
              <dt>Company</dt>
              <dd>{connection.isDemo ? "Demo company" : `QuickBooks company ${connection.realmId}`}</dd>
            </div>
            <div>
              <dt>Connected since</dt>
              <dd>{formatDate(connection.connectedAt)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{connection.status === "connected" ? "Connected" : "Needs reconnecting"}</dd>
            </div>
          </dl>
          {connection.status !== "connected" ? (
            <p className="muted">QuickBooks access was revoked. Reconnect your company data.</p>
          ) : null}
          {!may("changeSettings") ? (
            <RoleNotice action="changeSettings" />
          ) : confirming ? (
            <Form method="post" action={action} className="stack company-data-confirm" replace>
              <p>
                <strong>Disconnect your company data?</strong> Partwise will stop reading your books and delete your
                finance profile. You can connect again at any time.
              </p>
              <input type="hidden" name="businessId" value={businessId} />
              <p className="button-row">
                <button
                  type="submit"
                  name="intent"
                  value={DISCONNECT_INTENT}
                  className="button button-danger"
                  disabled={submitting}
                >
                  {submitting ? "Disconnecting…" : "Yes, disconnect"}
                </button>
                <Link to="?tab=account" replace preventScrollReset className="button button-secondary">
                  Cancel
                </Link>
              </p>
            </Form>
          ) : (
            <p className="button-row">
              {connection.status !== "connected" ? (
                <a href={CONNECT_SETTINGS_PATH} className="button button-primary">
                  Reconnect
                </a>
              ) : null}
              <Link to="?tab=account&confirm=disconnect" replace preventScrollReset className="button button-secondary">
                Disconnect
              </Link>
            </p>
          )}
        </>
      ) : (
        <>
          <p className="muted">
            Connect your accounting data to see your revenue charts and revenue per employee on the dashboard.
          </p>
          {may("changeSettings") ? (
            <p>
              <a href={CONNECT_SETTINGS_PATH} className="button button-primary">
                Connect Company Data
              </a>
            </p>
          ) : (
            <RoleNotice action="changeSettings" />
          )}
        </>
      )}
    </section>
  );
}
