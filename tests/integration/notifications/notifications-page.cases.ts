import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "~db/schema";
import { call, db, html, postForm } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

/** Inserts notifications for a user, the first one newest. */
async function seed(userId: string, count: number, options: { read?: boolean; link?: string | null } = {}) {
  const ids: string[] = [];
  const base = Date.UTC(2026, 10, 3, 12, 0, 0);
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    ids.push(id);
    await db()
      .insert(notifications)
      .values({
        id,
        userId,
        kind: "insight_ready",
        title: `Notice ${i + 1}`,
        body: `Body ${i + 1}`,
        link: options.link === undefined ? "/insight-discovery" : options.link,
        readAt: options.read ? new Date(base) : null,
        createdAt: new Date(base - i * 60_000),
      });
  }
  return ids;
}

const unreadOf = async (userId: string) =>
  (
    await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  ).length;

const readAt = async (id: string) =>
  (await db().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, id)))[0]!.readAt;

describe("the bell's unread count", () => {
  it("names the unread count in the bell's accessible name and badge, and says nothing at zero", async () => {
    const client = await signedInClient();
    await seed(client.user.id, 3);
    await seed(client.user.id, 2, { read: true });
    const text = await (await call("/dashboard", { cookie: client.token })).text();
    expect(text).toContain('aria-label="Notifications, 3 unread"');
    expect(text).toMatch(/<span class="hub-n-bell-badge" aria-hidden="true">3<\/span>/);
    expect(text).toContain("View all notifications");

    const other = await signedInClient();
    const quiet = await (await call("/dashboard", { cookie: other.token })).text();
    expect(quiet).toContain('aria-label="Notifications"');
    expect(quiet).not.toContain("hub-n-bell-badge");
  });
});

