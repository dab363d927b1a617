import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, notificationPreferences, notifications } from "~db/schema";
import { createAppContext } from "~/server/load-context";
import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { notify, type Notice } from "~/server/notifications/notify.server";
import { call, db, html, ORIGIN, postForm } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

/** The engagement manager's Email notifications form, /manage/settings. */

const app = () => createAppContext(env as unknown as CloudflareBindings, () => {});

const notice = (userId: string, kind: string): Notice => ({
  userId,
  kind,
  title: `About ${kind}`,
  body: "Something happened.",
  link: "/manage",
  action: "Open the console",
  footer: "You get this email because you are an engagement manager on Partwise.",
});

const preference = async (userId: string, group: string) =>
  (
    await db()
      .select({ enabled: notificationPreferences.emailEnabled })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.groupKey, group)))
  )[0]?.enabled;

describe("/manage/settings", () => {
  it("shows the manager's groups, all on by default, and the console links to it", async () => {
    const manager = await signedInManager();
    const response = await call("/manage/settings", { cookie: manager.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).toContain("<h1>Settings</h1>");
    expect(text).toContain("Email notifications");
    expect(text).toContain("Consultant matching");
    expect(text).toContain("Engagement plans and deliverables.");
    expect(text).toContain("Applications and profile reviews.");
    expect(text).not.toContain("Insights and benchmarking");
    expect(text).not.toContain('name="events"');
    expect(text.match(/name="(matching|engagements|consultants)"[^>]*checked/g)?.length).toBe(3);
    expect(text).toContain('href="/manage/settings"');
  });

  it("saves the manager's choices idempotently; notify() then skips those emails but keeps the notifications", async () => {
    const manager = await signedInManager();
    for (let i = 0; i < 2; i++) {
      const saved = await postForm(
        "/manage/settings",
        { intent: "email-preferences", consultants: "on" },
        manager.token,
      );
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("Your email preferences are saved.");
    }
    expect(await preference(manager.user.id, "matching")).toBe(false);
    expect(await preference(manager.user.id, "engagements")).toBe(false);
    expect(await preference(manager.user.id, "consultants")).toBe(true);
    expect(await preference(manager.user.id, "insights")).toBeUndefined();

    await notify(app(), ORIGIN, [
      notice(manager.user.id, "shortlist_ready"),
      notice(manager.user.id, "plan_submitted"),
      notice(manager.user.id, "consultant_application"),
    ]);
    const sent = await db()
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, manager.user.email))
      .orderBy(desc(emailOutbox.createdAt));
    expect(sent.map((row) => row.kind)).toEqual(["consultant_application"]);
    const written = await db().select().from(notifications).where(eq(notifications.userId, manager.user.id));
    expect(written.map((row) => row.kind).sort()).toEqual([
      "consultant_application",
      "plan_submitted",
      "shortlist_ready",
    ]);

    const page = await (await call("/manage/settings", { cookie: manager.token })).text();
    expect(page.match(/name="(matching|engagements|consultants)"[^>]*checked/g)).toEqual([
      expect.stringContaining('name="consultants"'),
    ]);
  });

  it("answers another intent with the form's error and writes nothing", async () => {
    const manager = await signedInManager();
    const response = await postForm("/manage/settings", { intent: "password", matching: "on" }, manager.token);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(FORM_UNREADABLE_MESSAGE));
    expect(await preference(manager.user.id, "matching")).toBeUndefined();
  });

  it("is the manager's only: clients, consultants and visitors get a 404 and nothing is written", async () => {
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    for (const [cookie, userId] of [
      [client.token, client.user.id],
      [consultant.token, consultant.user.id],
      [null, null],
    ] as const) {
      expect((await call("/manage/settings", { cookie })).status).toBe(404);
      const post = await postForm("/manage/settings", { intent: "email-preferences" }, cookie);
      expect(post.status).toBe(404);
      if (userId) expect(await preference(userId, "matching")).toBeUndefined();
    }
  });
});
