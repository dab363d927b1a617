import * as z from "zod";
import { EVENT_KINDS, MEMBER_TIERS } from "~db/enums";
import { EVENT_FIELD_ERRORS } from "~/lib/events/event-copy";
import { isValidTimeZone, wallTimeToUtc } from "~/lib/events/event-time";
import { fieldIssues, type FieldIssues } from "~/lib/shared/field-issues";

/** The manager's create / edit form. Times are wall-clock times in `timeZone`. */
export const EventFormSchema = z
  .object({
    title: z.string().trim().min(1, EVENT_FIELD_ERRORS.title).max(120, EVENT_FIELD_ERRORS.title),
    description: z.string().trim().max(2000, EVENT_FIELD_ERRORS.description).default(""),
    kind: z.enum(EVENT_KINDS, { message: EVENT_FIELD_ERRORS.kind }),
    timeZone: z.string().trim().refine(isValidTimeZone, EVENT_FIELD_ERRORS.timeZone),
    startsAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, EVENT_FIELD_ERRORS.startsAt),
    endsAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, EVENT_FIELD_ERRORS.endsAt),
    capacity: z.coerce
      .number({ message: EVENT_FIELD_ERRORS.capacity })
      .int(EVENT_FIELD_ERRORS.capacity)
      .min(1, EVENT_FIELD_ERRORS.capacity)
      .max(10000, EVENT_FIELD_ERRORS.capacity),
    joinUrl: z
      .string()
      .trim()
      .max(500, EVENT_FIELD_ERRORS.joinUrl)
      .refine((value) => /^https:\/\/[^\s]+$/.test(value) && URL.canParse(value), EVENT_FIELD_ERRORS.joinUrl),
    allowedTiers: z.array(z.enum(MEMBER_TIERS)).min(1, EVENT_FIELD_ERRORS.allowedTiers),
  })
  .transform((value, ctx) => {
    const startsAt = wallTimeToUtc(value.startsAt, value.timeZone);
    const endsAt = wallTimeToUtc(value.endsAt, value.timeZone);
    if (!startsAt) ctx.addIssue({ code: "custom", path: ["startsAt"], message: EVENT_FIELD_ERRORS.startsAt });
    if (!endsAt || (startsAt && endsAt <= startsAt)) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: EVENT_FIELD_ERRORS.endsAt });
    }
    if (!startsAt || !endsAt) return z.NEVER;
    return { ...value, startsAt, endsAt, allowedTiers: [...new Set(value.allowedTiers)] };
  });

export type EventInput = z.infer<typeof EventFormSchema>;

/** The form's fields as Zod reads them (the plan checkboxes are repeated `allowedTiers` fields). */
export function eventFormFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(form);
  fields.allowedTiers = form.getAll("allowedTiers");
  return fields;
}

/** The console form's problems as the browser finds them before posting: the server's own schema and messages. */
export function checkEventForm(form: FormData): FieldIssues {
  const parsed = EventFormSchema.safeParse(eventFormFields(form));
  return parsed.success ? {} : fieldIssues(parsed.error);
}
