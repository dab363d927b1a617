import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import type { BusinessArea, BusinessMemberRole, MemberTier } from "~db/enums";
import { can } from "~/lib/business/permissions";
import {
  CITY_MAX_LENGTH,
  CITY_REQUIRED_MESSAGE,
  CITY_TOO_LONG_MESSAGE,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_REQUIRED_MESSAGE,
  COMPANY_NAME_TOO_LONG_MESSAGE,
  EMPLOYEE_OPTIONS,
  EMPLOYEES_REQUIRED_MESSAGE,
  ROLE_MAX_LENGTH,
  ROLE_REQUIRED_MESSAGE,
  ROLE_TOO_LONG_MESSAGE,
  US_STATES,
  type UsStateCode,
} from "./business-schemas";
import { NEW_PASSWORDS_DO_NOT_MATCH, PASSWORD_MAX_LENGTH, PasswordSchema } from "~/lib/identity/password-rules";
import {
  EmailSchema,
  FIRST_NAME_REQUIRED_MESSAGE,
  FIRST_NAME_TOO_LONG_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_TOO_LONG_MESSAGE,
  NAME_MAX_LENGTH,
  PhoneSchema,
} from "~/lib/identity/signup-schemas";

export { EMAIL_TAKEN_MESSAGE } from "~/lib/identity/signup-schemas";
export { EMPLOYEE_OPTIONS, EMPLOYEES_REQUIRED_MESSAGE } from "./business-schemas";

/**
 * Settings (`/company-profile`, spec §2, §4, §5, §8): one Zod schema per form, shared by the
 * browser (Conform) and the server (page action and the JSON API of spec §7).
 * Only types come from db/schema: this module is bundled for the browser, the table code is not.
 */

// ---------------------------------------------------------------------------------------------
// Texts (spec §4, §8)
// ---------------------------------------------------------------------------------------------

export const INFO_UPDATED_MESSAGE = "Your information was updated!";
export const INFO_UPDATE_FAILED_MESSAGE = "Unable to update your info";
export const PREFERENCES_UPDATED_MESSAGE = "Your preferences have been updated!";
export const PREFERENCES_UPDATE_FAILED_MESSAGE = "Unable to save your preferences at this time";
export const PASSWORD_UPDATED_MESSAGE = "Your password was updated! You have been signed out everywhere else.";
export const WRONG_OLD_PASSWORD_MESSAGE = "You did not enter your old password in correctly.";
export const FIX_ERRORS_MESSAGE = "Please fix the errors and try again.";
export const LOCATION_FORMAT_MESSAGE = "Enter your location as City, State.";
export const STATE_UNKNOWN_MESSAGE = "Enter a US state after the comma, e.g. Portland, ME.";
export const BUSINESS_NOT_FOUND_MESSAGE = "Business not found.";
export const READ_ONLY_FIELDS_MESSAGE = "Revenue and NAICS cannot be changed here.";
export const PREFERENCES_INTRO = "Select the industries that you would like insights from.";
/** The Preferences tab as a role that may not change the settings reads it (docs/decisions/071). */
export const PREFERENCES_READ_HEADING = "The industries this business would like insights from";
export const NO_INSIGHT_PREFERENCES = "No industries chosen yet.";

// ---------------------------------------------------------------------------------------------
// Tabs and options
// ---------------------------------------------------------------------------------------------

export const SETTINGS_TABS = [
  { id: "personal", label: "Personal" },
  { id: "business", label: "Business" },
  { id: "account", label: "Account" },
  { id: "preferences", label: "Preferences" },
  // The business's members and invitations (issue #38 item 1, docs/decisions/067).
  { id: "team", label: "Team" },
  // The business's audit trail (issue #38 item 2): who did what, when and from where.
  { id: "activity", label: "Activity" },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];

/** The tabs a member with `role` sees: the Activity tab only for those who may read it. */
export function settingsTabsFor(role: BusinessMemberRole): readonly SettingsTabInfo[] {
  return SETTINGS_TABS.filter((tab) => tab.id !== "activity" || can(role, "readActivity"));
}
export type SettingsTabInfo = (typeof SETTINGS_TABS)[number];

/** The tab named by `?tab=` among `tabs`; Personal is the default (spec §2). */
export function settingsTabFrom(
  value: string | null | undefined,
  tabs: readonly SettingsTabInfo[] = SETTINGS_TABS,
): SettingsTab {
  return tabs.find((tab) => tab.id === value)?.id ?? "personal";
}

export { INSIGHT_AREA_KEYS, INSIGHT_AREAS } from "./insight-areas";

