import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import * as z from "zod";
import { AccountForm } from "~/components/settings/account-form";
import { PaymentHistory } from "~/components/payouts/payment-history";
import { CompanyDataSection, DISCONNECT_INTENT, type DisconnectActionData } from "~/components/settings/company-data";
import { BusinessForm } from "~/components/settings/business-form";
import { PersonalForm } from "~/components/settings/personal-form";
import { PreferencesForm } from "~/components/settings/preferences-form";
import type { SettingsActionData } from "~/components/settings/settings-parts";
import { SETTINGS_PANEL_ID, SettingsTabs, settingsTabId } from "~/components/settings/settings-tabs";
import { TeamSection, type TeamActionData } from "~/components/settings/team-section";
import { loadTeamView, TEAM_PERMISSIONS, TEAM_POSTS } from "~/http/team-posts.server";
import {
  BUSINESS_NOT_FOUND_MESSAGE,
  BusinessInfoFormSchema,
  businessInfoFromForm,
  INFO_UPDATE_FAILED_MESSAGE,
  INFO_UPDATED_MESSAGE,
  InsightPreferencesFormSchema,
  parsePasswordChangeForm,
  PersonalInfoSchema,
  PREFERENCES_UPDATE_FAILED_MESSAGE,
  PREFERENCES_UPDATED_MESSAGE,
  settingsTabFrom,
  settingsTabsFor,
  type SettingsTab,
} from "~/lib/business/settings-schemas";
import { type ClientViewer, requireClientBusiness, requireIntentPermission } from "~/http/guards.server";
import { can, type BusinessAction } from "~/lib/business/permissions";
import { EmailPreferencesForm } from "~/components/notifications/email-preferences-form";
import { CLIENT_NOTIFICATION_GROUPS } from "~/lib/notifications/notification-kinds";
import { EMAIL_PREFERENCES_INTENT, type EmailPreferencesActionData } from "~/lib/notifications/notification-schemas";
import { emailPreferencesAction } from "~/server/notifications/preferences-action.server";
import { loadEmailPreferences } from "~/server/notifications/preferences.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import { submitForm } from "~/http/form-submit.server";
import { AuditTable } from "~/components/audit/audit-table";
import { ACTIVITY_CSV_PATH, auditCursorOf, auditPageLinks } from "~/lib/audit/audit-actions";
import { DataSection } from "~/components/settings/data-section";
import { dataSectionView } from "~/server/privacy/data-section.server";
import { auditPage } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { disconnect, DISCONNECTED_MESSAGE, getConnectionSummary } from "~/server/finance/quickbooks.server";
import { changePassword } from "~/server/identity/password-change.server";
import {
  getSettingsView,
  updateBusinessInfo,
  updateInsightPreferences,
  updatePersonalInfo,
} from "~/server/business/settings.server";
import { loadPaymentHistory } from "~/server/payments/receipts.server";
import { RevenueBandCheck, type RevenueBandActionData } from "~/components/settings/revenue-band-check";
import { REVENUE_BAND_COPY, REVENUE_BAND_INTENT } from "~/lib/business/revenue-band";
import { loadBandDisagreement, updateRevenueBandFromBooks } from "~/server/business/revenue-band.server";
import { REVENUE_BANDS } from "~db/enums";
import { appOrigin } from "~/server/platform/app-origin.server";
import { pendingEmailChange } from "~/server/identity/email-change.server";
import { pendingEmailMessage, verificationSentMessage } from "~/lib/identity/email-change";

export const meta: MetaFunction = () => [{ title: "Settings | Partwise" }];

