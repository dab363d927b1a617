/**
 * Event times: the manager types a wall-clock time in the event's IANA zone; we store the UTC
 * instant. Readers see it in the event's zone with the one date format (formatDate) and the one
 * 12-hour clock (formatClock, ADR 052), computed
 * from the zone name, so the server's HTML and the browser's hydration always agree.
 */
import { formatClock, formatDate } from "~/lib/shared/dates";

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (it was
 * 0.8 ms of every dashboard request, ADR 042), and a formatter holds nothing but its options.
 */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    zoneFormatters.set(zone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  if (zoneFormatters.has(zone)) return true;
  try {
    zoneFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offsets already worked out, by zone and second: the same few events are shown on every
 * dashboard, and formatToParts is the costly part of showing one (ADR 042). An offset is a fact
 * about the zone and the instant only; the map is emptied when it reaches OFFSET_CACHE_LIMIT.
 */
const zoneOffsets = new Map<string, number>();
const OFFSET_CACHE_LIMIT = 2000;

/** The zone's offset from UTC in minutes at the given instant (e.g. -240 for New York in summer). */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const second = Math.floor(at.getTime() / 1000);
  const key = `${zone} ${second}`;
  const known = zoneOffsets.get(key);
  if (known !== undefined) return known;
  const parts = zoneFormatter(zone).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  const offset = Math.round((asUtc - second * 1000) / 60000);
  if (zoneOffsets.size >= OFFSET_CACHE_LIMIT) zoneOffsets.clear();
  zoneOffsets.set(key, offset);
  return offset;
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

/** "UTC", or the zone's city and its offset then: "New York time (UTC-5)", "Kolkata time (UTC+5:30)". */
export function zoneLabel(zone: string, at: Date): string {
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  const offset = zoneOffsetMinutes(zone, at);
  const sign = offset < 0 ? "-" : "+";
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const city = (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");
  return `${city} time (UTC${sign}${hours}${minutes ? `:${pad(minutes)}` : ""})`;
}

/**
 * "Nov 3, 2026, 9:00 AM–10:30 AM New York time (UTC-5)": the range as wall-clock time in the event's
 * zone (UTC by default), with the end's date when it ends on another day. Computed from the zone
 * name and the instant only, so the server's HTML and the browser's hydration agree.
 */
export function formatEventTime(startsAt: Date | string, endsAt: Date | string, zone = "UTC"): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const [startDay, startWall] = utcToWallTime(start, zone).split("T") as [string, string];
  const [endDay, endWall] = utcToWallTime(end, zone).split("T") as [string, string];
  const clock = (wall: string) => formatClock(Number(wall.slice(0, 2)), Number(wall.slice(3, 5)));
  const startTime = clock(startWall);
  const endTime = clock(endWall);
  const label = zoneLabel(zone, start);
  return startDay === endDay
    ? `${formatDate(startDay)}, ${startTime}–${endTime} ${label}`
    : `${formatDate(startDay)}, ${startTime} – ${formatDate(endDay)}, ${endTime} ${label}`;
}
