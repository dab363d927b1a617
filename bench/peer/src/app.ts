/**
 * The bare peer of `npm run bench` (issue #17): a Hono Worker that does exactly the D1 work of the
 * app's /dashboard and /features (Insights, the default focus and the one bench requests)
 * documents for a signed-in client — the same session read from the same cookie, the same
 * queries (./sql.ts) in the same batches and the same two sequential waves — with raw
 * `env.DB.prepare().bind()` and `env.DB.batch()`, and renders the same data as plain HTML from a
 * template string. No Remix, React, Drizzle or Zod: what is left is the cost of the Worker, D1 and
 * the data. It never writes (the app's off-path `last_seen_at` touch, at most hourly, is left out).
 * Kept the same as the app by bench/tests/integration/peer-parity.test.ts.
 */
import { Hono, type Context } from "hono";
import * as SQL from "./sql";
import { matchStatusText } from "../../../app/lib/matching/match-status";
import { insightStatusText, VALUE_INSIGHT_STATUS_TEXT } from "../../../app/lib/insights/insight-status";
import type { InsightRequestStatus, MatchRequestStatus } from "../../../db/enums";

export type PeerBindings = { DB: D1Database };
type Ctx = Context<{ Bindings: PeerBindings }>;

const SESSION_COOKIE = "__Host-partwise_session";
/** The app's session limits (app/server/identity/session.server.ts). */
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** The app's page sizes. */
const NOTIFICATION_LIMIT = 5;
const LIST_LIMIT = 100;
const EVENT_LIMIT = 3;

type Viewer = {
  userId: string;
  firstName: string;
  lastName: string;
  role: string;
  /** The shell's "confirm your email" banner (docs/decisions/070). */
  emailVerified: boolean;
  businessId: string | null;
  businessName: string | null;
  memberTier: string | null;
  subscriptionStatus: string | null;
};

type Row = Record<string, unknown>;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** Text for HTML, escaped as React escapes it. */
export const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);

function sessionToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Wave 1: the session, its user and their business — the app's loadViewer query. */
async function loadViewer(db: D1Database, cookie: string | undefined, now: number): Promise<Viewer | null> {
  const token = sessionToken(cookie);
  if (!token) return null;
  const id = await sha256Hex(token);
  const [row] = await db
    .prepare(SQL.SESSION)
    .bind(id, now, now - SESSION_IDLE_MS)
    .raw();
  if (!row) return null;
  return {
    userId: row[2] as string,
    firstName: row[4] as string,
    lastName: row[5] as string,
    role: row[7] as string,
    // row[8] is the user's staff_role.
    emailVerified: row[9] === 1,
    businessId: (row[10] as string | null) ?? null,
    businessName: (row[12] as string | null) ?? null,
    memberTier: (row[20] as string | null) ?? null,
    subscriptionStatus: (row[23] as string | null) ?? null,
    // row[33] is the user's role in that business (the app's viewer.member).
  };
}

/** The app's client guard: no session goes to the login screen at `/`; anything but a client with a business too. */
async function clientViewer(c: Ctx, now: number): Promise<(Viewer & { businessId: string }) | Response> {
  const viewer = await loadViewer(c.env.DB, c.req.header("Cookie"), now);
  if (!viewer || viewer.role !== "client" || !viewer.businessId) return c.redirect("/", 302);
  return viewer as Viewer & { businessId: string };
}

/**
 * The _app shell's reads: the five newest notifications, the unread count, whether an engagement
 * exists, the businesses the person belongs to (the switcher) and the unread messages (the
 * Messages entry's count); the peer shows neither of the last two.
 */
function shellReads(db: D1Database, viewer: Viewer & { businessId: string }) {
  return Promise.all([
    db.batch([
      db.prepare(SQL.NOTIFICATIONS).bind(viewer.userId, NOTIFICATION_LIMIT),
      db.prepare(SQL.UNREAD_NOTIFICATIONS).bind(viewer.userId),
    ]),
    db.prepare(SQL.HAS_ENGAGEMENTS).bind(viewer.businessId, 1).raw(),
    db.prepare(SQL.MEMBERSHIPS).bind(viewer.userId).raw(),
    db.prepare(SQL.UNREAD_MESSAGES).bind(viewer.userId, viewer.businessId, viewer.userId).raw(),
  ]);
}

function insightListReads(db: D1Database, businessId: string) {
  return db.batch([
    db.prepare(SQL.INSIGHT_REQUESTS).bind(businessId, LIST_LIMIT),
    db.prepare(SQL.VALUE_INSIGHTS).bind(businessId, LIST_LIMIT),
    db.prepare(SQL.MATCH_REQUESTS).bind(businessId, LIST_LIMIT),
  ]);
}

