import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "~db/schema";
import * as audit from "~/server/audit/audit.server";
import { recordAudit } from "~/server/audit/audit.server";
import { appAt, call, db, html, postForm } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager, signedInTeam } from "../../factories";

/** The audit trail (issue #38 item 2, docs/decisions/065): recorded, append-only, read by its business and by staff. */

const FROM = { "CF-Connecting-IP": "203.0.113.7", "User-Agent": "AuditTest/1.0" };

function postBusiness(token: string, name: string) {
  const body = new URLSearchParams({
    intent: "business",
    name,
    role: "Owner",
    location: "Portland, ME",
    employeeCount: "25-50",
  });
  return call("/company-profile?tab=business", { method: "POST", body, cookie: token, headers: FROM });
}

const eventsOf = (businessId: string) => db().select().from(auditEvents).where(eq(auditEvents.businessId, businessId));

describe("the audit trail", () => {
  it("is append-only: the table refuses any update or delete, and the module has no way to change a row", async () => {
    const app = appAt();
    const businessId = `biz-${crypto.randomUUID()}`;
    await recordAudit(app, {
      actor: { userId: null, kind: "system" },
      action: "item.refunded",
      businessId,
      subject: { type: "deliverable", id: "d1" },
      detail: { amountCents: 100 },
    });
    // What the database answered (Drizzle wraps it as the error's cause); null when it did it.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => null,
        (error: Error) => String(error.cause ?? error),
      );
    const update = db()
      .update(auditEvents)
      .set({ action: "user.password_changed" })
      .where(eq(auditEvents.businessId, businessId));
    expect(await refusal(update)).toMatch(/audit_events is append-only/);
    const removal = db().delete(auditEvents).where(eq(auditEvents.businessId, businessId));
    expect(await refusal(removal)).toMatch(/audit_events is append-only/);
    expect(await eventsOf(businessId)).toMatchObject([{ action: "item.refunded", detail: { amountCents: 100 } }]);
    expect(Object.keys(audit).filter((name) => /update|delete|remove|erase|edit/i.test(name))).toEqual([]);
  });

  it("records a change of the business's details with who, as what, from where and what changed; the same values again record nothing", async () => {
    const client = await signedInClient();
    const saved = await postBusiness(client.token, "Casco Bay Goods");
    expect(saved.status).toBe(200);
    const [event, ...more] = await eventsOf(client.business.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      actorUserId: client.user.id,
      actorKind: "client",
      action: "business.info_updated",
      subjectType: "business",
      subjectId: client.business.id,
      ip: "203.0.113.7",
      userAgent: "AuditTest/1.0",
      detail: { name: ["Harbor Supply Co.", "Casco Bay Goods"] },
    });
    expect(Object.keys(event!.detail).sort()).toEqual(["name"]);
    await postBusiness(client.token, "Casco Bay Goods");
    expect(await eventsOf(client.business.id)).toHaveLength(1);

    // Settings → Activity shows it; the CSV has it, and nothing of another business.
    const other = await signedInClient();
    await postBusiness(other.token, "Someone Else's Shop");
    const page = await (await call("/company-profile?tab=activity", { cookie: client.token })).text();
    expect(page).toContain("Changed the business&#x27;s details");
    expect(page).toContain(html("Name: “Harbor Supply Co.” → “Casco Bay Goods”"));
    expect(page).toContain("203.0.113.7");
    expect(page).toContain('href="/company-profile/activity.csv"');
    expect(page).not.toContain("Someone Else");
    const csv = await call("/company-profile/activity.csv", { cookie: client.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="partwise-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await csv.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("When (UTC),Who,As,What,Subject,Subject id,Details,IP,User agent");
    expect(lines[1]).toContain(`,Business,Changed the business's details,business,${client.business.id},`);
    expect(lines[1]).toContain("Name: “Harbor Supply Co.” → “Casco Bay Goods”,203.0.113.7,AuditTest/1.0");
    expect(text).not.toContain("Someone Else");
    expect(lines).toHaveLength(3); // header, one event, the final CRLF
  });

  it("is read by owners and admins: members and viewers see no Activity tab, and the CSV refuses them", async () => {
    const team = await signedInTeam();
    await postBusiness(team.owner.token, "Casco Bay Goods");
    for (const person of [team.owner, team.admin]) {
      const page = await (await call("/company-profile?tab=activity", { cookie: person.token })).text();
      expect(page).toContain('id="settings-tab-activity"');
      expect(page).toContain("Changed the business&#x27;s details");
      expect((await call("/company-profile/activity.csv", { cookie: person.token })).status).toBe(200);
    }
    for (const person of [team.member, team.viewer]) {
      // Asked for, the tab is not there: the page opens on Personal, with no trail.
      const page = await (await call("/company-profile?tab=activity", { cookie: person.token })).text();
      expect(page).not.toContain('id="settings-tab-activity"');
      expect(page).not.toContain("Changed the business&#x27;s details");
      expect(page).toMatch(/<a[^>]*id="settings-tab-personal"[^>]*aria-selected="true"/);
      const csv = await call("/company-profile/activity.csv", { cookie: person.token });
      expect(csv.status).toBe(403);
      expect(await csv.text()).not.toContain("Casco Bay Goods");
    }
  });

  it("records a password change and personal details, never the password", async () => {
    const client = await signedInClient();
    const personal = await postForm(
      "/company-profile?tab=personal",
      {
        intent: "personal",
        firstName: "Dana",
        lastName: "Whitfield",
        email: client.user.email,
        phone: "(207) 555-0101",
      },
      client.token,
    );
    expect(personal.status).toBe(200);
    const events = await eventsOf(client.business.id);
    expect(events).toMatchObject([
      {
        action: "user.personal_updated",
        subjectId: client.user.id,
        detail: {
          firstName: ["Test", "Dana"],
          lastName: ["Person", "Whitfield"],
          phone: ["(555) 555-0100", "(207) 555-0101"],
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/password/i);
  });

  it("staff read a business's trail and download it; the staff's own matters are admins'; others get 404", async () => {
    const client = await signedInClient();
    await postBusiness(client.token, "Audited Goods");
    const manager = await signedInManager({ staffRole: "manager" });
    const admin = await signedInManager();
    const page = await call(`/manage/audit?business=${client.business.id}`, { cookie: manager.token });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("<h1>Audit trail</h1>");
    expect(body).toContain(html("Name: “Harbor Supply Co.” → “Audited Goods”"));
    expect(body).not.toContain('value="staff"');
    const csv = await call(`/manage/audit.csv?business=${client.business.id}`, { cookie: manager.token });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Audited Goods");

    expect((await call("/manage/audit?business=staff", { cookie: manager.token })).status).toBe(404);
    expect((await call("/manage/audit.csv?business=staff", { cookie: manager.token })).status).toBe(404);
    expect((await call("/manage/audit?business=staff", { cookie: admin.token })).status).toBe(200);
    expect((await call("/manage/audit?business=no-such-business", { cookie: admin.token })).status).toBe(404);
    expect((await call("/manage/audit.csv", { cookie: admin.token })).status).toBe(404);

    const consultant = await signedInConsultant();
    for (const cookie of [client.token, consultant.token, null]) {
      expect((await call(`/manage/audit?business=${client.business.id}`, { cookie })).status).toBe(404);
      expect((await call(`/manage/audit.csv?business=${client.business.id}`, { cookie })).status).toBe(404);
    }
    // The business's own CSV is the owner's: staff and others are sent to their home, never the file.
    const elsewhere = await call("/company-profile/activity.csv", { cookie: manager.token });
    expect(elsewhere.status).toBe(302);
  });

  it("turns the pages: the newest 100, then the older ones, in order, with a way back; a broken cursor shows the newest", async () => {
    const client = await signedInClient();
    const manager = await signedInManager({ staffRole: "manager" });
    const businessId = client.business.id;
    // 103 events, one a second; the last two share a time (the id breaks the tie).
    const start = Date.UTC(2026, 0, 1);
    const times = [...Array.from({ length: 102 }, (_, i) => start + i * 1000), start + 101 * 1000];
    await Promise.all(
      times.map((at, i) =>
        recordAudit(appAt(new Date(at)), {
          actor: { userId: client.user.id, kind: "client" },
          action: "business.info_updated",
          businessId,
          subject: { type: "business", id: businessId },
          detail: { name: [`Name ${i}`, `Name ${i + 1}`] },
        }),
      ),
    );
    const names = (text: string) => [...text.matchAll(/Name: “Name (\d+)”/g)].map((m) => Number(m[1]));
    const olderLink = (text: string) =>
      /href="([^"]*before=[^"]*)"[^>]*>Older events</.exec(text)?.[1]?.replaceAll("&amp;", "&");
    for (const [first, cookie] of [
      [`/company-profile?tab=activity`, client.token],
      [`/manage/audit?business=${businessId}`, manager.token],
    ] as const) {
      const newest = await (await call(first, { cookie })).text();
      const top = names(newest);
      expect(top).toHaveLength(100);
      expect(newest).not.toContain("Newest events");
      const next = olderLink(newest);
      expect(next).toBeDefined();
      const older = await (await call(next!, { cookie })).text();
      const rest = names(older);
      // Every event once, across the two pages.
      expect([...top, ...rest].sort((a, b) => a - b)).toEqual(Array.from({ length: 103 }, (_, i) => i));
      expect(rest.slice(-1)).toEqual([0]);
      expect(older).toContain("Newest events");
      expect(olderLink(older)).toBeUndefined();
      // A cursor that is not one shows the newest page.
      expect(names(await (await call(`${first}&before=junk`, { cookie })).text())).toEqual(top);
    }
  });

  it("records a staff removal once, by the call that made it, even when two admins remove at once", async () => {
    const first = await signedInManager();
    const second = await signedInManager();
    const leaving = await signedInManager({ staffRole: "manager" });
    const answers = await Promise.all(
      [first, second].map((admin) =>
        postForm("/manage/staff", { intent: "remove", userId: leaving.user.id }, admin.token),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const removals = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, leaving.user.id));
    expect(removals).toMatchObject([{ action: "staff.removed", actorKind: "admin", businessId: null }]);
    const staffPage = await (await call("/manage/audit?business=staff", { cookie: first.token })).text();
    expect(staffPage).toContain("Removed a staff member");
  });
});
