import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, consultantProfiles, matchRequests, matchSuggestions, users } from "~db/schema";
import { PUBLIC_PROFILE_TEXTS as T } from "~/lib/consultants/public-profile";
import { signedInClient, signedInManager, signedInMember } from "../../factories";
import { png } from "../../support/sample-files";
import {
  addConsultantExperience,
  call,
  createBusiness,
  createConsultant,
  createMatchRequestRow,
  createUser,
  db,
  ORIGIN,
  postForm,
  SESSION_COOKIE,
  sessionTokenFrom,
  signIn,
} from "../helpers";

/**
 * Consultants' public profiles (issue #42 item 2, ADR 090): the consultant's choice and who may
 * make it, the public page and list (only vetted, unpaused consultants who chose it; never a
 * rate, a contact or a client's name; ratings from three), their photo, the edge cache's data
 * version, the sitemap, and "Request this consultant" from a visitor's cookie to the manager's
 * console.
 */

const PAGE = "/consultant/profile";
const REQUEST_COOKIE = "partwise_requested_consultant";
const scripts = (html: string) => html.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];

/** A vetted consultant with a name of their own, signed in; `listed` shows them in public first. */
async function consultant(profile: Parameters<typeof createConsultant>[0] = {}, listed = true) {
  const created = await createConsultant({ linkedinUrl: "https://www.linkedin.com/in/noor-haddad-cfo", ...profile });
  const lastName = `Haddad${created.user.id.slice(-4).replace(/[^a-z]/g, "x")}`;
  await db().update(users).set({ firstName: "Noor", lastName }).where(eq(users.id, created.user.id));
  const token = sessionTokenFrom(await signIn(created.user.email))!;
  if (listed) expect((await postForm(PAGE, { intent: "listing", show: "yes" }, token)).status).toBe(200);
  return { ...created, token, name: `Noor ${lastName}`, path: `/consultants/${created.user.id}` };
}

async function listedAt(userId: string) {
  const [row] = await db()
    .select({ listedAt: consultantProfiles.listedAt })
    .from(consultantProfiles)
    .where(eq(consultantProfiles.userId, userId));
  return row?.listedAt ?? null;
}

/** A match request of another business that the consultant completed, rated `rating`. */
async function completedEngagement(consultantId: string, rating: number | null) {
  const { user } = await createUser({ role: "client" });
  const business = await createBusiness(user.id);
  await db().update(users).set({ firstName: "Client" }).where(eq(users.id, user.id));
  return createMatchRequestRow(business.id, {
    status: "completed",
    matchedConsultantId: consultantId,
    clientSatisfaction: rating,
    category: "finance",
  });
}

