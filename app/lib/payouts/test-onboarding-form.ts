// The local test onboarding's form (/test-onboarding/:accountId): its fields and their rules, shared
// by the page and its action.
import * as z from "zod";
import { TEST_ONBOARDING_ERRORS as ERR } from "./payout-copy";

export const TestOnboardingSchema = z.object({
  firstName: z.string().trim().min(1, ERR.firstName).max(100, ERR.firstName),
  lastName: z.string().trim().min(1, ERR.lastName).max(100, ERR.lastName),
  dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ERR.dob),
  ssnLast4: z.string().regex(/^\d{4}$/, ERR.ssnLast4),
  routingNumber: z.string().regex(/^\d{9}$/, ERR.routingNumber),
  accountNumber: z.string().regex(/^\d{4,17}$/, ERR.accountNumber),
});

export type TestOnboardingFields = z.infer<typeof TestOnboardingSchema>;
export type TestOnboardingErrors = Partial<Record<keyof TestOnboardingFields, string>>;

/** Stripe's test bank details, prefilled like the test checkout's 4242 card. */
export const TEST_ONBOARDING_DEFAULTS: TestOnboardingFields = {
  firstName: "Jenny",
  lastName: "Rosen",
  dob: "1990-01-01",
  ssnLast4: "1234",
  routingNumber: "110000000",
  accountNumber: "000123456789",
};

export function parseTestOnboarding(
  form: Record<string, unknown>,
): { ok: true; value: TestOnboardingFields } | { ok: false; errors: TestOnboardingErrors } {
  const parsed = TestOnboardingSchema.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: TestOnboardingErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof TestOnboardingFields;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
