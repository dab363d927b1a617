import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consultantInvitations,
  consultantProfileDrafts,
  consultantProfiles,
  consultantVettings,
  users,
} from "~db/schema";
import type { ProfileDraftFields } from "~/lib/consultants/profile";
import { auditOf, call, createConsultant, createUser, db, html, postForm, noticesOf } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

const COMPLETE: ProfileDraftFields = {
  photoKey: "consultants/x/photo-first.jpg",
  headline: "Fractional COO for clinics",
  bio: "Ten years running multi-site clinics.",
  missionStatement: "Calm operations, happy patients.",
  education: "MHA, Tulane",
  yearsOfExperience: 10,
  location: "Austin, TX",
  linkedinUrl: "https://www.linkedin.com/in/ivy-reviewa",
  businessAreas: ["operations"],
  engagementTypes: ["fractional"],
  industries: ["62"],
  industryCodes: ["621"],
  companySizes: ["25-50"],
  rateUnit: "day",
  rateCents: 120_000,
  availability: "available",
  hoursPerWeek: 20,
  awayUntil: "2030-01-15",
  timeZone: "America/Chicago",
};

async function newcomer(firstName: string, lastName: string) {
  const { user } = await createUser({ role: "consultant" });
  await db().update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
  return { user, name: `${firstName} ${lastName}` };
}

async function draft(userId: string, fields: ProfileDraftFields, status: "editing" | "submitted" = "submitted") {
  await db()
    .insert(consultantProfileDrafts)
    .values({ userId, fields, status, submittedAt: status === "submitted" ? new Date() : null });
}

const profileOf = async (userId: string) =>
  (await db().select().from(consultantProfiles).where(eq(consultantProfiles.userId, userId)))[0];
const draftOf = async (userId: string) =>
  (await db().select().from(consultantProfileDrafts).where(eq(consultantProfileDrafts.userId, userId)))[0];
const vettingsOf = (userId: string) =>
  db()
    .select()
    .from(consultantVettings)
    .where(eq(consultantVettings.consultantId, userId))
    .orderBy(asc(consultantVettings.createdAt));
const review = (id: string) => `/manage/consultants/${id}/review`;

