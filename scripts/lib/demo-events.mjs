// The demo's upcoming events, made the way people make them: the engagement manager creates three
// events through the console's form (/manage/events), then demo@partwise.test registers for the
// first on /events. A second run changes nothing (it stops when the first event already exists).
//
// What a new user finds afterwards: three upcoming events on /events and the dashboard's Upcoming
// Events card (a peer group in 3 days the demo business is registered for, with its join link; a
// webinar in 10 days; a SCALE-only workshop in 24 days), and the three in /manage/events.

import { CLIENT, MANAGER, Session } from "./demo-session.mjs";

const DAY = 24 * 60 * 60 * 1000;

/** "YYYY-MM-DD" of the day `days` from now (UTC), for the datetime-local fields. */
function dayFromNow(days) {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

export const DEMO_EVENTS = [
  {
    title: "Owner peer group: cash flow in the slow season",
    kind: "virtual_peer_group",
    description: "Eight owners compare how they plan cash for the quiet months. Bring one question.",
    days: 3,
    start: "12:00",
    end: "13:00",
    capacity: "8",
    joinUrl: "https://meet.partwise.test/peer-group-cash-flow",
    tiers: ["BASIC", "STANDARD", "PREMIUM"],
  },
  {
    title: "Webinar: pricing for rising costs",
    kind: "webinar",
    description: "A fractional CFO walks through repricing a product line, with time for questions.",
    days: 10,
    start: "14:00",
    end: "15:00",
    capacity: "100",
    joinUrl: "https://meet.partwise.test/webinar-pricing",
    tiers: ["BASIC", "STANDARD", "PREMIUM"],
  },
  {
    title: "Workshop: building your first 13-week cash forecast",
    kind: "workshop",
    description: "A hands-on session for SCALE members: leave with a working forecast of your own.",
    days: 24,
    start: "11:00",
    end: "13:00",
    capacity: "12",
    joinUrl: "https://meet.partwise.test/workshop-forecast",
    tiers: ["PREMIUM"],
  },
];

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

/** The event id in /events' HTML: the first hidden eventId field after the event's title. */
function eventIdAfter(html, title) {
  const at = html.indexOf(escapeHtml(title));
  if (at < 0) return null;
  return /name="eventId" value="([0-9a-f-]{36})"/.exec(html.slice(at))?.[1] ?? null;
}

export async function playEventFlows(baseURL, { log = console.log } = {}) {
  const manager = await new Session(baseURL, "engagement manager").signIn(MANAGER);
  const console_ = await manager.page("/manage/events");
  if (console_.includes(escapeHtml(DEMO_EVENTS[0].title))) {
    log("demo flows: the demo events already exist");
    return { played: false };
  }
  for (const event of DEMO_EVENTS) {
    const day = dayFromNow(event.days);
    await manager.form("/manage/events?index", [
      ["intent", "create"],
      ["title", event.title],
      ["kind", event.kind],
      ["description", event.description],
      ["timeZone", "America/New_York"],
      ["startsAt", `${day}T${event.start}`],
      ["endsAt", `${day}T${event.end}`],
      ["capacity", event.capacity],
      ["joinUrl", event.joinUrl],
      ...event.tiers.map((tier) => ["allowedTiers", tier]),
    ]);
  }
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  const eventId = eventIdAfter(await client.page("/events"), DEMO_EVENTS[0].title);
  if (!eventId) throw new Error("demo flows: the demo peer group is not on /events");
  await client.form("/events", { intent: "register", eventId });
  log(`demo flows: the manager created ${DEMO_EVENTS.length} events; the demo business registered for the peer group`);
  return { played: true };
}
