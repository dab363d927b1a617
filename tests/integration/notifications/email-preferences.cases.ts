import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, notificationPreferences, notifications } from "~db/schema";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { notify, type Notice } from "~/server/notifications/notify.server";
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_MS } from "~/server/notifications/unsubscribe-token.server";
import { call, db, html, LOCAL_PEPPER, ORIGIN, postForm } from "../helpers";
import { signedInClient, signedInConsultant } from "../../factories";

const app = () => createAppContext(env as unknown as CloudflareBindings, () => {});

const notice = (userId: string, kind: string): Notice => ({
  userId,
  kind,
  title: `About ${kind}`,
  body: "Something happened.",
  link: "/dashboard",
  action: "Open Partwise",
  footer: "You get this email because you use Partwise.",
});

const outboxFor = async (to: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.createdAt));

const preference = async (userId: string, group: string) =>
  (
    await db()
      .select({ enabled: notificationPreferences.emailEnabled })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.groupKey, group)))
  )[0]?.enabled;

describe("email preferences in Settings", () => {
  it("shows the client's Email notifications form on the Preferences tab, all on by default", async () => {
    const client = await signedInClient();
    const text = await (await call("/company-profile?tab=preferences", { cookie: client.token })).text();
    expect(text).toContain("Email notifications");
    expect(text).toContain("Insights and benchmarking");
    expect(text).toContain("Consultant matching");
    expect(text).toContain("Engagements");
    expect(text).not.toContain("Consultant profile");
    expect(text.match(/name="(insights|matching|engagements)"[^>]*checked/g)?.length).toBe(3);
  });

  it("saves the client's choices idempotently, and notify() then skips the email but keeps the notification", async () => {
    const client = await signedInClient();
    const saved = await postForm(
      "/company-profile?tab=preferences",
      { intent: "email-preferences", insights: "on" },
      client.token,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Your email preferences are saved.");
    expect(await preference(client.user.id, "insights")).toBe(true);
    expect(await preference(client.user.id, "matching")).toBe(false);
    expect(await preference(client.user.id, "engagements")).toBe(false);
    expect(await preference(client.user.id, "consultants")).toBeUndefined();
    const again = await postForm(
      "/company-profile?tab=preferences",
      { intent: "email-preferences", insights: "on" },
      client.token,
    );
    expect(again.status).toBe(200);

    await notify(app(), ORIGIN, [
      notice(client.user.id, "candidate_ready"),
      notice(client.user.id, "insight_ready"),
      notice(client.user.id, "item_paid"),
    ]);
    const kinds = (await outboxFor(client.user.email)).map((row) => row.kind).sort();
    expect(kinds).toEqual(["insight_ready", "item_paid"]);
    const written = await db().select().from(notifications).where(eq(notifications.userId, client.user.id));
    expect(written.map((row) => row.kind).sort()).toEqual(["candidate_ready", "insight_ready", "item_paid"]);

    const page = await (await call("/company-profile?tab=preferences", { cookie: client.token })).text();
    expect(page.match(/name="(insights|matching|engagements)"[^>]*checked/g)).toEqual([
      expect.stringContaining('name="insights"'),
    ]);
  });

  it("saves a consultant's choices in /consultant/settings and refuses anonymous posts", async () => {
    const consultant = await signedInConsultant();
    const page = await (await call("/consultant/settings", { cookie: consultant.token })).text();
    expect(page).toContain("Consultant profile");
    const saved = await postForm(
      "/consultant/settings",
      { intent: "email-preferences", matching: "on" },
      consultant.token,
    );
    expect(saved.status).toBe(200);
    expect(await preference(consultant.user.id, "consultants")).toBe(false);
    expect(await preference(consultant.user.id, "matching")).toBe(true);
    expect(await preference(consultant.user.id, "insights")).toBeUndefined();
    const anonymous = await postForm("/company-profile?tab=preferences", { intent: "email-preferences" }, null);
    expect(anonymous.status).toBe(302);
  });
});

describe("unsubscribe links and headers", () => {
  it("puts the one-click link and the List-Unsubscribe headers on non-essential emails only", async () => {
    const client = await signedInClient();
    await notify(app(), ORIGIN, [notice(client.user.id, "insight_ready"), notice(client.user.id, "plan_signed")]);
    const rows = await outboxFor(client.user.email);
    const insight = rows.find((row) => row.kind === "insight_ready")!;
    const signed = rows.find((row) => row.kind === "plan_signed")!;
    expect(insight.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/partwise\.test\/unsubscribe\?token=[^>]+)>$/.exec(
      insight.headers!["List-Unsubscribe"]!,
    )![1]!;
    expect(insight.textBody).toContain(`Unsubscribe from these emails: ${link}`);
    expect(insight.htmlBody).toContain(html(link));
    expect(signed.headers).toBeNull();
    expect(signed.textBody).not.toContain("Unsubscribe");

    const path = link.slice(ORIGIN.length);
    const confirm = await call(path);
    expect(confirm.status).toBe(200);
    const text = await confirm.text();
    expect(text).toContain("Stop emails about Insights and benchmarking?");
    expect(await preference(client.user.id, "insights")).toBeUndefined();

    // RFC 8058: a mail provider's POST, no cookie and no Origin.
    const oneClick = await SELF_POST(path, "List-Unsubscribe=One-Click");
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You will no longer get emails about Insights and benchmarking.");
    expect(await preference(client.user.id, "insights")).toBe(false);
    const twice = await SELF_POST(path, "List-Unsubscribe=One-Click");
    expect(twice.status).toBe(200);

    // A POST from a page that is not ours (a foreign or null Origin) is refused like every other
    // cross-site write: 403, never an error page, and nothing changes.
    const other = await signedInClient();
    await notify(app(), ORIGIN, [notice(other.user.id, "insight_ready")]);
    const [otherEmail] = await outboxFor(other.user.email);
    const otherPath = otherEmail!.headers!["List-Unsubscribe"]!.slice(`<${ORIGIN}`.length, -1);
    for (const origin of ["https://evil.example", "null"]) {
      const refused = await call(otherPath, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe("Cross-site requests are not allowed.");
    }
    expect(await preference(other.user.id, "insights")).toBeUndefined();

    await notify(app(), ORIGIN, [notice(client.user.id, "benchmarking_ready")]);
    expect((await outboxFor(client.user.email)).some((row) => row.kind === "benchmarking_ready")).toBe(false);
  });

  it("refuses forged and expired tokens, changing nothing", async () => {
    const client = await signedInClient();
    const forged = await signUnsubscribeToken(
      "another-secret-of-at-least-32-chars!!",
      client.user.id,
      "matching",
      new Date(),
    );
    const expired = await signUnsubscribeToken(
      LOCAL_PEPPER,
      client.user.id,
      "matching",
      new Date(Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1000),
    );
    const invalid =
      "This unsubscribe link is not valid or has expired. You can change your email preferences in Settings.";
    for (const token of [forged, expired, "junk", ""]) {
      const page = await call(`/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(html(invalid));
      const post = await postForm(`/unsubscribe?token=${encodeURIComponent(token)}`, { token }, null);
      expect(post.status).toBe(400);
      expect(await post.text()).toContain(html(invalid));
    }
    expect(await preference(client.user.id, "matching")).toBeUndefined();

    // A valid token of an account that no longer exists cannot do anything: a 400, not an error page.
    const gone = await signUnsubscribeToken(LOCAL_PEPPER, crypto.randomUUID(), "matching", new Date());
    const post = await postForm(`/unsubscribe?token=${encodeURIComponent(gone)}`, { token: gone }, null);
    expect(post.status).toBe(400);
    expect(await post.text()).toContain(html(invalid));
  });
});

/** A POST as a mail provider sends it: form-encoded, no cookie, no Origin. */
function SELF_POST(path: string, body: string) {
  return call(path, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "" },
  });
}
