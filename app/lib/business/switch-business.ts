import { z } from "zod";

/**
 * Switching businesses (docs/decisions/068): a person who belongs to several businesses (an
 * outside accountant) chooses the one the session works in. The form posts to SWITCH_BUSINESS_PATH.
 */
export const SWITCH_BUSINESS_PATH = "/switch-business";

export const SwitchBusinessSchema = z.object({
  businessId: z.string().trim().min(1, "Choose a business.").max(100, "Choose a business."),
});

/** The shell's texts about the current business and the switcher. */
export const SWITCHER_TEXTS = {
  /** The heading over the current business's name (also the region's accessible name). */
  current: "Business",
  /** The select's label. */
  label: "Switch to business",
  /** The submit button. */
  button: "Switch",
  /** One business in the list: its name and the person's role in it. */
  option: (name: string, role: string) => `${name} (${role})`,
} as const;