describe("/notifications", () => {
  it("sends visitors to sign in and staff to their home", async () => {
    const anonymous = await call("/notifications");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const consultant = await signedInConsultant();
    const staff = await call("/notifications", { cookie: consultant.token });
    expect(staff.status).toBe(302);
    expect(await postForm("/notifications", { intent: "read-all" }, null).then((r) => r.status)).toBe(302);
  });

  it("lists every notification newest first, 20 a page, the unread ones marked", async () => {
    const client = await signedInClient();
    await seed(client.user.id, 22);
    const first = await call("/notifications", { cookie: client.token });
    expect(first.status).toBe(200);
    const text = await first.text();
    expect(text).toContain('<h1 id="notifications-title">Notifications</h1>');
    expect(text).toContain("22 unread");
    expect(text).toContain("Page 1 of 2");
    expect(text).toContain("Nov 3, 2026");
    expect(text.indexOf(">Notice 1<")).toBeLessThan(text.indexOf(">Notice 2<"));
    expect(text).toContain(">Notice 20<");
    expect(text).not.toContain(">Notice 21<");
    // 20 on the page; the bell's panel lists the layout's newest five only once opened.
    expect(text.match(/>Unread</g)?.length).toBe(20);
    expect(text).toContain('href="/notifications?page=2"');
    const second = await (await call("/notifications?page=2", { cookie: client.token })).text();
    expect(second).toContain(">Notice 21<");
    expect(second).toContain(">Notice 22<");
    expect(second).toContain("Page 2 of 2");
    const junk = await call("/notifications?page=abc", { cookie: client.token });
    expect(await junk.text()).toContain("Page 1 of 2");
  });

  it("shows the empty state", async () => {
    const client = await signedInClient();
    const text = await (await call("/notifications", { cookie: client.token })).text();
    expect(text).toContain(
      html("You have no notifications yet. We tell you here, and by email, when something needs you."),
    );
    expect(text).toContain("No unread notifications");
  });

  it("marks one read (idempotently) and refuses another user's with a 404, writing nothing", async () => {
    const client = await signedInClient();
    const [id] = await seed(client.user.id, 2);
    const marked = await postForm("/notifications", { intent: "read", id: id! }, client.token);
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain("Notification marked as read.");
    const first = await readAt(id!);
    expect(first).not.toBeNull();
    const again = await postForm("/notifications", { intent: "read", id: id! }, client.token);
    expect(again.status).toBe(200);
    expect((await readAt(id!))!.getTime()).toBe(first!.getTime());
    expect(await unreadOf(client.user.id)).toBe(1);

    const stranger = await signedInClient();
    const [theirs] = await seed(stranger.user.id, 1);
    const refused = await postForm("/notifications", { intent: "read", id: theirs! }, client.token);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("That notification was not found.");
    expect(await readAt(theirs!)).toBeNull();
    const opened = await postForm("/notifications", { intent: "open", id: theirs! }, client.token);
    expect(opened.status).toBe(404);
    expect(await readAt(theirs!)).toBeNull();
  });

  it("opening a notification marks it read and goes to its link (only in-app links)", async () => {
    const client = await signedInClient();
    const [id] = await seed(client.user.id, 1, { link: "/insight-discovery?type=REPORT" });
    const opened = await postForm("/notifications", { intent: "open", id: id! }, client.token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/insight-discovery?type=REPORT");
    expect(await readAt(id!)).not.toBeNull();
    const [outside] = await seed(client.user.id, 1, { link: "//evil.test/x" });
    const safe = await postForm("/notifications", { intent: "open", id: outside! }, client.token);
    expect(safe.headers.get("Location")).toBe("/notifications");
  });

  it("marks all read, idempotently, and only the user's own", async () => {
    const client = await signedInClient();
    const stranger = await signedInClient();
    await seed(client.user.id, 4);
    await seed(stranger.user.id, 2);
    const all = await postForm("/notifications", { intent: "read-all" }, client.token);
    expect(all.status).toBe(200);
    expect(await all.text()).toContain("All notifications are marked as read.");
    expect(await unreadOf(client.user.id)).toBe(0);
    expect(await unreadOf(stranger.user.id)).toBe(2);
    const again = await postForm("/notifications", { intent: "read-all" }, client.token);
    expect(again.status).toBe(200);
    const page = await (await call("/notifications", { cookie: client.token })).text();
    expect(page).toContain("No unread notifications");
    expect(page).not.toContain("Mark all as read");
  });

  it("answers junk with 400 and the form's error", async () => {
    const client = await signedInClient();
    const bad = await postForm("/notifications", { intent: "explode" }, client.token);
    expect(bad.status).toBe(400);
    const json = await call("/notifications", {
      method: "POST",
      cookie: client.token,
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(html("We couldn't read that form. Please reload the page and try again."));
  });
});

describe("/consultant/notifications", () => {
  it("lists the consultant's own, marks one and all read, and refuses a client's", async () => {
    const consultant = await signedInConsultant();
    const client = await signedInClient();
    const [mine] = await seed(consultant.user.id, 3);
    const [theirs] = await seed(client.user.id, 1);
    const page = await (await call("/consultant/notifications", { cookie: consultant.token })).text();
    expect(page).toContain("3 unread");
    expect(page).toContain(">Notice 1<");
    expect((await postForm("/consultant/notifications", { intent: "read", id: mine! }, consultant.token)).status).toBe(
      200,
    );
    expect(await unreadOf(consultant.user.id)).toBe(2);
    const refused = await postForm("/consultant/notifications", { intent: "read", id: theirs! }, consultant.token);
    expect(refused.status).toBe(404);
    expect(await readAt(theirs!)).toBeNull();
    expect((await postForm("/consultant/notifications", { intent: "read-all" }, consultant.token)).status).toBe(200);
    expect(await unreadOf(consultant.user.id)).toBe(0);
    expect((await call("/consultant/notifications", { cookie: client.token })).status).toBe(404);
    expect((await postForm("/consultant/notifications", { intent: "read-all" }, client.token)).status).toBe(404);
    expect(await unreadOf(client.user.id)).toBe(1);
  });
});

describe("/manage/notifications", () => {
  it("lists the manager's own, marks them read, refuses another's and is not there for clients", async () => {
    const manager = await signedInManager();
    const client = await signedInClient();
    const [mine] = await seed(manager.user.id, 2);
    const [theirs] = await seed(client.user.id, 1);
    const page = await call("/manage/notifications", { cookie: manager.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("2 unread");
    expect(text).toMatch(
      /href="\/manage\/notifications"[^>]*>.*?<span class="console-nav-label">Notifications<\/span>/,
    );
    expect((await postForm("/manage/notifications", { intent: "read", id: mine! }, manager.token)).status).toBe(200);
    expect(await unreadOf(manager.user.id)).toBe(1);
    expect((await postForm("/manage/notifications", { intent: "read", id: theirs! }, manager.token)).status).toBe(404);
    expect(await readAt(theirs!)).toBeNull();
    expect((await postForm("/manage/notifications", { intent: "read-all" }, manager.token)).status).toBe(200);
    expect(await unreadOf(manager.user.id)).toBe(0);
    expect((await call("/manage/notifications", { cookie: client.token })).status).toBe(404);
    expect((await call("/manage/notifications")).status).toBe(404);
  });
});

/**
 * The three Notifications pages share one loader and one action (app/http/notifications-route.server.ts),
 * each naming its guard and its list path: every page answers its forms alike for its own person
 * (no-JS posts), sends `open` of a notification without a link back to its own list, and turns
 * everyone else away as its guard does, writing nothing.
 */
describe.each([
  {
    path: "/notifications",
    person: signedInClient,
    outsider: signedInConsultant,
    visitor: { status: 302, location: "/" },
    outsiderAnswer: { status: 302, location: "/consultant" },
  },
  {
    path: "/consultant/notifications",
    person: signedInConsultant,
    outsider: signedInClient,
    visitor: { status: 302, location: "/" },
    outsiderAnswer: { status: 404, location: null },
  },
  {
    path: "/manage/notifications",
    person: signedInManager,
    outsider: signedInClient,
    visitor: { status: 404, location: null },
    outsiderAnswer: { status: 404, location: null },
  },
])("the Notifications page $path", ({ path, person, outsider, visitor, outsiderAnswer }) => {
  it("marks one read, opens one (its link, else the list), marks all read; another's is 404 and unwritten", async () => {
    const me = await person();
    const stranger = await signedInClient();
    const [linked] = await seed(me.user.id, 1, { link: "/somewhere?from=notice" });
    const [bare] = await seed(me.user.id, 1, { link: null });
    const [plain] = await seed(me.user.id, 2);
    const [theirs] = await seed(stranger.user.id, 1);

    const page = await call(path, { cookie: me.token });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await page.text()).toContain("4 unread");

    const marked = await postForm(path, { intent: "read", id: plain! }, me.token);
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain("Notification marked as read.");
    expect(await readAt(plain!)).not.toBeNull();

    const opened = await postForm(path, { intent: "open", id: linked! }, me.token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/somewhere?from=notice");
    expect(await readAt(linked!)).not.toBeNull();
    const openedBare = await postForm(path, { intent: "open", id: bare! }, me.token);
    expect(openedBare.status).toBe(303);
    expect(openedBare.headers.get("Location")).toBe(path);
    expect(await readAt(bare!)).not.toBeNull();

    for (const intent of ["read", "open"]) {
      const refused = await postForm(path, { intent, id: theirs! }, me.token);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain("That notification was not found.");
    }
    expect(await readAt(theirs!)).toBeNull();

    const bad = await postForm(path, { intent: "explode" }, me.token);
    expect(bad.status).toBe(400);
    const json = await call(path, {
      method: "POST",
      cookie: me.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "read-all" }),
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(html("We couldn't read that form. Please reload the page and try again."));
    expect(await unreadOf(me.user.id)).toBe(1);

    const all = await postForm(path, { intent: "read-all" }, me.token);
    expect(all.status).toBe(200);
    expect(await all.text()).toContain("All notifications are marked as read.");
    expect(await unreadOf(me.user.id)).toBe(0);
    expect(await unreadOf(stranger.user.id)).toBe(1);
  });

  it("turns away a visitor and another role as its guard does, writing nothing", async () => {
    const other = await outsider();
    const [theirs] = await seed(other.user.id, 2);
    const answers = [
      [visitor, await call(path)],
      [visitor, await postForm(path, { intent: "read-all" }, null)],
      [outsiderAnswer, await call(path, { cookie: other.token })],
      [outsiderAnswer, await postForm(path, { intent: "read-all" }, other.token)],
      [outsiderAnswer, await postForm(path, { intent: "read", id: theirs! }, other.token)],
    ] as const;
    for (const [expected, answer] of answers) {
      expect(answer.status).toBe(expected.status);
      expect(answer.headers.get("Location")).toBe(expected.location);
    }
    expect(await unreadOf(other.user.id)).toBe(2);
  });
});
