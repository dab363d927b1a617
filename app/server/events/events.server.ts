/**
 * Upcoming events (issue #16): the managers' CRUD, the clients' list and registration, and the
 * daily reminder. Registration is one conditional INSERT … SELECT (the event open, the plan
 * allowed, a seat free) with ON CONFLICT on (event, business), so a double click, a replay or two
 * racing colleagues never register twice or past the capacity.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { businesses, eventRegistrations, events, users, type Event } from "~db/schema";
import { EVENT_COPY } from "~/lib/events/event-copy";
import type { EventInput } from "~/lib/events/event-schemas";
import { blockMessage, registrationBlock } from "~/lib/events/event-rules";
import { formatEventTime } from "~/lib/events/event-time";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { preparedRead } from "~db/prepared";
import { rememberOriginStatement } from "~/server/platform/app-origin.server";
import { notify } from "~/server/notifications/notify.server";
import { accessTier } from "~/lib/payments/trial";

export const EVENTS_PATH = "/events";

const activeRegistrations = sql<number>`(SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id AND r.cancelled_at IS NULL)`;

// ---------------------------------------------------------------- managers

export async function createEvent(app: AppContext, createdById: string, input: EventInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = app.now();
  await app.db.insert(events).values({ id, ...input, createdById, createdAt: now, updatedAt: now });
  return id;
}

/** Saves an open event's details; false when the event is unknown or cancelled. */
export async function updateEvent(app: AppContext, id: string, input: EventInput): Promise<boolean> {
  const rows = await app.db
    .update(events)
    .set({ ...input, updatedAt: app.now() })
    .where(and(eq(events.id, id), isNull(events.cancelledAt)))
    .returning({ id: events.id });
  return rows.length > 0;
}

/** Cancels once: a second cancel changes nothing and says so. */
export async function cancelEvent(app: AppContext, id: string): Promise<"cancelled" | "already"> {
  const now = app.now();
  const rows = await app.db
    .update(events)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(events.id, id), isNull(events.cancelledAt)))
    .returning({ id: events.id });
  return rows.length > 0 ? "cancelled" : "already";
}

/** Every event, newest start first, with its active registrations (one query). */
export async function listConsoleEvents(app: AppContext) {
  return app.db
    .select({
      id: events.id,
      title: events.title,
      kind: events.kind,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      capacity: events.capacity,
      cancelledAt: events.cancelledAt,
      registrations: activeRegistrations,
    })
    .from(events)
    .orderBy(desc(events.startsAt));
}

/** One event and its registrations (one db.batch). */
export async function getConsoleEvent(app: AppContext, id: string) {
  const [eventRows, registrations] = await app.db.batch([
    app.db.select().from(events).where(eq(events.id, id)),
    app.db
      .select({
        id: eventRegistrations.id,
        businessName: businesses.name,
        memberTier: businesses.memberTier,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        createdAt: eventRegistrations.createdAt,
        cancelledAt: eventRegistrations.cancelledAt,
      })
      .from(eventRegistrations)
      .innerJoin(businesses, eq(businesses.id, eventRegistrations.businessId))
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(eq(eventRegistrations.eventId, id))
      .orderBy(asc(eventRegistrations.createdAt)),
  ]);
  const event = eventRows[0];
  return event ? { event, registrations } : null;
}

// ---------------------------------------------------------------- clients

export type { ClientEvent } from "~/lib/events/event-views";

const upcomingEventRows = preparedRead(["businessId", "now", "limit"], (db, p) =>
  db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      kind: events.kind,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      capacity: events.capacity,
      joinUrl: events.joinUrl,
      allowedTiers: events.allowedTiers,
      registrations: activeRegistrations,
      registered: sql<number>`EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = events.id AND r.business_id = ${p.businessId} AND r.cancelled_at IS NULL)`,
    })
    .from(events)
    .where(and(isNull(events.cancelledAt), gt(events.endsAt, p.now)))
    .orderBy(asc(events.startsAt))
    .limit(p.limit)
    .prepare(),
);

/** Events not yet over and not cancelled, soonest first, with the seats taken and this business's registration. */
export async function listUpcomingEvents(app: AppContext, businessId: string, limit = 50) {
  // Timestamps are bound as the columns store them (epoch milliseconds).
  return upcomingEventRows(app.db, { businessId, now: app.now().getTime(), limit }).run();
}

export type RegistrationResult = { ok: true; msg: string } | { ok: false; status: 404 | 409 | 403; msg: string };

