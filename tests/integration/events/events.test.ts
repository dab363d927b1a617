import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appOrigins, emailOutbox, eventRegistrations, events, notifications, type MemberTier } from "~db/schema";
import { EVENT_COPY } from "~/lib/events/event-copy";
import worker from "../../../functions/worker";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { call, db, html, ORIGIN, postForm, setPlan } from "../helpers";

const DAY = 24 * 60 * 60 * 1000;

async function insertEvent(
  options: { startsAt?: Date; capacity?: number; tiers?: MemberTier[]; title?: string; cancelled?: boolean } = {},
) {
  const id = crypto.randomUUID();
  const startsAt = options.startsAt ?? new Date(Date.now() + 10 * DAY);
  await db()
    .insert(events)
    .values({
      id,
      title: options.title ?? `Peer group ${id.slice(0, 8)}`,
      description: "Cash flow, pricing; and hiring.",
      kind: "virtual_peer_group",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      timeZone: "America/New_York",
      capacity: options.capacity ?? 10,
      joinUrl: `https://meet.example.test/${id}`,
      allowedTiers: options.tiers ?? ["BASIC", "STANDARD", "PREMIUM"],
      cancelledAt: options.cancelled ? new Date() : null,
    });
  return id;
}

const registrationsOf = (eventId: string) =>
  db().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
const active = async (eventId: string) => (await registrationsOf(eventId)).filter((row) => row.cancelledAt === null);

