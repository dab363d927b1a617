/** Who may register for an event: shared by the page (what to show) and the server (what to allow). */
import { plansText, thePlans } from "~/lib/shared/format";
import { EVENT_COPY } from "./event-copy";

export type RegistrationBlock = "cancelled" | "started" | "plan" | "full" | null;

/** Why a business cannot register (null: it can). A registered business is never "full". */
export function registrationBlock(input: {
  cancelledAt: Date | string | null;
  startsAt: Date | string;
  now: Date;
  allowedTiers: readonly string[];
  tier: string;
  capacity: number;
  registrations: number;
}): RegistrationBlock {
  if (input.cancelledAt) return "cancelled";
  if (new Date(input.startsAt).getTime() <= input.now.getTime()) return "started";
  if (!input.allowedTiers.includes(input.tier)) return "plan";
  if (input.registrations >= input.capacity) return "full";
  return null;
}

/** "BASIC, STARTER and SCALE" for the plans that may join (one wording with the Learning Center). */
export { plansText };

/** The message a blocked registration answers with. */
export function blockMessage(block: Exclude<RegistrationBlock, null>, tiers: readonly string[]): string {
  switch (block) {
    case "cancelled":
      return EVENT_COPY.eventNotFound;
    case "started":
      return EVENT_COPY.eventOver;
    case "plan":
      return EVENT_COPY.planMessage(thePlans(tiers));
    case "full":
      return EVENT_COPY.fullMessage;
  }
}

/** The seats left (never below 0). */
export function seatsLeft(capacity: number, registrations: number): number {
  return Math.max(0, capacity - registrations);
}
