/**
 * The times of a proposed call (docs/decisions/074): typed as a date and a start time in the
 * proposer's time zone (the browser's, sent in a hidden field; UTC without JavaScript), stored as
 * UTC instants, and shown to each reader in their own zone, named. Pure: the form's schema, the
 * server and the page read the same rules.
 */
import { formatEventTime, isValidTimeZone, wallTimeToUtc, zoneLabel } from "~/lib/events/event-time";
import { MEETING_MAX_SLOTS } from "./meeting-copy";

/** The zone a form or a page falls back to: without JavaScript the reader's zone is unknown. */
export const DEFAULT_ZONE = "UTC";

/** The zone a form sent, when the runtime knows it; else UTC. */
export function readerZone(zone: string | null | undefined): string {
  const value = (zone ?? "").trim();
  return value && isValidTimeZone(value) ? value : DEFAULT_ZONE;
}

/** One time as typed: the date (YYYY-MM-DD) and the start time (HH:MM, 24-hour as the input sends it). */
export type TypedSlot = { date: string; time: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A typed time read in `zone` as a UTC instant, or null when it is no real date and time (Feb 30,
 * 25:00, a time that daylight saving skips still maps to the instant after it).
 */
export function slotInstant(slot: TypedSlot, zone: string): Date | null {
  if (!DATE.test(slot.date) || !TIME.test(slot.time)) return null;
  const [y, m, d] = slot.date.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return wallTimeToUtc(`${slot.date}T${slot.time}`, readerZone(zone));
}

/** Which typed slots are filled (both parts), half-filled (one part) or empty. */
export function slotState(slot: TypedSlot): "filled" | "partial" | "empty" {
  const date = slot.date.trim();
  const time = slot.time.trim();
  if (date && time) return "filled";
  return date || time ? "partial" : "empty";
}

/**
 * The filled slots as UTC instants, earliest first, at most MEETING_MAX_SLOTS; null when one of
 * them is not a real time or two are the same instant.
 */
export function slotInstants(slots: readonly TypedSlot[], zone: string): Date[] | null {
  const instants: Date[] = [];
  for (const slot of slots.slice(0, MEETING_MAX_SLOTS)) {
    if (slotState(slot) !== "filled") continue;
    const instant = slotInstant({ date: slot.date.trim(), time: slot.time.trim() }, zone);
    if (!instant) return null;
    instants.push(instant);
  }
  instants.sort((a, b) => a.getTime() - b.getTime());
  const distinct = new Set(instants.map((instant) => instant.getTime()));
  return distinct.size === instants.length ? instants : null;
}

/** "Dec 3, 2026, 9:00 AM–9:30 AM New York time (UTC-5)": a call's time in the reader's zone. */
export function formatSlot(startsAt: Date | string, durationMinutes: number, zone: string): string {
  const start = new Date(startsAt);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return formatEventTime(start, end, readerZone(zone));
}

/** "New York time (UTC-5)" or "UTC": the zone the form's times are read in, at `at`. */
export function slotZoneLabel(zone: string, at: Date): string {
  return zoneLabel(readerZone(zone), at);
}

/** A place is an https:// link or a phone number (7 to 15 digits, with + ( ) - . and spaces). */
export function locationKind(value: string): "link" | "phone" | null {
  const text = value.trim();
  if (/^https:\/\/[^\s<>"]+$/i.test(text)) {
    try {
      const url = new URL(text);
      return url.protocol === "https:" && url.hostname.includes(".") ? "link" : null;
    } catch {
      return null;
    }
  }
  if (/^\+?[\d\s().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15 ? "phone" : null;
  }
  return null;
}