/** Registers the viewer's business: idempotent, capacity-safe, plan-gated (one statement, then one read to explain a refusal). */
export async function registerForEvent(
  app: AppContext,
  viewer: ClientViewer,
  eventId: string,
): Promise<RegistrationResult> {
  const now = app.now();
  const tier = accessTier(viewer.business, now);
  const seatFree = sql`(SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id AND r.cancelled_at IS NULL) < events.capacity`;
  const tierAllowed = sql`EXISTS (SELECT 1 FROM json_each(events.allowed_tiers) WHERE value = ${tier})`;
  const register = app.db
    .insert(eventRegistrations)
    .select(
      app.db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          eventId: events.id,
          businessId: sql<string>`${viewer.business.id}`.as("business_id"),
          userId: sql<string>`${viewer.user.id}`.as("user_id"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          cancelledAt: sql<null>`NULL`.as("cancelled_at"),
          remindedAt: sql<null>`NULL`.as("reminded_at"),
        })
        .from(events)
        .where(
          and(eq(events.id, eventId), isNull(events.cancelledAt), gt(events.startsAt, now), tierAllowed, seatFree),
        ),
    )
    .onConflictDoUpdate({
      target: [eventRegistrations.eventId, eventRegistrations.businessId],
      set: {
        cancelledAt: sql`NULL`,
        remindedAt: sql`NULL`,
        userId: sql`excluded.user_id`,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: isNotNull(eventRegistrations.cancelledAt),
    })
    .returning({ id: eventRegistrations.id });
  // The reminder is emailed by the daily cron, which has no request: record this one's origin
  // for its link (null with APP_URL set), in the same round trip.
  const remember = rememberOriginStatement(app);
  const [inserted] = remember ? await app.db.batch([register, remember]) : [await register];
  if (inserted.length > 0) return { ok: true, msg: EVENT_COPY.registeredNotice };
  // Nothing written: say why.
  const [row] = await app.db
    .select({
      cancelledAt: events.cancelledAt,
      startsAt: events.startsAt,
      capacity: events.capacity,
      allowedTiers: events.allowedTiers,
      registrations: activeRegistrations,
      registered: sql<number>`EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = events.id AND r.business_id = ${viewer.business.id} AND r.cancelled_at IS NULL)`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row || row.cancelledAt) return { ok: false, status: 404, msg: EVENT_COPY.eventNotFound };
  if (row.registered) return { ok: true, msg: EVENT_COPY.alreadyRegistered };
  const block = registrationBlock({ ...row, now, tier, registrations: Number(row.registrations) }) ?? "full";
  return { ok: false, status: block === "plan" ? 403 : 409, msg: blockMessage(block, row.allowedTiers) };
}

/** Cancels the business's registration (idempotent: a second cancel says it is not registered, writes nothing). */
export async function cancelRegistration(
  app: AppContext,
  viewer: ClientViewer,
  eventId: string,
): Promise<RegistrationResult> {
  const rows = await app.db
    .update(eventRegistrations)
    .set({ cancelledAt: app.now() })
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.businessId, viewer.business.id),
        isNull(eventRegistrations.cancelledAt),
      ),
    )
    .returning({ id: eventRegistrations.id });
  return rows.length > 0 ? { ok: true, msg: EVENT_COPY.cancelledNotice } : { ok: true, msg: EVENT_COPY.notRegistered };
}

/** An event a client may see (not cancelled), for the .ics download. */
export async function getClientEvent(app: AppContext, id: string): Promise<Event | null> {
  const [row] = await app.db
    .select()
    .from(events)
    .where(and(eq(events.id, id), isNull(events.cancelledAt)));
  return row ?? null;
}

// ---------------------------------------------------------------- reminder

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily cron: for events starting on the next UTC day, tells each registered business's user
 * once. reminded_at is claimed with a conditional UPDATE … RETURNING first, so a cron firing twice
 * (or overlapping) reminds each registration once.
 */
export async function sendEventReminders(app: AppContext): Promise<number> {
  const now = app.now();
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const from = new Date(tomorrow);
  const to = new Date(tomorrow + DAY_MS);
  const due = app.db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        isNull(eventRegistrations.cancelledAt),
        isNull(eventRegistrations.remindedAt),
        isNull(events.cancelledAt),
        gt(events.startsAt, now),
        sql`${events.startsAt} >= ${from.getTime()}`,
        lte(events.startsAt, new Date(to.getTime() - 1)),
      ),
    );
  const claimed = await app.db
    .update(eventRegistrations)
    .set({ remindedAt: now })
    .where(and(inArray(eventRegistrations.id, due), isNull(eventRegistrations.remindedAt)))
    .returning({
      userId: eventRegistrations.userId,
      businessId: eventRegistrations.businessId,
      eventId: eventRegistrations.eventId,
    });
  if (claimed.length === 0) return 0;
  const eventRows = await app.db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
    })
    .from(events)
    .where(inArray(events.id, [...new Set(claimed.map((row) => row.eventId))]));
  const byId = new Map(eventRows.map((row) => [row.id, row]));
  const notices = claimed.flatMap((row) => {
    const event = byId.get(row.eventId);
    if (!event) return [];
    return [
      {
        userId: row.userId,
        businessId: row.businessId,
        kind: "event_reminder",
        title: EVENT_COPY.reminderTitle(event.title),
        body: EVENT_COPY.reminderBody(event.title, formatEventTime(event.startsAt, event.endsAt, event.timeZone)),
        link: EVENTS_PATH,
        action: EVENT_COPY.reminderAction,
        footer: EVENT_COPY.reminderFooter,
      },
    ];
  });
  // Cron: notify takes APP_URL, else the app's last known origin, for the links.
  await notify(app, null, notices);
  return notices.length;
}
