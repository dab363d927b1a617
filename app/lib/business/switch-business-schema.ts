import * as z from "zod";

/** The switcher's post (POST /switch-business, docs/decisions/068). */
export const SwitchBusinessSchema = z.object({
  businessId: z.string().trim().min(1, "Choose a business.").max(100, "Choose a business."),
});
