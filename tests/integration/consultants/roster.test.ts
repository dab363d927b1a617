import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultantProfiles, consultantVettings, matchSuggestions, users } from "~db/schema";
import { HOURS_NEEDED } from "~/server/matching/engine";
import { runMatching } from "~/server/matching/run-matching.server";
import { FORM_UNREADABLE_MESSAGE } from "~/http/http.server";
import {
  addConsultantExperience,
  appAt,
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  createSuggestionRow,
  createUser,
  db,
  html,
  ORIGIN,
  postForm,
} from "../helpers";
import { createClient, signedInClient, signedInConsultant, signedInManager } from "../../factories";

/** A consultant with a name of their own (every name here is unique to its test, so searches find only it). */
async function consultant(firstName: string, lastName: string, profile: Parameters<typeof createConsultant>[0] = {}) {
  const created = await createConsultant(profile);
  await db().update(users).set({ firstName, lastName }).where(eq(users.id, created.user.id));
  return { ...created, name: `${firstName} ${lastName}` };
}

const profileOf = async (userId: string) =>
  (await db().select().from(consultantProfiles).where(eq(consultantProfiles.userId, userId)))[0];
const vettingsOf = (userId: string) =>
  db()
    .select()
    .from(consultantVettings)
    .where(eq(consultantVettings.consultantId, userId))
    .orderBy(asc(consultantVettings.createdAt));

/** The roster page's cards, one string per consultant. */
async function rosterCards(query: string, cookie: string) {
  const response = await call(`/manage/consultants${query}`, { cookie });
  expect(response.status).toBe(200);
  const page = await response.text();
  return [...page.matchAll(/<li class="card insight-queue-row">([\s\S]*?)<\/li>/g)].map((m) =>
    m[1].replace(/<[^>]+>/g, " ").replace(/\s+/g, " "),
  );
}

