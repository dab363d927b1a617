/**
 * Event times: the manager types a wall-clock time in the event's IANA zone; we store the UTC
 * instant. Formatting for readers uses the one date format (formatDate) plus the UTC time, so the
 * server's HTML and the browser's hydration always agree.
 */
import { formatDate } from "~/lib/shared/dates";

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC in minutes at the given instant (e.g. -240 for New York in summer). */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** "2026-11-03T14:00" read as wall-clock time in `zone` → the UTC instant; null when malformed. */
export function wallTimeToUtc(local: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match || !isValidTimeZone(zone)) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(guess)) return null;
  // Two passes settle the offset around a daylight-saving change.
  let instant = guess - zoneOffsetMinutes(zone, new Date(guess)) * 60000;
  instant = guess - zoneOffsetMinutes(zone, new Date(instant)) * 60000;
  return new Date(instant);
}

/** The UTC instant as wall-clock "YYYY-MM-DDTHH:mm" in `zone` (the edit form's value). */
export function utcToWallTime(at: Date, zone: string): string {
  const local = new Date(at.getTime() + zoneOffsetMinutes(zone, at) * 60000);
  return local.toISOString().slice(0, 16);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "Nov 3, 2026, 14:00–15:30 UTC" (or with the end's date when it ends on another day). */
export function formatEventTime(startsAt: Date | string, endsAt: Date | string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const sameDay = formatDate(start) === formatDate(end);
  return sameDay
    ? `${formatDate(start)}, ${time(start)}–${time(end)} UTC`
    : `${formatDate(start)}, ${time(start)} – ${formatDate(end)}, ${time(end)} UTC`;
}
