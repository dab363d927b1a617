import * as z from "zod";
import type { EmployeeBand, RevenueBand } from "~db/enums";
import { NAICS_FORMAT_MESSAGE } from "./naics";
import type { UsStateCode } from "./business-rules";
import {
  CITY_MAX_LENGTH,
  CITY_REQUIRED_MESSAGE,
  CITY_TOO_LONG_MESSAGE,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_REQUIRED_MESSAGE,
  COMPANY_NAME_TOO_LONG_MESSAGE,
  EMPLOYEE_OPTIONS,
  EMPLOYEES_REQUIRED_MESSAGE,
  REVENUE_OPTIONS,
  REVENUE_REQUIRED_MESSAGE,
  ROLE_MAX_LENGTH,
  ROLE_REQUIRED_MESSAGE,
  ROLE_TOO_LONG_MESSAGE,
  STATE_REQUIRED_MESSAGE,
  US_STATES,
} from "./business-rules";

/**
 * Sign-up, step two: business details (spec §2, §5, §9). The server's schema (the /signup-business
 * action and POST /api/client/business/create); the browser checks the same rules with
 * business-rules.ts, where the options and messages live. Whether a
 * well-formed NAICS code is a real 2022 industry needs the data set, so the server checks that
 * (findNaics) and the browser shows the live lookup's answer.
 */

export {
  BUSINESS_EXISTS_MESSAGE,
  CITY_MAX_LENGTH,
  CITY_REQUIRED_MESSAGE,
  CITY_TOO_LONG_MESSAGE,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_REQUIRED_MESSAGE,
  COMPANY_NAME_TOO_LONG_MESSAGE,
  EMPLOYEE_BAND_MEDIANS,
  EMPLOYEE_OPTIONS,
  EMPLOYEES_REQUIRED_MESSAGE,
  headcountForBand,
  REVENUE_OPTIONS,
  REVENUE_REQUIRED_MESSAGE,
  ROLE_MAX_LENGTH,
  ROLE_REQUIRED_MESSAGE,
  ROLE_TOO_LONG_MESSAGE,
  STAFF_CANNOT_CREATE_BUSINESS_MESSAGE,
  STATE_REQUIRED_MESSAGE,
  US_STATES,
} from "./business-rules";
export type { UsStateCode } from "./business-rules";

const US_STATE_CODES = US_STATES.map((state) => state.code) as [UsStateCode, ...UsStateCode[]];

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * A NAICS code arrives as text from the form and as a number from API clients (spec §9 "sent as
 * a number"); both become the six-digit string the businesses table keeps.
 */
export const NaicsCodeSchema = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
  z
    .string({ error: NAICS_FORMAT_MESSAGE })
    .trim()
    .regex(/^[0-9]{6}$/, NAICS_FORMAT_MESSAGE),
);

export const BusinessDetailsSchema = z.object({
  name: text(COMPANY_NAME_REQUIRED_MESSAGE, COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_TOO_LONG_MESSAGE),
  clientRole: text(ROLE_REQUIRED_MESSAGE, ROLE_MAX_LENGTH, ROLE_TOO_LONG_MESSAGE),
  city: text(CITY_REQUIRED_MESSAGE, CITY_MAX_LENGTH, CITY_TOO_LONG_MESSAGE),
  state: z.enum(US_STATE_CODES, { error: STATE_REQUIRED_MESSAGE }),
  naics: NaicsCodeSchema,
  revenue: z.enum(REVENUE_OPTIONS.map((option) => option.value) as [RevenueBand, ...RevenueBand[]], {
    error: REVENUE_REQUIRED_MESSAGE,
  }),
  employeeCount: z.enum(EMPLOYEE_OPTIONS.map((option) => option.value) as [EmployeeBand, ...EmployeeBand[]], {
    error: EMPLOYEES_REQUIRED_MESSAGE,
  }),
});

export type BusinessDetailsInput = z.infer<typeof BusinessDetailsSchema>;
