import { describe, expect, it } from "vitest";
import { EVENT_FIELD_ERRORS } from "~/lib/events/event-copy";
import { checkEventForm, EventFormSchema, eventFormFields } from "~/lib/events/event-schemas";
import { form } from "../../support/form";

const VALID = {
  intent: "create",
  title: "Cash flow roundtable",
  kind: "webinar",
  description: "",
  startsAt: "2027-07-01T10:00",
  endsAt: "2027-07-01T11:00",
  timeZone: "America/New_York",
  capacity: "25",
  joinUrl: "https://meet.example.test/roundtable",
  allowedTiers: ["BASIC", "PREMIUM"],
};

describe("the console's event form, as the browser checks it before posting", () => {
  it("finds nothing wrong with a complete form, which the server's schema reads as UTC times", () => {
    expect(checkEventForm(form(VALID))).toEqual({});
    const parsed = EventFormSchema.parse(eventFormFields(form(VALID)));
    expect(parsed.startsAt.toISOString()).toBe("2027-07-01T14:00:00.000Z");
    expect(parsed.allowedTiers).toEqual(["BASIC", "PREMIUM"]);
  });

  it("names each missing field with the server's message, the first per field", () => {
    const issues = checkEventForm(
      form({ ...VALID, title: "  ", startsAt: "", endsAt: "", joinUrl: "", allowedTiers: [] }),
    );
    expect(issues).toEqual({
      title: EVENT_FIELD_ERRORS.title,
      startsAt: EVENT_FIELD_ERRORS.startsAt,
      endsAt: EVENT_FIELD_ERRORS.endsAt,
      joinUrl: EVENT_FIELD_ERRORS.joinUrl,
      allowedTiers: EVENT_FIELD_ERRORS.allowedTiers,
    });
    expect(Object.keys(issues)[0]).toBe("title");
  });

  it("refuses an end before the start, an unknown time zone, a capacity out of range and a plain-http link", () => {
    expect(checkEventForm(form({ ...VALID, endsAt: "2027-07-01T09:00" }))).toEqual({
      endsAt: EVENT_FIELD_ERRORS.endsAt,
    });
    expect(checkEventForm(form({ ...VALID, timeZone: "Mars/Olympus" }))).toMatchObject({
      timeZone: EVENT_FIELD_ERRORS.timeZone,
    });
    expect(checkEventForm(form({ ...VALID, capacity: "0" }))).toEqual({ capacity: EVENT_FIELD_ERRORS.capacity });
    expect(checkEventForm(form({ ...VALID, capacity: "2.5" }))).toEqual({ capacity: EVENT_FIELD_ERRORS.capacity });
    expect(checkEventForm(form({ ...VALID, joinUrl: "http://meet.example.test/x" }))).toEqual({
      joinUrl: EVENT_FIELD_ERRORS.joinUrl,
    });
  });
});
