/**
 * Switching businesses (docs/decisions/068): a person who belongs to several businesses (an
 * outside accountant) chooses the one the session works in. The form posts to SWITCH_BUSINESS_PATH.
 * No zod here: the shell of every client page imports these texts (the schema is in
 * switch-business-schema.ts, read by the route only), so the layout does not load zod.
 */
export const SWITCH_BUSINESS_PATH = "/switch-business";

/** Where a client without a business of their own sets one up (spec §2's sign-up step 2). */
export const SIGNUP_BUSINESS_PATH = "/signup-business";

/** The shell's texts about the current business and the switcher. */
export const SWITCHER_TEXTS = {
  /** The heading over the current business's name (also the region's accessible name). */
  current: "Business",
  /** The select's label. */
  label: "Switch to business",
  /** The submit button. */
  button: "Switch",
  /** For a member of other businesses who owns none: the link to setting up their own (/signup-business). */
  createOwn: "Set up your own business",
  /** On that page: the way back to the business they work in. */
  backTo: (name: string) => `Back to ${name}`,
  /** One business in the list: its name and the person's role in it. */
  option: (name: string, role: string) => `${name} (${role})`,
} as const;