/** /company-profile: the settings tabs of spec §2. Guarded like every `_app` page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const query = new URL(request.url).searchParams;
  // The tabs this member's role sees (the Activity tab for owners and admins only).
  const tabs = settingsTabsFor(viewer.member.role);
  const tab = settingsTabFrom(query.get("tab"), tabs);
  // The Account tab shows the accounting connection and the payments (one more round trip, only there).
  const [connection, payments] =
    tab === "account"
      ? await Promise.all([
          getConnectionSummary(context.app, viewer.business.id),
          loadPaymentHistory(context.app, viewer.business.id),
        ])
      : [null, null];
  // The Account tab's "Your data", for the owner: the newest export and what stops a deletion (ADR 069).
  const dataSection =
    tab === "account" && can(viewer.member.role, "exportData")
      ? await dataSectionView(context.app, { businessId: viewer.business.id })
      : null;
  // The Preferences tab shows the email notification choices, the Personal tab an email change
  // waiting for its link (one more query, only there).
  const emailPreferences = tab === "preferences" ? await loadEmailPreferences(context.app, viewer.user.id) : null;
  const pending = tab === "personal" ? await pendingEmailChange(context.app, viewer.user.id) : null;
  // The Business tab says when the books show another revenue band than the one chosen (ADR 050).
  const bandCheck = tab === "business" ? await loadBandDisagreement(context.app, viewer.business) : null;
  // The Activity tab: the business's audit trail, newest first, a page at a time (the CSV has all of it).
  const before = auditCursorOf(query.get("before"));
  const page = tab === "activity" ? await auditPage(context.app, { businessId: viewer.business.id }, before) : null;
  // The Team tab: the members and open invitations, and a confirmation it asks (docs/decisions/067).
  const team = tab === "team" ? await loadTeamView(context.app, viewer, query) : null;
  const activity = page
    ? {
        rows: page.rows,
        ...auditPageLinks(
          page,
          before,
          (cursor) => `/company-profile?tab=activity${cursor ? `&before=${cursor}` : ""}`,
        ),
      }
    : null;
  return {
    tab,
    tabs,
    ...getSettingsView(viewer, context.app.now()),
    companyData: connection
      ? {
          realmId: connection.realmId,
          isDemo: connection.isDemo,
          status: connection.status,
          connectedAt: connection.connectedAt.toISOString(),
        }
      : null,
    confirmDisconnect: tab === "account" && query.get("confirm") === "disconnect" && connection !== null,
    emailPreferences,
    payments,
    pendingEmail: pending ? pendingEmailMessage(pending.email, pending.until) : null,
    bandCheck,
    confirmRevenueBand: bandCheck !== null && query.get("confirm") === "revenue-band",
    activity,
    team,
    dataSection,
  };
}

const PASSWORD_FIELDS = ["password", "newPassword", "confirmNewPassword"];

const RevenueBandConfirmSchema = z.object({ band: z.enum(REVENUE_BANDS) });

/**
 * One action for the settings' forms, told apart by the submit button's `intent`. Each function
 * parses with the form's shared schema and calls one domain function of settings.server.ts (the
 * same ones the PUT routes of /api/client call). One function per intent (SETTINGS_INTENTS).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  // A post no settings form makes is answered on the tab it was sent to (forms post to ?tab=...).
  const postedTab = settingsTabFrom(new URL(request.url).searchParams.get("tab"));
  const body = await readForm(request);
  if (!body.ok) return answer(postedTab, formErrorReply(), null, body.status);
  const formData = body.form;
  requireIntentPermission(viewer, formData.get("intent"), SETTINGS_PERMISSIONS, null);
  return runIntent(formData.get("intent"), SETTINGS_INTENTS, otherPost, { app, viewer, request, formData, postedTab });
}

const answer = (tab: SettingsTab, result: SettingsActionData["result"], message: string | null, status = 200) =>
  data<SettingsActionData>({ intent: tab, result, message }, { status });

/** What each of the settings' posts is given; `postedTab` is the tab the post was sent to. */
type SettingsPost = {
  app: AppContext;
  viewer: ClientViewer;
  request: Request;
  formData: FormData;
  postedTab: SettingsTab;
};

/** An unexpected failure (e.g. the database) gets the form's default text of spec §8, not a 500 page. */
async function guarded<T>(intent: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    console.error(`settings ${intent} failed`, error);
    return null;
  }
}

/** Preferences tab: the email notification choices. */
async function emailPreferencesPost({ app, viewer, formData }: SettingsPost) {
  const reply = await emailPreferencesAction(app, viewer.user.id, CLIENT_NOTIFICATION_GROUPS, formData);
  return data(reply.data, { status: reply.status });
}

async function personalPost({ app, viewer, request, formData }: SettingsPost) {
  const origin = appOrigin(app, request);
  const done = await submitForm(
    parseWithZod(formData, { schema: PersonalInfoSchema }),
    (value) => updatePersonalInfo(app, viewer, value, origin),
    { what: "settings personal", failureText: INFO_UPDATE_FAILED_MESSAGE, hideFields: ["password"] },
  );
  if (!done.ok) return answer("personal", done.reply, null, done.status);
  // A new email waits for its link: the field shows the current one again, the message says why.
  const pendingEmail = done.result.pendingEmail;
  const message = pendingEmail
    ? `${INFO_UPDATED_MESSAGE} ${verificationSentMessage(pendingEmail)}`
    : INFO_UPDATED_MESSAGE;
  return answer("personal", done.submission.reply({ resetForm: pendingEmail !== null }), message);
}