describe("reviewing a consultant's profile", () => {
  it("shows the waiting first profile and approves it: profile published and vetted, vetting recorded, draft gone, consultant told", async () => {
    const manager = await signedInManager();
    const ivy = await newcomer("Ivy", "Reviewa");
    await draft(ivy.user.id, COMPLETE);

    const page = await (await call(review(ivy.user.id), { cookie: manager.token })).text();
    expect(page).toContain(html("Review Ivy Reviewa's profile"));
    expect(page).toContain("Fractional COO for clinics");
    expect(page).toContain(`src="/consultant-photos/${ivy.user.id}?version=draft"`);
    expect(page).toContain('alt="Ivy Reviewa"');
    expect(page).toContain("What changed");
    expect(page).toContain("$1,200.00 per day");
    expect(page).toContain("Approve and vet");
    expect(page).toContain("Request changes");

    const approved = await postForm(
      review(ivy.user.id),
      { intent: "approve", notes: "Strong references." },
      manager.token,
    );
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(`/manage/consultants/${ivy.user.id}?reviewed=vetted`);
    const landed = await (await call(approved.headers.get("Location")!, { cookie: manager.token })).text();
    expect(landed).toContain("Ivy Reviewa&#x27;s profile is published and vetted. Matching can now propose them.");

    const profile = await profileOf(ivy.user.id);
    expect(profile).toMatchObject({
      headline: "Fractional COO for clinics",
      photoKey: COMPLETE.photoKey,
      linkedinUrl: COMPLETE.linkedinUrl,
      businessAreas: ["operations"],
      industryCodes: ["621"],
      rateUnit: "day",
      rateCents: 120_000,
      hourlyRateCents: 15_000,
      hoursPerWeek: 20,
      timeZone: "America/Chicago",
      vetted: true,
    });
    expect(profile.awayUntil?.toISOString()).toBe("2030-01-15T00:00:00.000Z");
    expect((await vettingsOf(ivy.user.id)).map((row) => [row.decision, row.notes, row.decidedById])).toEqual([
      ["vetted", "Strong references.", manager.user.id],
    ]);
    expect(await draftOf(ivy.user.id)).toBeUndefined();
    const told = await noticesOf(ivy.user.id);
    expect(told.map((row) => [row.body, row.link])).toEqual([
      ["Your profile changes are approved and published.", "/consultant/profile"],
    ]);

    // A second approve (a double click) writes nothing.
    const again = await postForm(review(ivy.user.id), { intent: "approve" }, manager.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This consultant has no profile changes waiting for review.");
    expect(await vettingsOf(ivy.user.id)).toHaveLength(1);
    expect(await noticesOf(ivy.user.id)).toHaveLength(1);
    // The staff's audit trail has the one publication, by this manager.
    expect(await auditOf(null, ivy.user.id)).toMatchObject([
      {
        action: "consultant.published",
        actorUserId: manager.user.id,
        subjectType: "consultant",
        detail: { consultant: "Ivy Reviewa", outcome: "Vetted and published" },
      },
    ]);
    const nothing = await (await call(review(ivy.user.id), { cookie: manager.token })).text();
    expect(nothing).toContain("This consultant has no profile changes waiting for review.");
  });

  it("approves changes of a published consultant: fields updated, still vetted, the replaced photo removed", async () => {
    const manager = await signedInManager();
    const oldKey = `consultants/${crypto.randomUUID()}/photo-old.jpg`;
    const newKey = `consultants/${crypto.randomUUID()}/photo-new.jpg`;
    const jo = await createConsultant({ photoKey: oldKey }, { firstName: "Jo", lastName: "Changer" });
    await db().update(users).set({ firstName: "Jo", lastName: "Changer" }).where(eq(users.id, jo.user.id));
    await env.FILES.put(oldKey, "old photo");
    await env.FILES.put(newKey, "new photo");
    await draft(jo.user.id, {
      headline: "Interim CFO for retailers",
      photoKey: newKey,
      rateUnit: "hour",
      rateCents: 18_000,
    });

    const page = await (await call(review(jo.user.id), { cookie: manager.token })).text();
    expect(page).toContain("Approve changes");
    expect(page).toContain("Fractional CFO for growing retailers → Interim CFO for retailers");
    expect(page).toContain("$150.00 per hour → $180.00 per hour");
    expect(page).toContain("The current photo → A new photo");
    // Facts in words: industry specialties by their NAICS titles, sizes as employee bands.
    expect(page).toContain("Merchant Wholesalers, Durable Goods");
    expect(page).toContain("25-50 employees, 50-100 employees");

    const approved = await postForm(review(jo.user.id), { intent: "approve" }, manager.token);
    expect(approved.headers.get("Location")).toBe(`/manage/consultants/${jo.user.id}?reviewed=published`);
    const landed = await (await call(approved.headers.get("Location")!, { cookie: manager.token })).text();
    expect(landed).toContain("Jo Changer&#x27;s profile changes are published.");
    const profile = await profileOf(jo.user.id);
    expect(profile).toMatchObject({
      headline: "Interim CFO for retailers",
      photoKey: newKey,
      rateCents: 18_000,
      hourlyRateCents: 18_000,
      bio: jo.profile.bio,
      vetted: true,
    });
    expect(await env.FILES.get(oldKey)).toBeNull();
    expect(await env.FILES.get(newKey)).not.toBeNull();
    expect(await vettingsOf(jo.user.id)).toHaveLength(0);
    expect(await draftOf(jo.user.id)).toBeUndefined();
  });

  it("refuses to approve an incomplete draft or one still being edited", async () => {
    const manager = await signedInManager();
    const kit = await newcomer("Kit", "Halfway");
    await draft(kit.user.id, { headline: "Only a headline" });
    const page = await (await call(review(kit.user.id), { cookie: manager.token })).text();
    expect(page).toContain(
      "Some sections of this profile are still empty, so it cannot be approved yet. Ask the consultant for the missing parts.",
    );
    const refused = await postForm(review(kit.user.id), { intent: "approve" }, manager.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Complete every section before sending your profile for review.");
    expect(await profileOf(kit.user.id)).toBeUndefined();
    expect(await draftOf(kit.user.id)).toBeDefined();

    const lee = await newcomer("Lee", "Editing");
    await draft(lee.user.id, COMPLETE, "editing");
    const editing = await postForm(review(lee.user.id), { intent: "approve" }, manager.token);
    expect(editing.status).toBe(409);
    expect(await profileOf(lee.user.id)).toBeUndefined();
  });

  it("requests changes with required notes: status and notes saved, consultant told", async () => {
    const manager = await signedInManager();
    const mo = await newcomer("Mo", "Redraft");
    await draft(mo.user.id, COMPLETE);
    const noNotes = await postForm(review(mo.user.id), { intent: "request_changes", notes: "  " }, manager.token);
    expect(noNotes.status).toBe(400);
    expect(await noNotes.text()).toContain("Say what the consultant should change.");
    expect((await draftOf(mo.user.id)).status).toBe("submitted");

    const sent = await postForm(
      review(mo.user.id),
      { intent: "request_changes", notes: "Use a photo of your face." },
      manager.token,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/manage/consultants/${mo.user.id}?reviewed=changes`);
    const landed = await (await call(sent.headers.get("Location")!, { cookie: manager.token })).text();
    expect(landed).toContain("Mo Redraft was asked for changes.");
    const row = await draftOf(mo.user.id);
    expect(row).toMatchObject({
      status: "changes_requested",
      reviewNotes: "Use a photo of your face.",
      reviewedById: manager.user.id,
    });
    expect(row.reviewedAt).not.toBeNull();
    expect((await noticesOf(mo.user.id)).map((n) => n.body)).toEqual([
      "An Engagement Manager asked for changes: Use a photo of your face.",
    ]);
    expect(await profileOf(mo.user.id)).toBeUndefined();
    expect(await auditOf(null, mo.user.id)).toMatchObject([
      {
        action: "consultant.sent_back",
        actorUserId: manager.user.id,
        detail: { consultant: "Mo Redraft", notes: "Use a photo of your face." },
      },
    ]);
  });

  it("answers 404 to non-managers and for unknown consultants, and 400 to malformed bodies, changing nothing", async () => {
    const manager = await signedInManager();
    const ned = await newcomer("Ned", "Guarded");
    await draft(ned.user.id, COMPLETE);
    const client = await signedInClient();
    const other = await signedInConsultant();
    for (const cookie of [client.token, other.token, null]) {
      expect((await call(review(ned.user.id), { cookie })).status).toBe(404);
      expect((await postForm(review(ned.user.id), { intent: "approve" }, cookie)).status).toBe(404);
    }
    expect((await call(review("no-such-user"), { cookie: manager.token })).status).toBe(404);
    expect((await postForm(review("no-such-user"), { intent: "approve" }, manager.token)).status).toBe(404);
    expect((await call(review(manager.user.id), { cookie: manager.token })).status).toBe(404);

    for (const fields of [{}, { intent: "publish" }] as Record<string, string>[]) {
      const response = await postForm(review(ned.user.id), fields, manager.token);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose Approve or Request changes.");
    }
    const tooLong = await postForm(review(ned.user.id), { intent: "approve", notes: "x".repeat(2001) }, manager.token);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Keep the notes to 2,000 characters or fewer.");
    const json = await call(review(ned.user.id), {
      method: "POST",
      cookie: manager.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "approve" }),
    });
    expect(json.status).toBe(415);
    expect((await draftOf(ned.user.id)).status).toBe("submitted");
    expect(await profileOf(ned.user.id)).toBeUndefined();
  });
});

describe("pausing a consultant", () => {
  it("pauses and unpauses, idempotently, keeping them out of the roster's vetted ones meanwhile", async () => {
    const manager = await signedInManager();
    const pia = await createConsultant({}, { firstName: "Pia", lastName: "Pausewell" });
    await db().update(users).set({ firstName: "Pia", lastName: "Pausewell" }).where(eq(users.id, pia.user.id));
    const path = `/manage/consultants/${pia.user.id}`;

    const paused = await postForm(path, { intent: "pause" }, manager.token);
    expect(paused.status).toBe(200);
    const pausedPage = await paused.text();
    expect(pausedPage).toContain("Pia Pausewell is paused. Matching will not propose them until you unpause them.");
    expect(pausedPage).toContain("Paused since ");
    const pausedAt = (await profileOf(pia.user.id)).pausedAt;
    expect(pausedAt).not.toBeNull();
    const again = await postForm(path, { intent: "pause" }, manager.token);
    expect(await again.text()).toContain("Pia Pausewell is already paused. Nothing changed.");
    expect((await profileOf(pia.user.id)).pausedAt?.getTime()).toBe(pausedAt?.getTime());
    const roster = await (
      await call("/manage/consultants?q=pausewell&status=paused", { cookie: manager.token })
    ).text();
    expect(roster).toContain("Pia Pausewell");

    const unpaused = await postForm(path, { intent: "unpause" }, manager.token);
    expect(await unpaused.text()).toContain("Pia Pausewell is unpaused.");
    expect((await profileOf(pia.user.id)).pausedAt).toBeNull();
    const twice = await postForm(path, { intent: "unpause" }, manager.token);
    expect(await twice.text()).toContain("Pia Pausewell is not paused. Nothing changed.");

    const { user: bare } = await createUser({ role: "consultant" });
    const none = await postForm(`/manage/consultants/${bare.id}`, { intent: "pause" }, manager.token);
    expect(none.status).toBe(409);
    expect(await none.text()).toContain("This consultant has no published profile yet, so there is nothing to pause.");
    const client = await signedInClient();
    expect((await postForm(path, { intent: "pause" }, client.token)).status).toBe(404);
    expect((await profileOf(pia.user.id)).pausedAt).toBeNull();
  });
});

describe("the roster and the console's count", () => {
  it("lists open invitations as invited, marks profiles waiting for review, and counts them in the navigation", async () => {
    const manager = await signedInManager();
    const before = await (await call("/manage", { cookie: manager.token })).text();
    const toReview = (page: string) => Number(/, (\d+) to review</.exec(page)?.[1] ?? 0);
    const countBefore = toReview(before);

    const now = Date.now();
    const invite = (email: string, extra: Partial<typeof consultantInvitations.$inferInsert> = {}) =>
      db()
        .insert(consultantInvitations)
        .values({
          email,
          firstName: "Quill",
          lastName: email.startsWith("open") ? "Invitedly" : "Gonely",
          tokenHash: crypto.randomUUID(),
          expiresAt: new Date(now + 7 * 86_400_000),
          ...extra,
        });
    await invite("open.invitedly@example.test");
    await invite("revoked.gonely@example.test", { revokedAt: new Date() });
    await invite("expired.gonely@example.test", { expiresAt: new Date(now - 1000) });

    const invited = await (
      await call("/manage/consultants?q=invitedly&status=invited", { cookie: manager.token })
    ).text();
    expect(invited).toContain("Quill Invitedly");
    expect(invited).toContain("open.invitedly@example.test");
    expect(invited).toMatch(/Invited [A-Z][a-z]{2,3} \d{1,2}, \d{4}; no account yet\./);
    expect(invited).toContain('href="/manage/consultants/invitations"');
    const gone = await (await call("/manage/consultants?q=gonely", { cookie: manager.token })).text();
    expect(gone).toContain("No consultant matches this search.");

    const rae = await newcomer("Rae", "Waitingly");
    await draft(rae.user.id, COMPLETE);
    const waiting = await (await call("/manage/consultants?q=waitingly", { cookie: manager.token })).text();
    expect(waiting).toContain("Profile waiting for review");
    expect(waiting).toContain(`href="/manage/consultants/${rae.user.id}/review"`);
    const consultantPage = await (await call(`/manage/consultants/${rae.user.id}`, { cookie: manager.token })).text();
    expect(consultantPage).toContain("Profile changes waiting for review");
    expect(consultantPage).toContain(`href="/manage/consultants/${rae.user.id}/review"`);

    const after = await (await call("/manage", { cookie: manager.token })).text();
    expect(toReview(after)).toBe(countBefore + 1);
  });
});