describe("/events (clients)", () => {
  it("lists upcoming events soonest first, hides the join link until registered, and registers idempotently", async () => {
    const client = await signedInClient();
    const later = await insertEvent({ startsAt: new Date(Date.now() + 400 * DAY), title: "Later workshop" });
    const sooner = await insertEvent({ startsAt: new Date(Date.now() + 399 * DAY), title: "Sooner webinar" });
    const cancelled = await insertEvent({ title: "Cancelled thing", cancelled: true });

    const page = await call("/events", { cookie: client.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(EVENT_COPY.pageTitle);
    expect(text.indexOf("Sooner webinar")).toBeGreaterThan(-1);
    expect(text.indexOf("Sooner webinar")).toBeLessThan(text.indexOf("Later workshop"));
    expect(text).not.toContain("Cancelled thing");
    expect(text).not.toContain(`https://meet.example.test/${sooner}`);
    expect(text).toContain(html("BASIC, STARTER and SCALE"));
    // The button says "Register"; its accessible name names the event.
    expect(text).toContain(`aria-label="Register for Sooner webinar"`);
    void cancelled;

    for (let i = 0; i < 2; i++) {
      const response = await postForm("/events", { intent: "register", eventId: sooner }, client.token);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(
        html(i === 0 ? EVENT_COPY.registeredNotice : EVENT_COPY.alreadyRegistered),
      );
    }
    expect(await active(sooner)).toHaveLength(1);
    const after = await (await call("/events", { cookie: client.token })).text();
    expect(after).toContain(`https://meet.example.test/${sooner}`);
    expect(after).not.toContain(`https://meet.example.test/${later}`);
    expect(after).toContain(html(EVENT_COPY.registered));
    expect(after).toContain(`aria-label="Cancel registration for Sooner webinar"`);

    // Cancel twice: once cancelled, the second says so and writes nothing; then register again.
    const cancel = await postForm("/events", { intent: "cancel", eventId: sooner }, client.token);
    expect(await cancel.text()).toContain(html(EVENT_COPY.cancelledNotice));
    const again = await postForm("/events", { intent: "cancel", eventId: sooner }, client.token);
    expect(await again.text()).toContain(html(EVENT_COPY.notRegistered));
    expect(await active(sooner)).toHaveLength(0);
    await postForm("/events", { intent: "register", eventId: sooner }, client.token);
    expect(await active(sooner)).toHaveLength(1);
    expect(await registrationsOf(sooner)).toHaveLength(1);
  });

  it("refuses a full event and a plan that may not join, writing nothing", async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    const full = await insertEvent({ capacity: 1 });
    expect((await postForm("/events", { intent: "register", eventId: full }, first.token)).status).toBe(200);
    const refused = await postForm("/events", { intent: "register", eventId: full }, second.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(EVENT_COPY.fullMessage));
    expect(await active(full)).toHaveLength(1);
    const fullPage = await (await call("/events", { cookie: second.token })).text();
    expect(fullPage).toContain(`>${EVENT_COPY.full}<`);

    const scaleOnly = await insertEvent({ tiers: ["PREMIUM"] });
    const gated = await postForm("/events", { intent: "register", eventId: scaleOnly }, second.token);
    expect(gated.status).toBe(403);
    expect(await gated.text()).toContain(html("This event is open to the SCALE plan. Upgrade your plan to join."));
    expect(await active(scaleOnly)).toHaveLength(0);
    await setPlan(second.business.id, "PREMIUM");
    expect((await postForm("/events", { intent: "register", eventId: scaleOnly }, second.token)).status).toBe(200);
    expect(await active(scaleOnly)).toHaveLength(1);
  });

  it("two businesses racing for the last seat: exactly one gets it", async () => {
    const [a, b, c] = await Promise.all([signedInClient(), signedInClient(), signedInClient()]);
    const event = await insertEvent({ capacity: 2 });
    const answers = await Promise.all(
      [a, b, c].map((client) => postForm("/events", { intent: "register", eventId: event }, client.token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
    expect(await active(event)).toHaveLength(2);
  });

  it("an unknown or cancelled event is a 404; junk is a 400; visitors go to sign in; staff are sent home", async () => {
    const client = await signedInClient();
    const cancelled = await insertEvent({ cancelled: true });
    const unknown = await postForm("/events", { intent: "register", eventId: crypto.randomUUID() }, client.token);
    expect(unknown.status).toBe(404);
    expect((await postForm("/events", { intent: "register", eventId: cancelled }, client.token)).status).toBe(404);
    expect(await registrationsOf(cancelled)).toHaveLength(0);
    const junk = await postForm("/events", { intent: "delete", eventId: "x" }, client.token);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(EVENT_COPY.chooseAction));

    const event = await insertEvent();
    const anonymous = await postForm("/events", { intent: "register", eventId: event }, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    expect((await call("/events")).status).toBe(302);
    const manager = await signedInManager();
    const staff = await postForm("/events", { intent: "register", eventId: event }, manager.token);
    expect(staff.status).toBe(302);
    expect(await registrationsOf(event)).toHaveLength(0);
  });

  it("another business's cancel does not touch my registration", async () => {
    const mine = await signedInClient();
    const other = await signedInClient();
    const event = await insertEvent();
    await postForm("/events", { intent: "register", eventId: event }, mine.token);
    const response = await postForm("/events", { intent: "cancel", eventId: event }, other.token);
    expect(await response.text()).toContain(html(EVENT_COPY.notRegistered));
    expect(await active(event)).toHaveLength(1);
  });

  it("the dashboard card shows the next events linking to /events", async () => {
    const client = await signedInClient();
    await insertEvent({ startsAt: new Date(Date.now() + 2 * 60 * 60 * 1000), title: "Very soon roundtable" });
    const text = await (await call("/dashboard", { cookie: client.token })).text();
    expect(text).toContain("Very soon roundtable");
    expect(text).toContain('href="/events"');
    expect(text).toContain(EVENT_COPY.seeAll);
  });
});

describe("/events/{id}.ics", () => {
  it("is an RFC 5545 calendar for a signed-in business; unknown, cancelled or malformed is 404; visitors sign in", async () => {
    const client = await signedInClient();
    const event = await insertEvent({ startsAt: new Date(Date.UTC(2031, 2, 4, 15, 30)) });
    const response = await call(`/events/${event}.ics`, { cookie: client.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(body).toContain("\r\nDTSTART:20310304T153000Z\r\n");
    expect(body).toContain("\r\nDTEND:20310304T163000Z\r\n");
    expect(body).toContain("\r\nDESCRIPTION:Cash flow\\, pricing\\; and hiring.\r\n");
    expect(body).toContain(`\r\nUID:${event}@partwise\r\n`);
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);

    const cancelled = await insertEvent({ cancelled: true });
    expect((await call(`/events/${cancelled}.ics`, { cookie: client.token })).status).toBe(404);
    expect((await call(`/events/${crypto.randomUUID()}.ics`, { cookie: client.token })).status).toBe(404);
    expect((await call(`/events/${event}.txt`, { cookie: client.token })).status).toBe(404);
    expect((await call(`/events/${event}.ics`)).status).toBe(302);
  });
});

const EVENT_FIELDS = {
  intent: "create",
  title: "Pricing workshop",
  description: "Bring your price list.",
  kind: "workshop",
  timeZone: "America/New_York",
  startsAt: "2031-07-01T10:00",
  endsAt: "2031-07-01T11:30",
  capacity: "12",
  joinUrl: "https://meet.example.test/pricing",
  allowedTiers: ["STANDARD", "PREMIUM"],
};

describe("/manage/events (managers)", () => {
  it("creates an event in its time zone, lists it with its registrations, edits and cancels it once", async () => {
    const manager = await signedInManager();
    const created = await postForm("/manage/events?index", EVENT_FIELDS, manager.token);
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(html(EVENT_COPY.created));
    const [row] = await db().select().from(events).where(eq(events.joinUrl, "https://meet.example.test/pricing"));
    expect(row).toBeDefined();
    expect(row!.startsAt.toISOString()).toBe("2031-07-01T14:00:00.000Z");
    expect(row!.endsAt.toISOString()).toBe("2031-07-01T15:30:00.000Z");
    expect(row!.allowedTiers).toEqual(["STANDARD", "PREMIUM"]);
    expect(row!.createdById).toBe(manager.user.id);

    const client = await signedInClient();
    await setPlan(client.business.id, "STANDARD");
    await postForm("/events", { intent: "register", eventId: row!.id }, client.token);

    const list = await (await call("/manage/events", { cookie: manager.token })).text();
    expect(list).toContain("Pricing workshop");
    expect(list).toContain("July 1, 2031, 10:00 AM–11:30 AM New York time (UTC-4)");
    const detail = await (await call(`/manage/events/${row!.id}`, { cookie: manager.token })).text();
    expect(detail).toContain(html(client.business.name));
    expect(detail).toContain("1 / 12");

    const edited = await postForm(
      `/manage/events/${row!.id}`,
      { ...EVENT_FIELDS, intent: "update", title: "Pricing workshop II", capacity: "20" },
      manager.token,
    );
    expect(await edited.text()).toContain(html(EVENT_COPY.updated));
    for (const expected of [EVENT_COPY.cancelled, EVENT_COPY.alreadyCancelled]) {
      const cancel = await postForm(`/manage/events/${row!.id}`, { intent: "cancel" }, manager.token);
      expect(await cancel.text()).toContain(html(expected));
    }
    const [after] = await db().select().from(events).where(eq(events.id, row!.id));
    expect(after!.title).toBe("Pricing workshop II");
    expect(after!.capacity).toBe(20);
    expect(after!.cancelledAt).not.toBeNull();
    expect(await (await call("/events", { cookie: client.token })).text()).not.toContain("Pricing workshop II");
  });

  it("answers invalid fields with the form's errors and writes nothing", async () => {
    const manager = await signedInManager();
    const response = await postForm(
      "/manage/events?index",
      { ...EVENT_FIELDS, title: "Bad times", endsAt: "2031-07-01T09:00", timeZone: "Mars/Olympus", allowedTiers: [] },
      manager.token,
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain(html("Choose a valid time zone, e.g. America/New_York."));
    expect(text).toContain(html("Choose at least one plan."));
    expect(await db().select().from(events).where(eq(events.title, "Bad times"))).toHaveLength(0);
  });

  it("is a 404 for clients, consultants and visitors, pages and actions alike, writing nothing", async () => {
    const event = await insertEvent({ title: "Staff only view" });
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    for (const cookie of [client.token, consultant.token, null]) {
      expect((await call("/manage/events", { cookie })).status).toBe(404);
      expect((await call(`/manage/events/${event}`, { cookie })).status).toBe(404);
      expect((await postForm("/manage/events?index", { ...EVENT_FIELDS, title: "Sneaky" }, cookie)).status).toBe(404);
      expect((await postForm(`/manage/events/${event}`, { intent: "cancel" }, cookie)).status).toBe(404);
    }
    expect(await db().select().from(events).where(eq(events.title, "Sneaky"))).toHaveLength(0);
    const [row] = await db().select().from(events).where(eq(events.id, event));
    expect(row!.cancelledAt).toBeNull();
    const manager = await signedInManager();
    expect((await call(`/manage/events/${crypto.randomUUID()}`, { cookie: manager.token })).status).toBe(404);
    expect((await postForm(`/manage/events/${crypto.randomUUID()}`, { intent: "cancel" }, manager.token)).status).toBe(
      404,
    );
  });
});

describe("the daily event reminder cron", () => {
  it("reminds each registered business once for events starting the next day, even when the cron fires twice", async () => {
    // A local run: no APP_URL, and no address known before the registrations below.
    await db().delete(appOrigins);
    const now = new Date();
    const tomorrowNoon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12));
    const tomorrow = await insertEvent({ startsAt: tomorrowNoon, title: "Tomorrow's peer group" });
    const nextWeek = await insertEvent({ startsAt: new Date(tomorrowNoon.getTime() + 6 * DAY) });
    const registered = await signedInClient();
    const cancelledOne = await signedInClient();
    for (const id of [tomorrow, nextWeek])
      await postForm("/events", { intent: "register", eventId: id }, registered.token);
    await postForm("/events", { intent: "register", eventId: tomorrow }, cancelledOne.token);
    await postForm("/events", { intent: "cancel", eventId: tomorrow }, cancelledOne.token);

    const fire = () =>
      worker.scheduled(
        createScheduledController({ cron: "0 13 * * *", scheduledTime: Date.now() }),
        // The cron has no request: the email's link is on the origin the registration came from.
        { ...env, APP_URL: undefined } as never,
        createExecutionContext(),
      );
    await fire();
    await fire();

    const reminders = (userId: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, "event_reminder")));
    const mine = await reminders(registered.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toBe("Tomorrow: Tomorrow's peer group");
    expect(mine[0]!.link).toBe("/events");
    expect(await reminders(cancelledOne.user.id)).toHaveLength(0);
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, registered.user.email), eq(emailOutbox.kind, "event_reminder")));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Tomorrow: Tomorrow's peer group");
    expect(emails[0]!.textBody).toContain(`${ORIGIN}/events`);
    const [nextWeekRow] = await registrationsOf(nextWeek);
    expect(nextWeekRow!.remindedAt).toBeNull();
  });
});