async function businessPost({ app, viewer, formData }: SettingsPost) {
  const done = await submitForm(
    parseWithZod(formData, { schema: BusinessInfoFormSchema }),
    (value) => updateBusinessInfo(app, viewer, businessInfoFromForm(value)),
    { what: "settings business", failureText: INFO_UPDATE_FAILED_MESSAGE },
  );
  if (!done.ok) return answer("business", done.reply, null, done.status);
  return answer("business", done.submission.reply(), INFO_UPDATED_MESSAGE);
}

/** Account tab: the password change. */
async function accountPost({ app, viewer, formData }: SettingsPost) {
  const done = await submitForm(parsePasswordChangeForm(formData), (value) => changePassword(app, viewer, value), {
    what: "settings account",
    failureText: INFO_UPDATE_FAILED_MESSAGE,
    hideFields: PASSWORD_FIELDS,
  });
  if (!done.ok) return answer("account", done.reply, null, done.status);
  return answer("account", done.submission.reply({ resetForm: true }), INFO_UPDATED_MESSAGE);
}

/** Preferences tab: the insight preferences. */
async function preferencesPost({ app, viewer, formData }: SettingsPost) {
  const submission = parseWithZod(formData, { schema: InsightPreferencesFormSchema });
  if (submission.status !== "success") return answer("preferences", submission.reply(), null, 400);
  const value = submission.value;
  const result = await guarded("preferences", () =>
    updateInsightPreferences(app, viewer, { insightPreferences: value }),
  );
  if (!result || !result.ok) {
    const status = result ? result.status : 500;
    return answer("preferences", submission.reply({ formErrors: [PREFERENCES_UPDATE_FAILED_MESSAGE] }), null, status);
  }
  return answer("preferences", submission.reply(), PREFERENCES_UPDATED_MESSAGE);
}

/** Business tab: the revenue band the books show, as the owner confirmed it; the domain reads the books again. */
async function revenueBandPost({ app, viewer, formData }: SettingsPost) {
  const parsed = RevenueBandConfirmSchema.safeParse(Object.fromEntries(formData));
  const reply = (message: string | null, error: string | null, status: number) =>
    data<RevenueBandActionData>({ intent: REVENUE_BAND_INTENT, message, error }, { status });
  if (!parsed.success) return reply(null, REVENUE_BAND_COPY.changed, 400);
  const result = await guarded(REVENUE_BAND_INTENT, () => updateRevenueBandFromBooks(app, viewer, parsed.data.band));
  if (!result) return reply(null, INFO_UPDATE_FAILED_MESSAGE, 500);
  return result.ok ? reply(result.msg, null, 200) : reply(null, result.msg, result.status);
}

/** Company data (Account tab): the same domain function as POST /api/quickbooks/disconnect. */
async function disconnectPost({ app, viewer, formData }: SettingsPost) {
  const named = formData.get("businessId");
  if (typeof named === "string" && named !== "" && named !== viewer.business.id) {
    return data<DisconnectActionData>(
      { intent: DISCONNECT_INTENT, message: null, error: BUSINESS_NOT_FOUND_MESSAGE },
      { status: 404 },
    );
  }
  const done = await guarded(DISCONNECT_INTENT, async () => {
    await disconnect(app, viewer);
    return true;
  });
  if (!done) {
    return data<DisconnectActionData>(
      { intent: DISCONNECT_INTENT, message: null, error: INFO_UPDATE_FAILED_MESSAGE },
      { status: 500 },
    );
  }
  return data<DisconnectActionData>({ intent: DISCONNECT_INTENT, message: DISCONNECTED_MESSAGE, error: null });
}

/** A post no settings form makes: answered on the tab it was sent to. */
async function otherPost({ postedTab }: SettingsPost) {
  return answer(postedTab, formErrorReply(), null, 400);
}

const SETTINGS_INTENTS = {
  [EMAIL_PREFERENCES_INTENT]: emailPreferencesPost,
  personal: personalPost,
  business: businessPost,
  account: accountPost,
  preferences: preferencesPost,
  [REVENUE_BAND_INTENT]: revenueBandPost,
  [DISCONNECT_INTENT]: disconnectPost,
  ...TEAM_POSTS,
};