/** Membership Type as the Account tab shows it: STANDARD is sold as Starter, PREMIUM as Scale. */
export function membershipLabel(tier: MemberTier | string | null | undefined): string {
  switch (tier) {
    case "STANDARD":
      return "Starter";
    case "PREMIUM":
      return "Scale";
    default:
      return "Basic";
  }
}

/**
 * The Business tab's one location field: split at the first comma into city and state, both
 * trimmed (spec §5). Null when there is no comma or either side is empty.
 */
export function splitLocation(value: string): { city: string; state: string } | null {
  const comma = value.indexOf(",");
  if (comma < 0) return null;
  const city = value.slice(0, comma).trim();
  const state = value.slice(comma + 1).trim();
  if (!city || !state) return null;
  return { city, state };
}

/** A US state typed as its USPS code or its name, in any case ("me", "Maine") → "ME"; else null. */
export function normalizeState(value: string): UsStateCode | null {
  const wanted = value.trim().replace(/\.$/, "").toLowerCase();
  const found = US_STATES.find((state) => state.code.toLowerCase() === wanted || state.name.toLowerCase() === wanted);
  return found ? found.code : null;
}

/** The location field's value for a stored city and state. */
export function joinLocation(city: string, state: string): string {
  return [city, state].filter((part) => part.trim() !== "").join(", ");
}

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const FirstNameSchema = requiredText(FIRST_NAME_REQUIRED_MESSAGE, NAME_MAX_LENGTH, FIRST_NAME_TOO_LONG_MESSAGE);
const LastNameSchema = requiredText(LAST_NAME_REQUIRED_MESSAGE, NAME_MAX_LENGTH, LAST_NAME_TOO_LONG_MESSAGE);

// ---------------------------------------------------------------------------------------------
// Personal — PUT /api/client/updateInfo {firstName, lastName, phone, email}
// ---------------------------------------------------------------------------------------------

export const PersonalInfoSchema = z.object({
  email: EmailSchema,
  phone: PhoneSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  /** The current password: needed only when the email changes (ADR 050). */
  password: z.string().max(256, "Password is too long.").optional(),
});
export type PersonalInfoInput = z.infer<typeof PersonalInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Business — the form has one 'City, State' field; the API has city and state
// ---------------------------------------------------------------------------------------------

const BusinessNameSchema = requiredText(
  COMPANY_NAME_REQUIRED_MESSAGE,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_TOO_LONG_MESSAGE,
);
const RoleSchema = requiredText(ROLE_REQUIRED_MESSAGE, ROLE_MAX_LENGTH, ROLE_TOO_LONG_MESSAGE);
const EMPLOYEE_BANDS = EMPLOYEE_OPTIONS.map((option) => option.value) as [
  (typeof EMPLOYEE_OPTIONS)[number]["value"],
  ...(typeof EMPLOYEE_OPTIONS)[number]["value"][],
];
const EmployeeCountSchema = z.enum(EMPLOYEE_BANDS, { error: EMPLOYEES_REQUIRED_MESSAGE });
const CitySchema = requiredText(CITY_REQUIRED_MESSAGE, CITY_MAX_LENGTH, CITY_TOO_LONG_MESSAGE);

export const BusinessInfoFormSchema = z.object({
  name: BusinessNameSchema,
  role: RoleSchema,
  location: z
    .string({ error: LOCATION_FORMAT_MESSAGE })
    .trim()
    .superRefine((value, ctx) => {
      const location = splitLocation(value);
      if (!location) ctx.addIssue({ code: "custom", message: LOCATION_FORMAT_MESSAGE });
      else if (location.city.length > CITY_MAX_LENGTH) ctx.addIssue({ code: "custom", message: CITY_TOO_LONG_MESSAGE });
      else if (!normalizeState(location.state)) ctx.addIssue({ code: "custom", message: STATE_UNKNOWN_MESSAGE });
    }),
  employeeCount: EmployeeCountSchema,
});
export type BusinessInfoFormInput = z.infer<typeof BusinessInfoFormSchema>;

/** The API payload. Revenue and NAICS may be sent, but only with their stored values. */
export const BusinessInfoApiSchema = z.object({
  businessId: z.string({ error: "businessId must be a string." }).trim().max(100).optional(),
  name: BusinessNameSchema,
  role: RoleSchema,
  city: CitySchema,
  state: z.string({ error: STATE_UNKNOWN_MESSAGE }).transform((value, ctx) => {
    const code = normalizeState(value);
    if (!code) {
      ctx.addIssue({ code: "custom", message: STATE_UNKNOWN_MESSAGE });
      return z.NEVER;
    }
    return code;
  }),
  employeeCount: EmployeeCountSchema,
  revenue: z.string({ error: "revenue must be a string." }).trim().max(100).optional(),
  naics: z
    .union([z.number(), z.string().trim().max(20)], { error: "naics must be a number." })
    .optional()
    .transform((value) => (value === undefined ? undefined : String(value).trim())),
});
export type BusinessInfoApiInput = z.infer<typeof BusinessInfoApiSchema>;

