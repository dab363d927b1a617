import { z } from "zod";
import type { EmployeeBand, RevenueBand } from "~db/enums";
import { NAICS_FORMAT_MESSAGE } from "./naics";

/**
 * Sign-up, step two: business details (spec §2, §5, §9). One schema for the browser (Conform)
 * and the server (the /signup-business action and POST /api/client/business/create). Whether a
 * well-formed NAICS code is a real 2022 industry needs the data set, so the server checks that
 * (findNaics) and the browser shows the live lookup's answer.
 */

export const COMPANY_NAME_REQUIRED_MESSAGE = "Enter your company name.";
export const COMPANY_NAME_TOO_LONG_MESSAGE = "Company name must be 120 characters or fewer.";
export const ROLE_REQUIRED_MESSAGE = "Enter your role.";
export const ROLE_TOO_LONG_MESSAGE = "Role must be 80 characters or fewer.";
export const CITY_REQUIRED_MESSAGE = "Enter your city.";
export const CITY_TOO_LONG_MESSAGE = "City must be 80 characters or fewer.";
export const STATE_REQUIRED_MESSAGE = "Select your state.";
export const REVENUE_REQUIRED_MESSAGE = "Please select your revenue";
export const EMPLOYEES_REQUIRED_MESSAGE = "Please select the number of employees";
export const BUSINESS_EXISTS_MESSAGE = "Your business is already set up.";
export const STAFF_CANNOT_CREATE_BUSINESS_MESSAGE = "Only business accounts can set up a business.";

export const COMPANY_NAME_MAX_LENGTH = 120;
export const ROLE_MAX_LENGTH = 80;
export const CITY_MAX_LENGTH = 80;

/** The revenue bands of spec §9 (stored values) with the labels the form shows. */
export const REVENUE_OPTIONS = [
  { value: "< 5 million", label: "< 5 Million" },
  { value: "5-10 million", label: "5-10 Million" },
  { value: "10-15 million", label: "10-15 Million" },
  { value: "15-20 million", label: "15-20 Million" },
  { value: "> 20 million", label: "> 20 Million" },
] as const satisfies readonly { value: RevenueBand; label: string }[];

export const EMPLOYEE_OPTIONS = [
  { value: "0-25", label: "0-25" },
  { value: "25-50", label: "25-50" },
  { value: "50-100", label: "50-100" },
  { value: "100-150", label: "100-150" },
  { value: "150+", label: "150+" },
] as const satisfies readonly { value: EmployeeBand; label: string }[];

/**
 * businesses.number_of_employees: the band's median, used as the revenue-per-employee divisor
 * (spec §9: "the median number of employees reported at sign-up"). A band's median is the middle
 * of its range, rounded up (0-25 → 13, 25-50 → 38); the open-ended "150+" counts as its floor,
 * 150, so the figure never overstates headcount.
 */
export const EMPLOYEE_BAND_MEDIANS: Record<EmployeeBand, number> = {
  "0-25": 13,
  "25-50": 38,
  "50-100": 75,
  "100-150": 125,
  "150+": 150,
};

/**
 * The headcount to store when a business saves its employee band. The settings form and the API
 * carry only the band, so a save with the band unchanged keeps the stored number (which may be an
 * exact count, not a median): re-deriving it would move the revenue-per-employee divisor on a save
 * that changed nothing. A different band means a new answer, and its median.
 */
export function headcountForBand(
  band: EmployeeBand,
  stored: { employeeBand: string; numberOfEmployees: number },
): number {
  return band === stored.employeeBand && stored.numberOfEmployees > 0
    ? stored.numberOfEmployees
    : EMPLOYEE_BAND_MEDIANS[band];
}

/** The 50 states and the District of Columbia, by USPS code. */
export const US_STATES = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
] as const;

export type UsStateCode = (typeof US_STATES)[number]["code"];

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