describe("the consultant roster", () => {
  it("lists every consultant with status, areas, capacity, load, rating and open candidacies; searches and filters", async () => {
    const manager = await signedInManager();
    const busy = await consultant("Quinn", "Rosterly", { hoursPerWeek: 30, businessAreas: ["finance", "hr"] });
    const client = await createClient();
    // Current fractional engagement (rated 4), a completed one (rated 5, no hours), an open candidacy.
    await createMatchRequestRow(client.business.id, {
      status: "engagement_active",
      matchedConsultantId: busy.user.id,
      consultingType: "fractional",
      clientSatisfaction: 4,
    });
    await createMatchRequestRow(client.business.id, {
      status: "completed",
      matchedConsultantId: busy.user.id,
      consultingType: "project",
      clientSatisfaction: 5,
    });
    const open = await createMatchRequestRow(client.business.id, { status: "candidates_proposed" });
    await createCandidateRow(open.id, client.business.id, busy.user.id, { status: "proposed" });
    const unvetted = await consultant("Remy", "Rosterly", { vetted: false, businessAreas: ["operations"] });
    const paused = await consultant("Sage", "Rosterly", { availability: "unavailable" });
    const away = await consultant("Toby", "Rosterly", { awayUntil: new Date(Date.now() + 86_400_000) });
    const { user: newcomer } = await createUser({ role: "consultant", email: "uma.rosterly@example.test" });
    await db().update(users).set({ firstName: "Uma", lastName: "Rosterly" }).where(eq(users.id, newcomer.id));

    const cards = await rosterCards("?q=rosterly", manager.token);
    expect(cards).toHaveLength(5);
    const card = (name: string) => cards.find((text) => text.includes(name)) ?? "";
    expect(card("Quinn Rosterly")).toContain("Vetted");
    expect(card("Quinn Rosterly")).toContain("Finance, HR");
    expect(card("Quinn Rosterly")).toContain(`${HOURS_NEEDED.fractional} hours of 30 a week taken`);
    expect(card("Quinn Rosterly")).toContain("4.5 of 5 (2 ratings)");
    expect(card("Quinn Rosterly")).toMatch(/Open candidacies 1 /);
    expect(card("Remy Rosterly")).toContain("Not vetted");
    expect(card("Remy Rosterly")).toContain("No ratings yet");
    expect(card("Sage Rosterly")).toContain("Paused");
    expect(card("Toby Rosterly")).toContain("Paused");
    expect(card("Uma Rosterly")).toContain("Onboarding");
    expect(card("Uma Rosterly")).toContain("No profile yet");

    // Search by email and headline too; filters by status and area; unknown values ignored.
    expect(await rosterCards("?q=uma.rosterly%40example", manager.token)).toHaveLength(1);
    await db()
      .update(consultantProfiles)
      .set({ headline: "Zephyrine turnaround lead" })
      .where(eq(consultantProfiles.userId, unvetted.user.id));
    expect((await rosterCards("?q=zephyrine", manager.token))[0]).toContain("Remy Rosterly");
    const pausedOnes = await rosterCards("?q=rosterly&status=paused", manager.token);
    expect(pausedOnes.map((text) => text.includes("Sage") || text.includes("Toby"))).toEqual([true, true]);
    expect(await rosterCards("?q=rosterly&status=not_vetted", manager.token)).toHaveLength(1);
    expect(await rosterCards("?q=rosterly&status=onboarding", manager.token)).toHaveLength(1);
    const hr = await rosterCards("?q=rosterly&area=hr", manager.token);
    expect(hr).toHaveLength(1);
    expect(hr[0]).toContain("Quinn Rosterly");
    expect(await rosterCards("?q=rosterly&status=bogus&area=nope", manager.token)).toHaveLength(5);
    const none = await (await call("/manage/consultants?q=nobody-by-this-name", { cookie: manager.token })).text();
    expect(none).toContain("No consultant matches this search.");
    const page = await (await call("/manage/consultants", { cookie: manager.token })).text();
    expect(page).toContain('href="/manage/consultants/invitations"');
    expect(page).toContain("Invitations and applications");
    expect(page).toContain('<label for="roster-q">Search by name, email or headline</label>');
    expect(page).toContain(`href="/manage/consultants/${paused.user.id}"`);
    expect(page).toContain(`href="/manage/consultants/${away.user.id}"`);
  });

  it("shows a consultant: profile as businesses see it, vetting history, candidacies and matches", async () => {
    const manager = await signedInManager();
    const vera = await consultant("Vera", "Pagefield", { headline: "Ops lead for clinics" });
    const client = await createClient();
    const active = await createMatchRequestRow(client.business.id, {
      status: "engagement_active",
      matchedConsultantId: vera.user.id,
    });
    const proposed = await createMatchRequestRow(client.business.id, { status: "candidates_proposed" });
    await createCandidateRow(proposed.id, client.business.id, vera.user.id, { status: "proposed" });
    await addConsultantExperience(vera.user.id, {
      clientDescription: "Two-site dental practice",
      naicsCode: "621210",
      employeeBand: "0-25",
      years: 2,
    });
    await createMatchRequestRow(client.business.id, {
      status: "completed",
      matchedConsultantId: vera.user.id,
      clientSatisfaction: 4,
    });

    const response = await call(`/manage/consultants/${vera.user.id}`, { cookie: manager.token });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Profile, as businesses see it");
    // The profile a business decides from (issue #36 item 19): the same component and data.
    for (const words of [
      "Past clients",
      "Two-site dental practice",
      "Offices of Dentists",
      "Engagements through Partwise",
      "4.0 of 5 from 1 completed engagement",
      "Available for new work",
      "Finance, Operations",
    ]) {
      expect(page, words).toContain(html(words));
    }
    for (const text of ["Vera Pagefield", "Ops lead for clinics", "Portland, ME", "MBA, University of Maine"]) {
      expect(page).toContain(text);
    }
    expect(page).toContain("Clear numbers, calm decisions.");
    expect(page).toContain("Nobody has vetted this consultant yet.");
    expect(page).toContain(`href="/manage/matches/${active.id}"`);
    expect(page).toContain(`href="/manage/matches/${proposed.id}"`);
    expect((await call("/manage/consultants/no-such-user", { cookie: manager.token })).status).toBe(404);
    // A manager or client id is not a consultant's page.
    expect((await call(`/manage/consultants/${manager.user.id}`, { cookie: manager.token })).status).toBe(404);
  });

  it("unvets with required notes, vets again, records both with who and when, and repeats record nothing", async () => {
    const manager = await signedInManager();
    await db().update(users).set({ firstName: "Mona", lastName: "Vetter" }).where(eq(users.id, manager.user.id));
    const wes = await consultant("Wes", "Vetfield");
    const path = `/manage/consultants/${wes.user.id}`;

    const noNotes = await postForm(path, { intent: "unvet", notes: "   " }, manager.token);
    expect(noNotes.status).toBe(400);
    expect(await noNotes.text()).toContain("Say why you unvet this consultant.");
    expect((await profileOf(wes.user.id)).vetted).toBe(true);
    expect(await vettingsOf(wes.user.id)).toHaveLength(0);

    const unvet = await postForm(path, { intent: "unvet", notes: "References did not check out." }, manager.token);
    expect(unvet.status).toBe(200);
    expect(await unvet.text()).toContain("Wes Vetfield is no longer vetted. Matching will not propose them.");
    expect((await profileOf(wes.user.id)).vetted).toBe(false);

    const again = await postForm(path, { intent: "unvet", notes: "Twice." }, manager.token);
    expect(await again.text()).toContain("Wes Vetfield is already not vetted. Nothing new was recorded.");
    expect(await vettingsOf(wes.user.id)).toHaveLength(1);

    const vet = await postForm(path, { intent: "vet", notes: "" }, manager.token);
    expect(await vet.text()).toContain("Wes Vetfield is vetted. Matching can now propose them.");
    expect((await profileOf(wes.user.id)).vetted).toBe(true);
    const twice = await postForm(path, { intent: "vet" }, manager.token);
    expect(await twice.text()).toContain("Wes Vetfield is already vetted. Nothing new was recorded.");

    const history = await vettingsOf(wes.user.id);
    expect(history.map((row) => [row.decision, row.notes, row.decidedById])).toEqual([
      ["unvetted", "References did not check out.", manager.user.id],
      ["vetted", "", manager.user.id],
    ]);
    const page = await (await call(path, { cookie: manager.token })).text();
    expect(page).toContain("Unvetted</strong> by Mona Vetter");
    expect(page).toContain("Vetted</strong> by Mona Vetter");
    expect(page).toContain("References did not check out.");
  });

  it("refuses to vet a consultant without a profile", async () => {
    const manager = await signedInManager();
    const { user } = await createUser({ role: "consultant" });
    const response = await postForm(`/manage/consultants/${user.id}`, { intent: "vet" }, manager.token);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(
      html("This consultant has not written a profile yet, so there is nothing to vet."),
    );
    expect(await vettingsOf(user.id)).toHaveLength(0);
  });

  it("an unvetted or away consultant is never shortlisted by matching and refused by propose", async () => {
    const manager = await signedInManager();
    const client = await signedInClient();
    const now = new Date();
    const fits = await consultant("Xavi", "Poolman");
    const unvetted = await consultant("Yara", "Poolman");
    const away = await consultant("Zed", "Poolman", { awayUntil: new Date(now.getTime() + 3_600_000) });
    // Unvetted through the page, as a manager does it.
    await postForm(
      `/manage/consultants/${unvetted.user.id}`,
      { intent: "unvet", notes: "Paused vetting." },
      manager.token,
    );

    const match = await createMatchRequestRow(client.business.id);
    await runMatching(appAt(now), match.id, ORIGIN);
    const shortlisted = (
      await db().select().from(matchSuggestions).where(eq(matchSuggestions.matchRequestId, match.id))
    ).map((row) => row.consultantId);
    expect(shortlisted).toContain(fits.user.id);
    expect(shortlisted).not.toContain(unvetted.user.id);
    expect(shortlisted).not.toContain(away.user.id);

    // Shortlisted earlier (before they were unvetted or went away): propose still refuses them.
    for (const [who, message] of [
      [unvetted, "This consultant is no longer vetted and cannot be proposed."],
      [away, "This consultant is away and cannot be proposed until they are back."],
    ] as const) {
      const entry = await createSuggestionRow(match.id, client.business.id, who.user.id, { rank: 9 });
      const response = await postForm(
        `/manage/matches/${match.id}`,
        { intent: "propose", suggestionId: entry.id },
        manager.token,
      );
      expect(response.status).toBe(409);
      expect(await response.text()).toContain(html(message));
    }
  });

  it("refuses clients, consultants and visitors with a 404, changing nothing", async () => {
    const target = await consultant("Abe", "Guarded");
    const client = await signedInClient();
    const other = await signedInConsultant();
    for (const cookie of [client.token, other.token, null]) {
      for (const path of ["/manage/consultants", `/manage/consultants/${target.user.id}`]) {
        expect((await call(path, { cookie })).status, path).toBe(404);
      }
      const response = await postForm(
        `/manage/consultants/${target.user.id}`,
        { intent: "unvet", notes: "No." },
        cookie,
      );
      expect(response.status).toBe(404);
    }
    expect((await profileOf(target.user.id)).vetted).toBe(true);
    expect(await vettingsOf(target.user.id)).toHaveLength(0);
  });

  it("answers a body that is not a usable form with the form's message, never a 500, changing nothing", async () => {
    const manager = await signedInManager();
    const target = await consultant("Bea", "Bodyless");
    const path = `/manage/consultants/${target.user.id}`;
    for (const fields of [{}, { intent: "delete" }] as Record<string, string>[]) {
      const response = await postForm(path, fields, manager.token);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain("Choose Vet or Unvet.");
    }
    for (const [contentType, body, status] of [
      ["application/json", JSON.stringify({ intent: "unvet", notes: "x" }), 415],
      ["text/plain", "intent=unvet&notes=x", 415],
      ["multipart/form-data; boundary=x", "--x\r\nnot a multipart body", 400],
    ] as const) {
      const response = await call(path, {
        method: "POST",
        cookie: manager.token,
        body,
        headers: { Host: "partwise.test", "Content-Type": contentType },
      });
      expect(response.status, contentType).toBe(status);
      expect(await response.text()).toContain(html(FORM_UNREADABLE_MESSAGE));
    }
    expect((await profileOf(target.user.id)).vetted).toBe(true);
    expect(await vettingsOf(target.user.id)).toHaveLength(0);
  });
});
