// The business-details form's options, messages and limits, in a module without Zod so the sign-up
// page can show them without loading Zod (docs/decisions/041-javascript-weight.md). The form is
// checked with BusinessDetailsSchema (business-schemas.ts), built from these and re-exporting them,
// in the browser (fetched on first focus, ADR 062) and in the action.
import { REVENUE_BANDS, type EmployeeBand, type RevenueBand } from "~db/enums";
import { revenueBandLabel } from "~/lib/shared/format";

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

/** The revenue bands of spec §9 (stored values) with the labels the form shows ("5-10 Million", ADR 052). */
export const REVENUE_OPTIONS: readonly { value: RevenueBand; label: string }[] = REVENUE_BANDS.map((value) => ({
  value,
  label: revenueBandLabel(value),
}));

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
