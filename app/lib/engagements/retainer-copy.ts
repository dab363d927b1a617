/** The words of fractional retainers (docs/decisions/082): the time log and notice. */

export const TIME_ENTRY_NOT_FOUND = "This month or time entry could not be found.";
export const TIME_ENTRY_MONTH_CLOSED =
  "Time can be logged only on a paid month still in progress: this month is not paid yet or was delivered.";
export const TIME_ENTRY_OUTSIDE_MONTH = "Choose a day of this month, no later than today.";
export const TIME_ENTRY_DATE_REQUIRED = "Enter the day you worked.";
export const TIME_ENTRY_HOURS_INVALID = "Enter the hours in quarter hours, from 0.25 to 24.";
export const TIME_ENTRY_DESCRIPTION_REQUIRED = "Say what you did.";
export const TIME_ENTRY_DESCRIPTION_TOO_LONG = "Keep it under 500 characters.";

export const NOTICE_NOT_A_RETAINER = "Notice can be given only on a signed retainer that is still running.";
export const NOTICE_ALREADY_GIVEN = "Notice was already given on this retainer.";