/** A match request's status sentence, derived from its row as the app derives it (ADR 061). */
const matchSentence = (m: Row) =>
  matchStatusText({
    status: m.status as MatchRequestStatus,
    nextCandidateBy: typeof m.next_candidate_by === "number" ? new Date(m.next_candidate_by) : null,
  });

/** "marketing" → "Marketing", as the app names an insight's area. */
const label = (value: unknown) => String(value ?? "").replace(/^./, (c) => c.toUpperCase());

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Oct 9, 2026" in UTC, from the date's parts as the app's formatDate does (no Intl). */
const dateLabel = (ms: unknown) => {
  if (typeof ms !== "number") return "";
  const date = new Date(ms);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};

type InsightTile = { title: string; status: string; createdAt: number; delivered: boolean };

function insightTiles(requests: Row[], values: Row[]): InsightTile[] {
  return [
    ...requests.map((r) => ({
      title: label(r.category),
      status: insightStatusText(r.status as InsightRequestStatus, r.covered_by_plan === 1),
      createdAt: Number(r.created_at),
      delivered: r.status === "ready",
    })),
    ...values.map((v) => ({
      title: String(v.title),
      status: VALUE_INSIGHT_STATUS_TEXT,
      createdAt: Number(v.created_at),
      delivered: true,
    })),
  ].sort((a, b) => b.createdAt - a.createdAt);
}

const list = <T>(items: T[], item: (value: T) => string, empty: string) =>
  items.length === 0
    ? `<p>${escapeHtml(empty)}</p>`
    : `<ul>${items.map((value) => `<li>${item(value)}</li>`).join("")}</ul>`;

function page(
  title: string,
  viewer: Viewer,
  notifications: Row[],
  unread: number,
  hasEngagements: boolean,
  main: string,
  businesses: number,
) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} | Partwise</title></head><body>
<header><p>Hello, ${escapeHtml(viewer.firstName)} ${escapeHtml(viewer.lastName)}</p><p>${escapeHtml(viewer.businessName)}${businesses > 1 ? ` (one of ${businesses})` : ""}</p>
<p><span class="unread">${unread}</span> Notifications</p>
${list(notifications, (n) => `${escapeHtml(n.title)} ${escapeHtml(n.body)} ${dateLabel(n.created_at)}`, "No notifications.")}
<nav>Dashboard Insights Matching Engagements${hasEngagements ? "" : " (available once a plan with a consultant is approved)"} Documents Hub Benchmarking Learning Center Events Support Settings</nav></header>
<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(viewer.memberTier)} plan</p>${viewer.subscriptionStatus === "past_due" ? "<p>Payment past due</p>" : ""}
${main}</main></body></html>`;
}

function tilesSection(tiles: InsightTile[], matches: Row[]) {
  const delivered = tiles.filter((t) => t.delivered).length;
  return `<section><h2>Insights</h2><dl><dt>Delivered</dt><dd>${delivered}</dd><dt>Pending</dt><dd>${tiles.length - delivered}</dd></dl>
${list(tiles, (t) => `${escapeHtml(t.title)} — ${escapeHtml(t.status)} ${dateLabel(t.createdAt)}`, "You have no insights yet.")}</section>
<section><h2>Matching</h2>${list(matches, (m) => `${escapeHtml(label(m.category))} — ${escapeHtml(matchSentence(m))}`, "There are no matches at this time.")}</section>`;
}

export const app = new Hono<{ Bindings: PeerBindings }>();

/** The bare Worker the app's /healthz is compared with. */
app.get("/healthz", (c) => c.text("ok"));

app.get("/dashboard", async (c) => {
  const now = Date.now();
  const viewer = await clientViewer(c, now);
  if (viewer instanceof Response) return viewer;
  const db = c.env.DB;
  const business = viewer.businessId;
  const year = new Date(now).getUTCFullYear();
  // Wave 2: the shell's and the dashboard's reads side by side, as the app's loaders run them.
  const [
    [[notifications, unread], engagementIds, memberships],
    [requests, values, matches],
    [outlines, items],
    [yearRows, connections, jobRows, reportRows],
    [learningItems, progress, visits],
    [files, signatures, reports, benchmarks, documentMatches],
    finance,
    events,
  ] = await Promise.all([
    shellReads(db, viewer),
    insightListReads(db, business),
    db.batch([
      db.prepare(SQL.ENGAGEMENTS).bind(business, business, LIST_LIMIT),
      db.prepare(SQL.ENGAGEMENT_ITEMS).bind(business, business),
    ]),
    db.batch([
      db.prepare(SQL.BENCHMARKING_YEAR).bind(business, year, 1),
      db.prepare(SQL.BENCHMARKING_CONNECTION).bind(business, 1),
      db.prepare(SQL.BENCHMARKING_JOB).bind("benchmarking", business, String(year), 1),
      db.prepare(SQL.BENCHMARKING_REPORT).bind(business, String(year), 1),
      db.prepare(SQL.BENCHMARKING_BOOKS).bind(String(year), business, 1),
    ]),
    db.batch([
      db.prepare(SQL.LEARNING_ITEMS),
      db.prepare(SQL.LEARNING_PROGRESS).bind(viewer.userId),
      db.prepare(SQL.LEARNING_VISITS).bind(viewer.userId),
    ]),
    db.batch([
      db.prepare(SQL.DOCUMENT_FILES).bind(business, business, business, business, business, business),
      db.prepare(SQL.DOCUMENT_SIGNATURES).bind(business),
      db.prepare(SQL.DOCUMENT_REPORTS).bind(business, "published"),
      db.prepare(SQL.DOCUMENT_BENCHMARKS).bind(business, 1),
      db.prepare(SQL.DOCUMENT_MATCHES).bind(business),
    ]),
    db.prepare(SQL.FINANCE).bind(business, 1).raw(),
    db.prepare(SQL.UPCOMING_EVENTS).bind(business, now, EVENT_LIMIT).raw(),
  ]);
  const [financeRow] = finance;
  const connection = financeRow?.[0] ?? null;
  const documentCount =
    files.results.length + signatures.results.length + reports.results.length + benchmarks.results.length;
  const main = `${tilesSection(insightTiles(requests.results as Row[], values.results as Row[]), matches.results as Row[])}