/** What the domain function takes, from either the form or the API. */
export type BusinessInfoInput = {
  businessId?: string;
  name: string;
  role: string;
  city: string;
  state: UsStateCode;
  employeeCount: (typeof EMPLOYEE_BANDS)[number];
  revenue?: string;
  naics?: string;
};

export function businessInfoFromForm(input: BusinessInfoFormInput): BusinessInfoInput {
  const location = splitLocation(input.location);
  const state = location ? normalizeState(location.state) : null;
  // The schema refused anything else, so neither can be null here.
  if (!location || !state) throw new Error("location was not validated");
  return { name: input.name, role: input.role, city: location.city, state, employeeCount: input.employeeCount };
}

// ---------------------------------------------------------------------------------------------
// Account — PUT /api/client/auth/updatePassword {password, newPassword, confirmNewPassword}
// ---------------------------------------------------------------------------------------------

/**
 * A missing value (Conform reads an empty input as undefined) is checked as "", so it fails the
 * field's own rule instead of aborting the parse: the form-level check below still runs then.
 */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? "", schema);

export const PasswordChangeSchema = z
  .object({
    password: orEmpty(
      z
        .string({ error: "Enter your current password." })
        .min(1, "Enter your current password.")
        .max(256, "Password is too long."),
    ),
    newPassword: orEmpty(PasswordSchema),
    // Optional so that an empty confirmation gets one message, the mismatch below.
    confirmNewPassword: z
      .string({ error: NEW_PASSWORDS_DO_NOT_MATCH })
      .max(PASSWORD_MAX_LENGTH, NEW_PASSWORDS_DO_NOT_MATCH)
      .optional(),
  })
  .refine((value) => value.newPassword === value.confirmNewPassword, {
    message: NEW_PASSWORDS_DO_NOT_MATCH,
    path: ["confirmNewPassword"],
    // Compare whenever the new password is present, even while it breaks the rules or another
    // field has an error, so the mismatch shows on the confirmation's first blur.
    when(payload) {
      const value = payload.value as { newPassword?: unknown } | undefined;
      return typeof value?.newPassword === "string" && value.newPassword !== "";
    },
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

/**
 * The Account form: the same rules, plus a form-level 'Please fix the errors and try again.'
 * whenever a field has an error. Conform shows form-level errors only after a submit, so blur
 * checks show just the field's own message (spec §5).
 */
export const PasswordChangeFormSchema = PasswordChangeSchema.check((ctx) => {
  if (ctx.issues.length > 0) {
    ctx.issues.push({ code: "custom", path: [], message: FIX_ERRORS_MESSAGE, input: ctx.value });
  }
});

/**
 * Parses the Account form in the browser and in the action alike. Conform's automatic coercion
 * would turn an empty input into undefined, which aborts the parse before the form-level check;
 * every field here is text, so the raw strings are parsed as they are.
 */
export function parsePasswordChangeForm(formData: FormData) {
  return parseWithZod(formData, { schema: PasswordChangeFormSchema, disableAutoCoercion: true });
}

// ---------------------------------------------------------------------------------------------
// Preferences — PUT /api/client/business/updateInsightMarketing
// ---------------------------------------------------------------------------------------------

type Preferences = Record<BusinessArea, boolean>;

const checkbox = z.boolean().optional().default(false);

/** Checkboxes: a ticked box posts "on" (Conform turns it into true), an unticked one nothing. */
export const InsightPreferencesFormSchema = z.object({
  finance: checkbox,
  hr: checkbox,
  leadership: checkbox,
  management: checkbox,
  marketing: checkbox,
  operations: checkbox,
  sales: checkbox,
  strategy: checkbox,
  technology: checkbox,
}) satisfies z.ZodType<Preferences>;

const flag = (area: string) => z.boolean({ error: `insightPreferences.${area} must be true or false.` });

export const InsightPreferencesApiSchema = z.object({
  businessId: z.string({ error: "businessId must be a string." }).trim().max(100).optional(),
  insightPreferences: z.object(
    {
      finance: flag("finance"),
      hr: flag("hr"),
      leadership: flag("leadership"),
      management: flag("management"),
      marketing: flag("marketing"),
      operations: flag("operations"),
      sales: flag("sales"),
      strategy: flag("strategy"),
      technology: flag("technology"),
    },
    { error: "insightPreferences must be an object with a true or false value for each area." },
  ),
});
export type InsightPreferencesApiInput = z.infer<typeof InsightPreferencesApiSchema>;