/**
 * What each intent is for the business (app/lib/business/permissions.ts): null is a change to the
 * member's own account (name, email, password, their emails), which every member makes.
 */
const SETTINGS_PERMISSIONS = {
  [EMAIL_PREFERENCES_INTENT]: null,
  personal: null,
  business: "changeSettings",
  account: null,
  preferences: "changeSettings",
  [REVENUE_BAND_INTENT]: "changeSettings",
  [DISCONNECT_INTENT]: "changeSettings",
  ...TEAM_PERMISSIONS,
} as const satisfies Record<keyof typeof SETTINGS_INTENTS, BusinessAction | null>;
export default function CompanyProfile() {
  const {
    tab,
    tabs,
    user,
    business,
    companyData,
    confirmDisconnect,
    emailPreferences,
    payments,
    pendingEmail,
    bandCheck,
    confirmRevenueBand,
    activity,
    team,
    dataSection,
  } = useLoaderData<typeof loader>();
  // Kept through the export's progress polling (a revalidation would clear a form's answer).
  const answer = useKeptActionData<
    SettingsActionData | DisconnectActionData | EmailPreferencesActionData | RevenueBandActionData | TeamActionData
  >();
  const emailPreferencesData = answer?.intent === EMAIL_PREFERENCES_INTENT ? answer : undefined;
  const actionData =
    answer?.intent === DISCONNECT_INTENT ||
    answer?.intent === EMAIL_PREFERENCES_INTENT ||
    answer?.intent === REVENUE_BAND_INTENT ||
    answer?.intent === "team"
      ? undefined
      : answer;
  // The Team tab's answers carry a notice (SettingsActionData's "team" would be a form's reply).
  const teamData = answer && "notice" in answer ? answer : undefined;
  const disconnectData = answer?.intent === DISCONNECT_INTENT ? answer : undefined;
  const revenueBandData = answer?.intent === REVENUE_BAND_INTENT ? answer : undefined;
  // Post back to the tab the form is on, so a no-JavaScript reply shows the same tab.
  const formAction = `/company-profile?tab=${tab}`;

  return (
    <div className="page settings-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Company Info</p>
          <h1>Settings</h1>
        </div>
      </header>
      <section className="card settings-card">
        <SettingsTabs tabs={tabs} selected={tab} />
        <div role="tabpanel" id={SETTINGS_PANEL_ID} aria-labelledby={settingsTabId(tab)} className="tab-panel">
          {tab === "activity" && activity ? (
            <AuditTable
              headingId="settings-activity"
              title="Activity"
              rows={activity.rows}
              csvHref={ACTIVITY_CSV_PATH}
              emptyText="Nothing recorded yet. Changes to the business, its money and its settings will show here."
              olderHref={activity.olderHref}
              newestHref={activity.newestHref}
            />
          ) : null}
          {tab === "team" && team ? <TeamSection team={team} actionData={teamData} action={formAction} /> : null}
          {tab === "personal" ? (
            <PersonalForm
              key={pendingEmail ?? ""}
              current={user}
              pendingEmail={pendingEmail}
              actionData={actionData}
              action={formAction}
            />
          ) : null}
          {tab === "business" ? (
            <>
              <BusinessForm current={business} actionData={actionData} action={formAction} />
              <RevenueBandCheck
                disagreement={bandCheck}
                confirming={confirmRevenueBand}
                actionData={revenueBandData}
                action={formAction}
              />
            </>
          ) : null}
          {tab === "account" ? (
            <>
              <AccountForm
                membership={{
                  memberTier: business.memberTier,
                  stripeCustomerId: business.stripeCustomerId,
                  subscriptionStatus: business.subscriptionStatus,
                  trialText: business.trialText,
                }}
                actionData={actionData}
                action={formAction}
              />
              <CompanyDataSection
                connection={companyData}
                businessId={business.id}
                confirming={confirmDisconnect}
                actionData={disconnectData}
                action={formAction}
              />
              {payments ? <PaymentHistory entries={payments} /> : null}
              {dataSection ? <DataSection kind="business" view={dataSection} /> : null}
            </>
          ) : null}
          {tab === "preferences" ? (
            <>
              <PreferencesForm current={business.insightPreferences} actionData={actionData} action={formAction} />
              {emailPreferences ? (
                <EmailPreferencesForm
                  groups={CLIENT_NOTIFICATION_GROUPS}
                  current={emailPreferences}
                  actionData={emailPreferencesData}
                  action={formAction}
                />
              ) : null}
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}