describe("consultants' public profiles (issue #42, ADR 090)", () => {
  it("lets a vetted consultant show their profile and stop, once each, audited; not before vetting", async () => {
    const vetted = await consultant({}, false);
    expect(await (await call(PAGE, { cookie: vetted.token })).text()).toContain(T.notListed);

    const shown = await postForm(PAGE, { intent: "listing", show: "yes" }, vetted.token);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(T.listedSaved);
    const at = await listedAt(vetted.user.id);
    expect(at).not.toBeNull();
    // Again: nothing changes, nothing more is recorded.
    expect((await postForm(PAGE, { intent: "listing", show: "yes" }, vetted.token)).status).toBe(200);
    expect(await listedAt(vetted.user.id)).toEqual(at);
    const portal = await (await call(PAGE, { cookie: vetted.token })).text();
    expect(portal).toContain(T.listed);
    expect(portal).toContain(`href="${vetted.path}"`);

    const stopped = await postForm(PAGE, { intent: "listing", show: "no" }, vetted.token);
    expect(await stopped.text()).toContain(T.unlistedSaved);
    expect(await listedAt(vetted.user.id)).toBeNull();
    const events = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, vetted.user.id));
    expect(events.map((event) => event.action)).toEqual(["consultant.listed", "consultant.unlisted"]);

    // Not vetted: refused, nothing written; the portal says why.
    const unvetted = await consultant({ vetted: false }, false);
    const refused = await postForm(PAGE, { intent: "listing", show: "yes" }, unvetted.token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(T.needsVetting);
    expect(await listedAt(unvetted.user.id)).toBeNull();
    // Paused by a manager: the choice is kept, and said to wait for the pause's end.
    const paused = await consultant({ pausedAt: new Date() }, false);
    const waits = await postForm(PAGE, { intent: "listing", show: "yes" }, paused.token);
    expect(await waits.text()).toContain(T.listedWhilePaused);
    expect(await listedAt(paused.user.id)).not.toBeNull();
    expect((await call(paused.path)).status).toBe(404);
    // A value no button sends.
    const odd = await postForm(PAGE, { intent: "listing", show: "maybe" }, vetted.token);
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain(T.unknownListing);
    expect(await listedAt(vetted.user.id)).toBeNull();
    // Only the consultant's own: a client or a visitor cannot post it.
    const client = await signedInClient();
    expect((await postForm(PAGE, { intent: "listing", show: "yes" }, client.token)).status).not.toBe(200);
  });

  it("shows a listed consultant's profile to anyone, without a rate, a contact or a client's name", async () => {
    const shown = await consultant({ rateCents: 17_500, hourlyRateCents: 17_500 });
    await addConsultantExperience(shown.user.id, {
      clientDescription: "Acme Outdoor Supply of Bangor",
      naicsCode: "459110",
      employeeBand: "25-50",
      years: 3,
    });
    const done = await completedEngagement(shown.user.id, 5);
    const [clientBusiness] = await env.DB.prepare("SELECT name FROM businesses WHERE id = ?")
      .bind(done.businessId)
      .raw<[string]>();

    const response = await call(shown.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const page = await response.text();
    expect(scripts(page)).toEqual([]);
    expect(page).toContain(`<link rel="canonical" href="${ORIGIN}${shown.path}"/>`);
    expect(page).toContain('"@type":"Person"');
    for (const shownText of [
      shown.name,
      "Fractional CFO for growing retailers",
      "Finance, Operations",
      "Fractional, Project",
      "Sporting Goods Retailers · 25-50 employees · 3 years",
      "Finance · Fractional engagement",
      T.ratingsTooFew,
      T.request,
      `href="/consultants/${shown.user.id}/request"`,
    ]) {
      expect(page).toContain(shownText.replace(/'/g, "&#x27;"));
    }
    // Never the rate, the LinkedIn profile, the email, a client's words or a client's name.
    for (const hidden of [
      "$175",
      "175.00",
      "linkedin.com",
      shown.user.email,
      "Acme Outdoor Supply",
      clientBusiness![0],
      "Client",
      "Rated 5",
    ]) {
      expect(page, hidden).not.toContain(hidden);
    }
  });

  it("shows the average rating only from three rated engagements", async () => {
    const rated = await consultant();
    await completedEngagement(rated.user.id, 5);
    await completedEngagement(rated.user.id, 4);
    await completedEngagement(rated.user.id, null);
    expect(await (await call(rated.path)).text()).toContain(T.ratingsTooFew);
    // A change to a profile starts a new copy (the cache's data version): touch it by stopping and showing.
    await completedEngagement(rated.user.id, 5);
    await postForm(PAGE, { intent: "listing", show: "no" }, rated.token);
    await postForm(PAGE, { intent: "listing", show: "yes" }, rated.token);
    const page = await (await call(rated.path)).text();
    expect(page).toContain("4.7 of 5 from 3 completed engagements");
  });

  it("answers 404 for a consultant who is not shown: never chose, stopped, unvetted, paused, or no consultant", async () => {
    const never = await consultant({}, false);
    const stopped = await consultant();
    const unvetted = await consultant();
    const paused = await consultant();
    expect((await call(stopped.path)).status).toBe(200);
    await postForm(PAGE, { intent: "listing", show: "no" }, stopped.token);
    await db()
      .update(consultantProfiles)
      .set({ vetted: false, updatedAt: new Date() })
      .where(eq(consultantProfiles.userId, unvetted.user.id));
    await db()
      .update(consultantProfiles)
      .set({ pausedAt: new Date(), updatedAt: new Date() })
      .where(eq(consultantProfiles.userId, paused.user.id));
    const client = await signedInClient();
    for (const path of [
      never.path,
      stopped.path,
      unvetted.path,
      paused.path,
      `/consultants/${client.user.id}`,
      "/consultants/no-such-consultant",
    ]) {
      expect((await call(path)).status, path).toBe(404);
      expect((await call(`${path}/request`, { cookie: client.token })).status, `${path}/request`).toBe(404);
    }
    // The choice is kept: a paused consultant is back once unpaused.
    await db()
      .update(consultantProfiles)
      .set({ pausedAt: null, updatedAt: new Date() })
      .where(eq(consultantProfiles.userId, paused.user.id));
    expect((await call(paused.path)).status).toBe(200);
  });

  it("serves a profile from the edge cache until anything about it changes, then never the old copy", async () => {
    const cached = await consultant();
    const manager = await signedInManager();
    const console = `/manage/consultants/${cached.user.id}`;
    /** Cached first (MISS then HIT), so what follows proves the change starts a new copy. */
    const cachedNow = async () => {
      const first = await call(cached.path);
      const second = await call(cached.path);
      expect([first.status, first.headers.get("X-Cache")]).toEqual([200, "MISS"]);
      expect([second.status, second.headers.get("X-Cache")]).toEqual([200, "HIT"]);
      expect(second.headers.get("Cache-Control")).toBe("public, no-cache");
    };
    await cachedNow();
    // The manager pauses them: gone at once, back once unpaused.
    expect((await postForm(console, { intent: "pause" }, manager.token)).status).toBe(200);
    expect((await call(cached.path)).status).toBe(404);
    expect((await postForm(console, { intent: "unpause" }, manager.token)).status).toBe(200);
    await cachedNow();
    // Unvetted: gone.
    expect(
      (await postForm(console, { intent: "unvet", notes: "Rate dispute under review." }, manager.token)).status,
    ).toBe(200);
    expect((await call(cached.path)).status).toBe(404);
    expect((await postForm(console, { intent: "vet", notes: "" }, manager.token)).status).toBe(200);
    await cachedNow();
    // A new name is shown at once.
    await db().update(users).set({ firstName: "Nora" }).where(eq(users.id, cached.user.id));
    const renamed = await call(cached.path);
    expect(renamed.headers.get("X-Cache")).toBe("MISS");
    expect(await renamed.text()).toContain("Nora ");
    // The consultant stops showing it: the very next visitor gets the 404, and the list changes too.
    await postForm(PAGE, { intent: "listing", show: "no" }, cached.token);
    expect((await call(cached.path)).status).toBe(404);
    expect((await call("/consultants")).headers.get("X-Cache")).toBe("MISS");
  });

  it("takes the page down the moment the consultant asks to delete their account", async () => {
    const leaving = await consultant();
    const key = `consultant-photos/${leaving.user.id}/leaving.png`;
    await env.FILES.put(key, png(), { httpMetadata: { contentType: "image/png" } });
    await db().update(consultantProfiles).set({ photoKey: key }).where(eq(consultantProfiles.userId, leaving.user.id));
    expect((await call(`/consultant-photos/${leaving.user.id}`)).status).toBe(200);
    expect((await call(leaving.path)).status).toBe(200);
    expect((await call(leaving.path)).headers.get("X-Cache")).toBe("HIT");
    // What the deletion's request does first (closeAccountsForDeletion), before the job removes the profile.
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaving.user.id));
    expect((await call(leaving.path)).status).toBe(404);
    expect(await (await call("/sitemap.xml")).text()).not.toContain(leaving.user.id);
    expect((await call(`/consultant-photos/${leaving.user.id}`)).status).toBe(404);
  });

  it("lists the shown consultants, by area, and in the sitemap", async () => {
    const shown = await consultant({ businessAreas: ["marketing", "sales"] });
    const hidden = await consultant({}, false);
    const list = await (await call("/consultants")).text();
    expect(list).toContain(`href="${shown.path}"`);
    expect(list).not.toContain(hidden.user.id);
    expect(await (await call("/consultants?area=marketing")).text()).toContain(`href="${shown.path}"`);
    const other = await (await call("/consultants?area=legal")).text();
    expect(other).not.toContain(shown.user.id);
    expect((await call("/consultants?area=astrology")).status).toBe(404);
    const sitemap = await (await call("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}${shown.path}</loc>`);
    expect(sitemap).not.toContain(hidden.user.id);
  });

  it("shows a listed consultant's photo to anyone, and no one else's", async () => {
    const photographed = await consultant({ photoKey: null });
    const key = `consultant-photos/${photographed.user.id}/public.png`;
    await env.FILES.put(key, png(), { httpMetadata: { contentType: "image/png" } });
    await db()
      .update(consultantProfiles)
      .set({ photoKey: key })
      .where(eq(consultantProfiles.userId, photographed.user.id));
    const photo = await call(`/consultant-photos/${photographed.user.id}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/png");
    expect((await call(`/consultant-photos/${photographed.user.id}?version=draft`)).status).toBe(404);
    await postForm(PAGE, { intent: "listing", show: "no" }, photographed.token);
    expect((await call(`/consultant-photos/${photographed.user.id}`)).status).toBe(404);
  });

  it("keeps a visitor's choice through sign-up, and makes one match request naming the consultant", async () => {
    const asked = await consultant({ businessAreas: ["finance"], engagementTypes: ["project"] });
    // A visitor: asked to sign up or log in, and the choice is kept in a cookie.
    const visitor = await call(`${asked.path}/request`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    expect(visitor.headers.getSetCookie()).toEqual([
      `${REQUEST_COOKIE}=${asked.user.id}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
    ]);
    const asVisitor = await visitor.text();
    expect(asVisitor).toContain(T.requestSignUp);
    expect(asVisitor).toContain('href="/Signup/client-personal-details"');

    // Signed up: the dashboard brings them back to it.
    const client = await signedInClient();
    const both = `${SESSION_COOKIE}=${client.token}; ${REQUEST_COOKIE}=${asked.user.id}`;
    const dashboard = await (await call("/dashboard", { headers: { Cookie: both } })).text();
    expect(dashboard).toContain(T.pendingBanner);
    expect(dashboard).toContain(`href="${asked.path}/request"`);
    expect(await (await call("/dashboard", { cookie: client.token })).text()).not.toContain(T.pendingBanner);
    // A mangled or forged value is no choice at all, and no error.
    for (const odd of ["%E0%A4%A", "a.b", "x".repeat(80)]) {
      const page = await call("/dashboard", {
        headers: { Cookie: `${SESSION_COOKIE}=${client.token}; ${REQUEST_COOKIE}=${odd}` },
      });
      expect(page.status, odd).toBe(200);
      expect(await page.text(), odd).not.toContain(T.pendingBanner);
    }
    // A client whose business is not set up yet is sent to set it up, the choice kept.
    const { user: newcomer } = await createUser({ role: "client" });
    const newcomerToken = sessionTokenFrom(await signIn(newcomer.email))!;
    const setup = await call(`${asked.path}/request`, { cookie: newcomerToken });
    expect(setup.headers.getSetCookie()).toHaveLength(1);
    expect(await setup.text()).toContain('href="/signup-business"');

    const form = await (await call(`${asked.path}/request`, { cookie: client.token })).text();
    expect(form).toContain(T.requestTitle(asked.name));
    const requestId = /name="requestId" value="([^"]+)"/.exec(form)![1]!;

    // Bad input: the message, nothing written.
    const empty = await postForm(
      `${asked.path}/request`,
      { intent: "request", requestId, issueCause: " ", category: "finance", consultingType: "project" },
      client.token,
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Tell us what you need help with.");
    const fields = {
      intent: "request",
      requestId,
      issueCause: "Our margins fell and we want Noor to find out why.",
      category: "marketing",
      consultingType: "not_sure",
    };
    const sent = await postForm(`${asked.path}/request`, fields, client.token);
    expect(sent.status).toBe(201);
    expect(sent.headers.get("Set-Cookie")).toContain(`${REQUEST_COOKIE}=; Max-Age=0`);
    expect(await sent.text()).toContain(T.sent(asked.name));
    // A double click: the same request.
    expect((await postForm(`${asked.path}/request`, fields, client.token)).status).toBe(200);
    const rows = await db().select().from(matchRequests).where(eq(matchRequests.businessId, client.business.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: requestId,
      requestedConsultantId: asked.user.id,
      category: "marketing",
      consultingType: null,
      status: "matching",
    });
    // On the shortlist although marketing is not one of their areas: the business asked for them.
    const shortlist = await db()
      .select({ consultantId: matchSuggestions.consultantId })
      .from(matchSuggestions)
      .where(and(eq(matchSuggestions.matchRequestId, requestId), eq(matchSuggestions.consultantId, asked.user.id)));
    expect(shortlist).toHaveLength(1);

    // The engagement manager sees who was asked for.
    const manager = await signedInManager();
    const console = await (await call(`/manage/matches/${requestId}`, { cookie: manager.token })).text();
    expect(console).toContain(`${asked.name}, from their public profile`);
    expect(console).toContain("Asked for by the business");
    expect(console).toContain(`Requested, asking for ${asked.name}`);

    // Forget it: the cookie goes, nothing else.
    const forgot = await call(`${asked.path}/request`, {
      method: "POST",
      body: new URLSearchParams({ intent: "forget" }),
      headers: { Cookie: both },
    });
    expect(forgot.status).toBe(302);
    expect(forgot.headers.get("Location")).toBe("/dashboard");
    expect(forgot.headers.get("Set-Cookie")).toContain(`${REQUEST_COOKIE}=; Max-Age=0`);
    // Logging out forgets it too: the next person on this device did not choose anyone.
    const out = await call("/logout", { method: "POST", headers: { Cookie: both } });
    const cleared = out.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cleared).toEqual([`${SESSION_COOKIE}=`, `${REQUEST_COOKIE}=`]);
    // The API's sign-out too.
    const other = await signedInClient();
    const apiOut = await call("/api/client/auth/logout", {
      method: "POST",
      headers: { Cookie: `${SESSION_COOKIE}=${other.token}; ${REQUEST_COOKIE}=${asked.user.id}` },
    });
    expect(apiOut.headers.getSetCookie().map((c) => c.split(";")[0])).toEqual([
      `${SESSION_COOKIE}=`,
      `${REQUEST_COOKIE}=`,
    ]);
  });

  it("takes a request for a consultant who is not taking new work, says so, and names them to the manager", async () => {
    const busy = await consultant({ availability: "unavailable" });
    const client = await signedInClient();
    const form = await (await call(`${busy.path}/request`, { cookie: client.token })).text();
    expect(form).toContain(T.notTakingWork(busy.name).replace(/'/g, "&#x27;"));
    const requestId = crypto.randomUUID();
    const sent = await postForm(
      `${busy.path}/request`,
      {
        intent: "request",
        requestId,
        issueCause: "We need a finance lead.",
        category: "finance",
        consultingType: "project",
      },
      client.token,
    );
    expect(sent.status).toBe(201);
    const [row] = await db().select().from(matchRequests).where(eq(matchRequests.id, requestId));
    expect(row?.requestedConsultantId).toBe(busy.user.id);
    // Out of the pool, so not on the shortlist; the console still says who was asked for.
    const listed = await db()
      .select({ consultantId: matchSuggestions.consultantId })
      .from(matchSuggestions)
      .where(eq(matchSuggestions.matchRequestId, requestId));
    expect(listed.map((entry) => entry.consultantId)).not.toContain(busy.user.id);
    const manager = await signedInManager();
    const page = await (await call(`/manage/matches/${requestId}`, { cookie: manager.token })).text();
    expect(page).toContain(`${busy.name}, from their public profile`);
  });

  it("refuses a member who may not ask, a consultant no longer shown, and other people, writing nothing", async () => {
    const asked = await consultant();
    const owner = await signedInClient();
    const viewer = await signedInMember(owner.business.id, "viewer");
    const fields = {
      intent: "request",
      requestId: crypto.randomUUID(),
      issueCause: "We need help.",
      category: "finance",
      consultingType: "project",
    };
    expect((await postForm(`${asked.path}/request`, fields, viewer.token)).status).toBe(403);
    const staff = await signedInManager();
    const asStaff = await (await call(`${asked.path}/request`, { cookie: staff.token })).text();
    expect(asStaff).toContain(T.notABusiness);
    await postForm(PAGE, { intent: "listing", show: "no" }, asked.token);
    expect((await postForm(`${asked.path}/request`, fields, owner.token)).status).toBe(404);
    expect(await db().select().from(matchRequests).where(eq(matchRequests.businessId, owner.business.id))).toEqual([]);
  });
});
