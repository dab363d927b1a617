import { afterEach, describe, expect, it } from "vitest";
import { formatClock, formatDate, formatDateTime, isoDateTime, MONTH_ABBREVIATIONS } from "~/lib/shared/dates";
import { monthYearLabel } from "~/lib/finance/finance";

const ORIGINAL_TZ = process.env.TZ;

/** Node reads TZ again whenever it is assigned, so Date's local-time methods follow it. */
function inTimeZone<T>(zone: string, fn: () => T): T {
  process.env.TZ = zone;
  try {
    return fn();
  } finally {
    process.env.TZ = ORIGINAL_TZ;
  }
}

afterEach(() => {
  process.env.TZ = ORIGINAL_TZ;
});

describe("formatDate, the one date format", () => {
  it('writes "Nov 3, 2026": month abbreviation, day without a leading zero, year', () => {
    expect(formatDate("2026-11-03T12:00:00.000Z")).toBe("Nov 3, 2026");
    expect(formatDate(new Date(Date.UTC(2026, 2, 11)))).toBe("Mar 11, 2026");
    expect(formatDate(Date.UTC(2026, 8, 30))).toBe("Sept 30, 2026");
    expect(formatDate("2026-06-01T00:00:00Z")).toBe("June 1, 2026");
  });

  it("uses the month names of the chart labels and month spans", () => {
    for (let month = 0; month < 12; month += 1) {
      const key = `2026-${String(month + 1).padStart(2, "0")}`;
      expect(formatDate(`${key}-15T00:00:00Z`)).toBe(`${MONTH_ABBREVIATIONS[month]} 15, 2026`);
      expect(monthYearLabel(key)).toBe(`${MONTH_ABBREVIATIONS[month]} 2026`);
    }
  });

  it("shows the UTC calendar day whatever the machine's time zone (server render = hydration)", () => {
    const lateUtc = "2026-11-03T23:30:00.000Z";
    const earlyUtc = "2026-11-03T00:30:00.000Z";
    const zones = [
      "UTC",
      "America/Los_Angeles",
      "America/New_York",
      "Europe/Berlin",
      "Asia/Tokyo",
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
    ];
    for (const zone of zones) {
      inTimeZone(zone, () => {
        // The local day differs from the UTC day in most of these zones; the text must not.
        expect(formatDate(lateUtc)).toBe("Nov 3, 2026");
        expect(formatDate(earlyUtc)).toBe("Nov 3, 2026");
        expect(formatDateTime(lateUtc)).toBe("Nov 3, 2026, 11:30 PM UTC");
      });
    }
    // The zones really do move the local day, so the test above can fail.
    expect(inTimeZone("Pacific/Kiritimati", () => new Date(lateUtc).getDate())).toBe(4);
    expect(inTimeZone("America/Los_Angeles", () => new Date(earlyUtc).getDate())).toBe(2);
  });

  it("never writes the ambiguous numeric forms", () => {
    const text = formatDate("2026-03-11T10:00:00Z");
    expect(text).toBe("Mar 11, 2026");
    expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
  });

  it("gives an empty text for something that is not a date", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(isoDateTime("nope")).toBe("");
    expect(isoDateTime(Date.UTC(2026, 10, 3, 9, 5))).toBe("2026-11-03T09:05:00.000Z");
  });

  it("writes times on the 12-hour clock with two-digit minutes, in UTC", () => {
    expect(formatDateTime("2026-01-02T04:05:59.999Z")).toBe("Jan 2, 2026, 4:05 AM UTC");
    expect(formatDateTime("2026-01-02T00:00:00Z")).toBe("Jan 2, 2026, 12:00 AM UTC");
    expect(formatDateTime("2026-01-02T12:30:00Z")).toBe("Jan 2, 2026, 12:30 PM UTC");
    expect(formatDateTime("2026-01-02T14:05:00Z")).toBe("Jan 2, 2026, 2:05 PM UTC");
  });

  it("has one clock: 12-hour, no leading zero on the hour, AM and PM", () => {
    expect(formatClock(0, 0)).toBe("12:00 AM");
    expect(formatClock(0, 59)).toBe("12:59 AM");
    expect(formatClock(9, 5)).toBe("9:05 AM");
    expect(formatClock(11, 59)).toBe("11:59 AM");
    expect(formatClock(12, 0)).toBe("12:00 PM");
    expect(formatClock(14, 5)).toBe("2:05 PM");
    expect(formatClock(23, 30)).toBe("11:30 PM");
  });
});
