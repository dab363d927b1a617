import { and, eq } from "drizzle-orm";
import { businesses, type Business, type InsightPreferences } from "~db/schema";
import { headcountForBand } from "~/lib/business/business-schemas";
import {
  BUSINESS_NOT_FOUND_MESSAGE,
  READ_ONLY_FIELDS_MESSAGE,
  type BusinessInfoInput,
  type PersonalInfoInput,
} from "~/lib/business/settings-schemas";
import type { ClientViewer, Viewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { actorOf, auditStatementWhen, changedFields, recordAudit } from "~/server/audit/audit.server";
import { findNaics } from "./naics.server";
import { updateNameAndPhone } from "~/server/identity/accounts.server";
import { requestEmailChange, type EmailChangeRefusal } from "~/server/identity/email-change.server";
import { TRIAL_COPY, trialState } from "~/lib/payments/trial";
import { memberMay } from "./members.server";

/**
 * Settings (spec §2 "/company-profile", §4 Settings, §5 Settings, §7): one function per form.
 * The page action of /company-profile and the PUT routes of /api/client call the same functions,
 * so the two cannot disagree. Inputs arrive parsed by app/lib/business/settings-schemas.ts; this module
 * adds the checks that need the database. Every write is one statement or one db.batch.
 */

export type { ClientViewer } from "~/server/identity/session.server";

export type NotFound = { ok: false; status: 404; msg: string };
const notFound: NotFound = { ok: false, status: 404, msg: BUSINESS_NOT_FOUND_MESSAGE };

/** A payload may name a business; only the caller's own is accepted (absent means the caller's). */
function namesOtherBusiness(viewer: ClientViewer, businessId: string | undefined): boolean {
  return businessId !== undefined && businessId !== viewer.business.id;
}

// ---------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------

/**
 * What the settings page shows: the session's user and business, plus the NAICS title and, on
 * BASIC, where the free trial stands (ADR 050) at `now`.
 */
export function getSettingsView(viewer: ClientViewer, now: Date) {
  const { user, business } = viewer;
  const trial = trialState(business, now);
  return {
    user: { email: user.email, phone: user.phone, firstName: user.firstName, lastName: user.lastName },
    business: {
      id: business.id,
      name: business.name,
      clientRole: business.clientRole,
      city: business.city,
      state: business.state,
      revenueBand: business.revenueBand,
      naics: business.naics,
      naicsTitle: findNaics(business.naics)?.title ?? null,
      employeeBand: business.employeeBand,
      memberTier: business.memberTier,
      stripeCustomerId: business.stripeCustomerId,
      subscriptionStatus: business.subscriptionStatus,
      trialText:
        business.memberTier !== "BASIC" || trial.state === "none"
          ? null
          : trial.state === "active"
            ? TRIAL_COPY.active(trial.tier, trial.endsAt)
            : TRIAL_COPY.ended(trial.tier, trial.endsAt),
      insightPreferences: business.insightPreferences,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Personal — PUT /api/client/updateInfo
// ---------------------------------------------------------------------------------------------

export type UpdatePersonalInfoResult =
  { ok: true; user: Viewer["user"]; pendingEmail: string | null } | EmailChangeRefusal | (NotFound & { field: null });

/**
 * Updates the user's name and phone. A new email is not set here (ADR 050): it needs the current
 * password, and it changes only when the link sent to the new address is opened
 * (requestEmailChange); the answer names the address waiting for it. A refused email change
 * (no or a wrong password, taken, the link not delivered) changes nothing at all.
 */
export async function updatePersonalInfo(
  app: AppContext,
  viewer: Viewer,
  input: PersonalInfoInput,
  origin: string,
): Promise<UpdatePersonalInfoResult> {
  let pendingEmail: string | null = null;
  if (input.email !== viewer.user.email) {
    const requested = await requestEmailChange(app, viewer, { email: input.email, password: input.password }, origin);
    if (!requested.ok) return requested;
    pendingEmail = requested.pendingEmail;
  }
  const user = await updateNameAndPhone(app, viewer.user.id, input);
  if (!user) return { ...notFound, field: null };
  const changed = changedFields(viewer.user, user, ["firstName", "lastName", "phone"]);
  if (Object.keys(changed).length > 0) {
    await recordAudit(app, {
      actor: actorOf(viewer),
      action: "user.personal_updated",
      businessId: viewer.business?.id ?? null,
      subject: { type: "user", id: viewer.user.id },
      detail: changed,
    });
  }
  return { ok: true, user, pendingEmail };
}

// ---------------------------------------------------------------------------------------------
// Business — PUT /api/client/business/updateInfo
// ---------------------------------------------------------------------------------------------

export type UpdateBusinessInfoResult =
  { ok: true; business: Business } | NotFound | { ok: false; status: 400; msg: string };

/**
 * Updates name, role, city, state and employee band. numberOfEmployees changes only with the band
 * (to the new band's median, headcountForBand); saving the same band keeps it.
 * Revenue and NAICS are read-only here (spec §5): a payload may carry them, but only unchanged.
 */
export async function updateBusinessInfo(
  app: AppContext,
  viewer: ClientViewer,
  input: BusinessInfoInput,
): Promise<UpdateBusinessInfoResult> {
  if (namesOtherBusiness(viewer, input.businessId)) return notFound;
  const stored = viewer.business;
  const revenueChanged = input.revenue !== undefined && input.revenue.toLowerCase() !== stored.revenueBand;
  const naicsChanged = input.naics !== undefined && input.naics !== stored.naics;
  if (revenueChanged || naicsChanged) return { ok: false, status: 400, msg: READ_ONLY_FIELDS_MESSAGE };

  const next = {
    name: input.name,
    clientRole: input.role,
    city: input.city,
    state: input.state,
    employeeBand: input.employeeCount,
    numberOfEmployees: headcountForBand(input.employeeCount, stored),
  };
  const owned = and(eq(businesses.id, stored.id), memberMay(viewer.user.id, "changeSettings"));
  const changed = changedFields(stored, next, ["name", "clientRole", "city", "state", "employeeBand"]);
  const update = app.db
    .update(businesses)
    .set({ ...next, updatedAt: app.now() })
    .where(owned)
    .returning();
  // What changed is recorded in the same batch (nothing when the form saved the same values).
  const [[business]] =
    Object.keys(changed).length > 0
      ? await app.db.batch([
          update,
          auditStatementWhen(
            app,
            {
              actor: actorOf(viewer),
              action: "business.info_updated",
              businessId: stored.id,
              subject: { type: "business", id: stored.id },
              detail: changed,
            },
            { from: businesses, where: owned },
          ),
        ])
      : [await update];
  return business ? { ok: true, business } : notFound;
}

// ---------------------------------------------------------------------------------------------
// Preferences — PUT /api/client/business/updateInsightMarketing
// ---------------------------------------------------------------------------------------------

export type UpdateInsightPreferencesResult = { ok: true; business: Business } | NotFound;

/** Saves which areas the business wants insights from, and when it last chose them. */
export async function updateInsightPreferences(
  app: AppContext,
  viewer: ClientViewer,
  input: { businessId?: string; insightPreferences: InsightPreferences },
): Promise<UpdateInsightPreferencesResult> {
  if (namesOtherBusiness(viewer, input.businessId)) return notFound;
  const now = app.now();
  const p = input.insightPreferences;
  // Rebuilt key by key, so nothing but the nine areas is ever stored.
  const insightPreferences: InsightPreferences = {
    finance: p.finance,
    hr: p.hr,
    leadership: p.leadership,
    management: p.management,
    marketing: p.marketing,
    operations: p.operations,
    sales: p.sales,
    strategy: p.strategy,
    technology: p.technology,
  };
  const [business] = await app.db
    .update(businesses)
    .set({ insightPreferences, insightPreferencesSavedAt: now, updatedAt: now })
    .where(and(eq(businesses.id, viewer.business.id), memberMay(viewer.user.id, "changeSettings")))
    .returning()
    .all();
  return business ? { ok: true, business } : notFound;
}
