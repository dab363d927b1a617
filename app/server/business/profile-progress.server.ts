// Profile completion for /profile-progress (spec §2): five equally weighted steps computed from
// the business's real data, never a fixed figure.
import { eq } from "drizzle-orm";
import { accountingConnections, businesses, users } from "~db/schema";
import type { AppContext } from "~/server/load-context";

export const PROFILE_STEPS = [
  { key: "personal", label: "Personal info" },
  { key: "business", label: "Business Details" },
  { key: "companyData", label: "Company Data" },
  { key: "plan", label: "Plan" },
  { key: "preferences", label: "Insight preferences" },
] as const;
export type ProfileStepKey = (typeof PROFILE_STEPS)[number]["key"];

export type ProfileProgressInput = {
  user: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  business: { planChosenAt: Date | null; insightPreferencesSavedAt: Date | null } | null;
  /** Status of the business's accounting connection, or null when there is none. */
  accountingStatus: string | null;
};

export type ProfileProgress = {
  steps: { key: ProfileStepKey; label: string; done: boolean }[];
  completed: number;
  /** 0, 20, 40, 60, 80 or 100. */
  percent: number;
  accountingConnected: boolean;
};

const present = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/** Pure: which steps are done and the rounded completion percentage. */
export function computeProfileProgress(input: ProfileProgressInput): ProfileProgress {
  const { user, business } = input;
  const accountingConnected = business !== null && input.accountingStatus === "connected";
  const done: Record<ProfileStepKey, boolean> = {
    personal: present(user.firstName) && present(user.lastName) && present(user.email) && present(user.phone),
    business: business !== null,
    companyData: accountingConnected,
    plan: business?.planChosenAt != null,
    preferences: business?.insightPreferencesSavedAt != null,
  };
  const steps = PROFILE_STEPS.map((step) => ({ key: step.key, label: step.label, done: done[step.key] }));
  const completed = steps.filter((step) => step.done).length;
  return { steps, completed, percent: Math.round((completed / steps.length) * 100), accountingConnected };
}

/**
 * Loads the user, the business they work in (the viewer's, docs/decisions/066) and its accounting
 * connection in one query; null if no user.
 */
export async function loadProfileProgress(
  app: AppContext,
  userId: string,
  businessId: string,
): Promise<ProfileProgress | null> {
  const row = await app.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      businessId: businesses.id,
      planChosenAt: businesses.planChosenAt,
      insightPreferencesSavedAt: businesses.insightPreferencesSavedAt,
      accountingStatus: accountingConnections.status,
    })
    .from(users)
    .leftJoin(businesses, eq(businesses.id, businessId))
    .leftJoin(accountingConnections, eq(accountingConnections.businessId, businesses.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  return computeProfileProgress({
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone },
    business:
      row.businessId === null
        ? null
        : { planChosenAt: row.planChosenAt, insightPreferencesSavedAt: row.insightPreferencesSavedAt },
    accountingStatus: row.accountingStatus,
  });
}

/** Where the sign-up flow goes after a plan is chosen (ADR 050). */
export const PROFILE_PROGRESS_PATH = "/profile-progress";

/**
 * Where a business goes once it has chosen a plan (Basic, the free trial, or a paid plan's
 * checkout returning): the "Almost there!" page while its profile is incomplete, else the
 * dashboard. One query (loadProfileProgress).
 */
export async function pathAfterPlanChoice(app: AppContext, userId: string, businessId: string): Promise<string> {
  const progress = await loadProfileProgress(app, userId, businessId);
  return progress && progress.completed < progress.steps.length ? PROFILE_PROGRESS_PATH : "/dashboard";
}