<section><h2>Engagements</h2>${list(
    outlines.results as Row[],
    (o) =>
      `${escapeHtml(o.title)} — ${escapeHtml(o.state)} (${(items.results as Row[]).filter((i) => i.outline_id === o.id).length} deliverables)`,
    "You have no engagements yet.",
  )}</section>
<section><h2>Documents Hub</h2><p>${documentCount} document${documentCount === 1 ? "" : "s"}</p>${list(
    files.results as Row[],
    (f) => `${escapeHtml(f.original_name)} ${Number(f.size_bytes)} B`,
    "No files.",
  )}</section>
<section><h2>Company data</h2><p>${
    connection === null
      ? "Connect Company Data"
      : `Connection ${escapeHtml(connection)}; report ${financeRow[6] === null ? "none" : `to ${escapeHtml(financeRow[6])}`}; job ${escapeHtml(financeRow[9] ?? "none")}`
  }</p></section>
<section><h2>Benchmarking ${year}</h2><p>${yearRows.results.length > 0 ? "Purchased" : "Not purchased"}; connection ${escapeHtml(
    (connections.results[0] as Row | undefined)?.status ?? "none",
  )}; job ${escapeHtml((jobRows.results[0] as Row | undefined)?.status ?? "none")}; report ${reportRows.results.length > 0 ? "ready" : "none"}</p></section>
<section><h2>Upcoming Events</h2>${list(
    events,
    (e) => `${escapeHtml(e[1])} ${dateLabel(e[4])} (${Number(e[10])} registered${e[11] ? ", you are registered" : ""})`,
    "No upcoming events.",
  )}</section>
<section><h2>Learning Center</h2><p>${learningItems.results.length} items, ${progress.results.length} done${
    visits.results.length > 0 ? `, last visit ${dateLabel((visits.results[0] as Row).seen_at)}` : ""
  }</p>${list(learningItems.results as Row[], (i) => `${escapeHtml(i.title)} (${escapeHtml(i.kind)})`, "New articles, videos and templates will appear here.")}</section>
<section><h2>Matching documents</h2><p>${documentMatches.results.length} match requests</p></section>`;
  return c.html(
    page(
      "Dashboard",
      viewer,
      notifications.results as Row[],
      unreadCount(unread),
      engagementIds.length > 0,
      main,
      memberships.length,
    ),
    200,
    { "Cache-Control": "private, no-store" },
  );
});

/** /features with the Insights focus (the page's default); other focuses read more and are not the peer's. */
app.get("/features", async (c) => {
  const focus = c.req.query("focus");
  if ((focus !== undefined && focus !== "Insights") || c.req.query("matchId") || c.req.query("engagementId")) {
    return c.text("Not served by the peer.", 404);
  }
  const viewer = await clientViewer(c, Date.now());
  if (viewer instanceof Response) return viewer;
  const db = c.env.DB;
  const [[[notifications, unread], engagementIds, memberships], [requests, values, matches]] = await Promise.all([
    shellReads(db, viewer),
    insightListReads(db, viewer.businessId),
  ]);
  const main = tilesSection(insightTiles(requests.results as Row[], values.results as Row[]), matches.results as Row[]);
  return c.html(
    page(
      "Insights",
      viewer,
      notifications.results as Row[],
      unreadCount(unread),
      engagementIds.length > 0,
      main,
      memberships.length,
    ),
    200,
    { "Cache-Control": "private, no-store" },
  );
});

function unreadCount(result: D1Result): number {
  const [row] = result.results as Row[];
  return Number(row?.["count(*)"] ?? 0);
}

export default app;
