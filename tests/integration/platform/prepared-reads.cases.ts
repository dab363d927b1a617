import { env } from "cloudflare:test";
import { and, desc, eq, isNull, sql, type Placeholder } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database, type Database } from "~db/index";
import { preparedRead, runReads } from "~db/prepared";
import { eventRegistrations, events, notifications } from "~db/schema";
import { createUser } from "../helpers";
import { recordD1 } from "../helpers/d1-recorder";

// db/prepared.ts (ADR 042): a read's SQL is built once per database handle and only the values
// change between runs; alone or in a batch it answers what the Drizzle builder answers.

/** The user's notifications, newest first: with values (a builder) or placeholders (a prepared read). */
const newestQuery = (db: Database, userId: string | Placeholder, limit: number | Placeholder) =>
  db
    .select({
      id: notifications.id,
      title: notifications.title,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
const newestOf = preparedRead(["userId", "limit"], (db, p) => newestQuery(db, p.userId, p.limit).prepare());
const unreadOf = preparedRead(["userId"], (db, p) =>
  db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, p.userId), isNull(notifications.readAt)))
    .prepare(),
);

async function userWithNotifications(titles: string[]) {
  const { user } = await createUser();
  const db = database(env.DB);
  await db.insert(notifications).values(
    titles.map((title, index) => ({
      id: crypto.randomUUID(),
      userId: user.id,
      kind: "test",
      title,
      createdAt: new Date(Date.UTC(2026, 10, 1 + index)),
      readAt: index === 0 ? new Date(Date.UTC(2026, 10, 20)) : null,
    })),
  );
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("prepared reads", () => {
  it("answer what the Drizzle builder answers, alone and in a batch, with dates mapped", async () => {
    const user = await userWithNotifications(["First", "Second", "Third"]);
    const db = database(env.DB);
    const builder = newestQuery(db, user.id, 2);
    const expected = await builder;
    expect(expected.map((row) => row.title)).toEqual(["Third", "Second"]);

    const alone = await newestOf(db, { userId: user.id, limit: 2 }).run();
    expect(alone).toEqual(expected);
    const [batched, unread] = await runReads(db, [
      newestOf(db, { userId: user.id, limit: 2 }),
      unreadOf(db, { userId: user.id }),
    ]);
    expect(batched).toEqual(expected);
    expect(batched[0]!.createdAt).toBeInstanceOf(Date);
    expect(unread).toHaveLength(2);
    // A builder may stand in the same batch.
    const [fromBuilder, again] = await runReads(db, [builder, unreadOf(db, { userId: user.id })]);
    expect(fromBuilder).toEqual(expected);
    expect(again).toEqual(unread);
  });

  it("build the SQL once per handle and bind each run's own values (no run sees another's)", async () => {
    const first = await userWithNotifications(["Mine"]);
    const second = await userWithNotifications(["Theirs", "Also theirs"]);
    const recorder = recordD1(env.DB);
    let prepares = 0;
    const counting = new Proxy(recorder.db, {
      get(target, property) {
        if (property === "prepare") {
          return (query: string) => {
            prepares++;
            return target.prepare(query);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const db = database(counting);

    const [mine] = await runReads(db, [newestOf(db, { userId: first.id, limit: 5 })]);
    // The first run of a handle prepares (Drizzle's statement and the batch's); later runs do not.
    const preparedOnce = prepares;
    expect(preparedOnce).toBeGreaterThan(0);
    const [theirs] = await runReads(db, [newestOf(db, { userId: second.id, limit: 5 })]);
    const mineAlone = await newestOf(db, { userId: first.id, limit: 5 }).run();
    expect(mine.map((row) => row.title)).toEqual(["Mine"]);
    expect(theirs.map((row) => row.title)).toEqual(["Also theirs", "Theirs"]);
    expect(mineAlone).toEqual(mine);
    expect(prepares).toBe(preparedOnce);

    const statements = recorder.calls.flatMap((call) => call.statements);
    expect(new Set(statements.map((statement) => statement.sql)).size).toBe(1);
    expect(statements.map((statement) => statement.params)).toEqual([
      [first.id, 5],
      [second.id, 5],
      [first.id, 5],
    ]);
  });

  it("refuse a run without a value for every placeholder", async () => {
    const db = database(env.DB);
    const read = newestOf(db, { userId: "someone" } as unknown as { userId: string; limit: number });
    expect(() => read.statement()).toThrow('No value for placeholder "limit" was provided');
  });

  it("map every kind of column as Drizzle does: JSON, dates, nulls, SQL with its own decoder, a left join, nested fields", async () => {
    const db = database(env.DB);
    const eventId = crypto.randomUUID();
    await db.insert(events).values({
      id: eventId,
      title: "Row mapping check",
      kind: "webinar",
      startsAt: new Date(Date.UTC(2031, 0, 5, 15)),
      endsAt: new Date(Date.UTC(2031, 0, 5, 16)),
      timeZone: "America/New_York",
      capacity: 12,
      joinUrl: "https://meet.partwise.test/row-mapping",
      allowedTiers: ["BASIC", "PREMIUM"],
    });
    const flat = (d: Database, id: string | Placeholder) =>
      d
        .select({
          id: events.id,
          allowedTiers: events.allowedTiers,
          startsAt: events.startsAt,
          cancelledAt: events.cancelledAt,
          capacity: events.capacity,
          registered:
            sql<number>`(select count(*) from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id})`
              .mapWith(Number)
              .as("registered"),
          openLabel: sql<string>`'open'`.as("open_label"),
          // Aliased: a batch's rows come back keyed by column name, and both tables have an id.
          registrationId: sql<string | null>`${eventRegistrations.id}`.as("registration_id"),
          registeredAt: eventRegistrations.createdAt,
        })
        .from(events)
        .leftJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
        .where(eq(events.id, id));
    const nested = (d: Database, id: string | Placeholder) =>
      d
        .select({
          event: { id: events.id, startsAt: events.startsAt },
          registration: { userId: eventRegistrations.userId, createdAt: eventRegistrations.createdAt },
        })
        .from(events)
        .leftJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
        .where(eq(events.id, id));
    const flatOf = preparedRead(["id"], (d, p) => flat(d, p.id).prepare());
    const nestedOf = preparedRead(["id"], (d, p) => nested(d, p.id).prepare());

    const expectedFlat = await flat(db, eventId);
    const expectedNested = await nested(db, eventId);
    expect(expectedFlat).toEqual([
      {
        id: eventId,
        allowedTiers: ["BASIC", "PREMIUM"],
        startsAt: new Date(Date.UTC(2031, 0, 5, 15)),
        cancelledAt: null,
        capacity: 12,
        registered: 0,
        openLabel: "open",
        registrationId: null,
        registeredAt: null,
      },
    ]);
    // Drizzle leaves out a left-joined object whose columns are all null.
    expect(expectedNested).toEqual([
      { event: { id: eventId, startsAt: new Date(Date.UTC(2031, 0, 5, 15)) }, registration: null },
    ]);

    // A flat select is mapped by the read's own mapper; a nested one by Drizzle.
    const drizzlePrepared = Object.getPrototypeOf(flat(db, eventId).prepare()) as { mapAllResult(): unknown };
    const drizzleMapping = vi.spyOn(drizzlePrepared, "mapAllResult");
    const [batchedFlat, batchedNested] = await runReads(db, [
      flatOf(db, { id: eventId }),
      nestedOf(db, { id: eventId }),
    ]);
    expect(drizzleMapping).toHaveBeenCalledTimes(1);
    expect(batchedFlat).toEqual(expectedFlat);
    expect(batchedNested).toEqual(expectedNested);
    expect(await flatOf(db, { id: eventId }).run()).toEqual(expectedFlat);
    expect(await nestedOf(db, { id: eventId }).run()).toEqual(expectedNested);
    expect(drizzleMapping).toHaveBeenCalledTimes(2);
    expect(await flatOf(db, { id: "no-such-event" }).run()).toEqual([]);
    const [none] = await runReads(db, [flatOf(db, { id: "no-such-event" })]);
    expect(none).toEqual([]);
  });
});
