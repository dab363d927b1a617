import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultantProfileDrafts, consultantProfiles, notifications } from "~db/schema";
import { PROFILE_TEXTS, profileReviewPath } from "~/lib/consultants/profile";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  db,
  html,
  postForm,
  sessionTokenFrom,
  signIn,
} from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { jpeg, png } from "../../support/sample-files";

/**
 * The consultant's own profile editor: each section saved into the draft with its exact refusals,
 * availability applied at once once published, sending for review (managers told once), photos in
 * R2 and who may see them, and bodies that cannot be read.
 */

const PAGE = "/consultant/profile";
const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";

const ABOUT = {
  intent: "about",
  headline: "Ops lead for makers",
  bio: "Ten years in plants.",
  missionStatement: "Calm ops.",
};
const BACKGROUND = {
  intent: "background",
  education: "BSc, Ohio State",
  yearsOfExperience: "10",
  location: "Columbus, OH",
  linkedinUrl: "https://www.linkedin.com/in/dana-reyes",
};
const EXPERTISE = {
  intent: "expertise",
  businessAreas: ["operations", "finance"],
  engagementTypes: ["fractional"],
  industries: ["31-33"],
  industryCodes: ["311", "332"],
  companySizes: ["25-50"],
};
const RATE = { intent: "rate", rateUnit: "day", rate: "1,200" };
const AVAILABILITY = {
  intent: "availability",
  availability: "limited",
  hoursPerWeek: "20",
  awayUntil: "",
  timeZone: "America/Chicago",
};

async function draftOf(userId: string) {
  const [row] = await db().select().from(consultantProfileDrafts).where(eq(consultantProfileDrafts.userId, userId));
  return row ?? null;
}

function uploadPhoto(cookie: string, bytes: Uint8Array<ArrayBuffer>, name = "me.png") {
  const body = new FormData();
  body.append("intent", "photo");
  body.append("photo", new File([bytes], name, { type: "image/png" }));
  return call(PAGE, { method: "POST", body, cookie });
}

async function fillEverything(cookie: string) {
  expect((await uploadPhoto(cookie, png())).status).toBe(200);
  for (const section of [ABOUT, BACKGROUND, EXPERTISE, RATE, AVAILABILITY]) {
    expect((await postForm(PAGE, section, cookie)).status).toBe(200);
  }
}

async function publishedSession() {
  const { user, profile } = await createConsultant();
  const token = sessionTokenFrom(await signIn(user.email))!;
  return { user, profile, token };
}

describe("the profile editor page", () => {
  it("shows a new consultant the heading, no progress yet, and every section's form", async () => {
    const me = await signedInConsultant();
    const response = await call(PAGE, { cookie: me.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Your profile");
    expect(body).toContain("0 of 6 sections complete");
    for (const intent of ["photo", "about", "background", "expertise", "rate", "availability"]) {
      expect(body).toContain(`name="intent" value="${intent}"`);
    }
    expect(body).toMatch(/encType="multipart\/form-data"/i);
    expect(body).not.toContain("Send for review");
  });

  it("sends someone signed out to the login and answers another role 404", async () => {
    const anonymous = await call(PAGE);
    expect(anonymous.status).toBe(302);
    const client = await signedInClient();
    expect((await call(PAGE, { cookie: client.token })).status).toBe(404);
  });
});

describe("saving sections into the draft", () => {
  it("saves about, background, expertise, rate and availability, each answering the saved text", async () => {
    const me = await signedInConsultant();
    for (const section of [ABOUT, BACKGROUND, EXPERTISE, RATE, AVAILABILITY]) {
      const response = await postForm(PAGE, section, me.token);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(html(PROFILE_TEXTS.saved));
    }
    const draft = await draftOf(me.user.id);
    expect(draft?.status).toBe("editing");
    expect(draft?.fields).toEqual({
      headline: "Ops lead for makers",
      bio: "Ten years in plants.",
      missionStatement: "Calm ops.",
      education: "BSc, Ohio State",
      yearsOfExperience: 10,
      location: "Columbus, OH",
      linkedinUrl: "https://www.linkedin.com/in/dana-reyes",
      businessAreas: ["operations", "finance"],
      engagementTypes: ["fractional"],
      industries: ["31-33"],
      industryCodes: ["311", "332"],
      companySizes: ["25-50"],
      rateUnit: "day",
      rateCents: 120_000,
      availability: "limited",
      hoursPerWeek: 20,
      awayUntil: null,
      timeZone: "America/Chicago",
    });
    const page = await (await call(PAGE, { cookie: me.token })).text();
    expect(page).toContain("5 of 6 sections complete");
  });

  it("clears an optional LinkedIn address by saving null, keeping the other fields", async () => {
    const me = await signedInConsultant();
    await postForm(PAGE, ABOUT, me.token);
    await postForm(PAGE, BACKGROUND, me.token);
    await postForm(PAGE, { ...BACKGROUND, linkedinUrl: "" }, me.token);
    const draft = await draftOf(me.user.id);
    expect(draft?.fields.linkedinUrl).toBeNull();
    expect(draft?.fields.headline).toBe("Ops lead for makers");
  });

  it("answers each section's refusals with the exact texts and writes nothing", async () => {
    const me = await signedInConsultant();
    const cases: [Record<string, string | string[]>, string[]][] = [
      [
        { intent: "about", headline: "", bio: "", missionStatement: "" },
        [PROFILE_TEXTS.headlineRequired, PROFILE_TEXTS.bioRequired, PROFILE_TEXTS.missionRequired],
      ],
      [{ ...ABOUT, headline: "x".repeat(121) }, [PROFILE_TEXTS.headlineTooLong]],
      [
        { ...BACKGROUND, yearsOfExperience: "ten", linkedinUrl: "https://example.com/me", location: "" },
        [PROFILE_TEXTS.yearsInvalid, PROFILE_TEXTS.linkedinInvalid, PROFILE_TEXTS.locationRequired],
      ],
      [
        { intent: "expertise" },
        [
          PROFILE_TEXTS.areasRequired,
          PROFILE_TEXTS.typesRequired,
          PROFILE_TEXTS.industriesRequired,
          PROFILE_TEXTS.sizesRequired,
        ],
      ],
      [{ ...EXPERTISE, industryCodes: ["319"] }, [PROFILE_TEXTS.industryCodeUnknown]],
      [{ intent: "rate", rate: "abc" }, [PROFILE_TEXTS.rateUnitRequired, PROFILE_TEXTS.rateInvalid]],
      [{ ...RATE, rate: "5001" }, [PROFILE_TEXTS.rateTooHigh]],
      [
        { intent: "availability", hoursPerWeek: "0", awayUntil: "2020-01-01" },
        [
          PROFILE_TEXTS.availabilityRequired,
          PROFILE_TEXTS.hoursInvalid,
          PROFILE_TEXTS.awayUntilInvalid,
          PROFILE_TEXTS.timeZoneRequired,
        ],
      ],
    ];
    for (const [fields, texts] of cases) {
      const response = await postForm(PAGE, fields, me.token);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = await response.text();
      for (const text of texts) expect(body, text).toContain(html(text));
    }
    expect(await draftOf(me.user.id)).toBeNull();
  });

  it("refuses every reviewed section while the draft waits for review, writing nothing", async () => {
    const me = await signedInConsultant();
    await db()
      .insert(consultantProfileDrafts)
      .values({ userId: me.user.id, fields: { headline: "Before" }, status: "submitted", submittedAt: new Date() });
    for (const section of [{ ...ABOUT, headline: "After" }, BACKGROUND, EXPERTISE, RATE, AVAILABILITY]) {
      const response = await postForm(PAGE, section, me.token);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(html(PROFILE_TEXTS.lockedWhileSubmitted));
    }
    const photo = await uploadPhoto(me.token, png());
    expect(photo.status).toBe(400);
    expect((await draftOf(me.user.id))?.fields).toEqual({ headline: "Before" });
    const listed = await env.FILES.list({ prefix: `consultants/${me.user.id}/` });
    expect(listed.objects).toHaveLength(0);
    const page = await (await call(PAGE, { cookie: me.token })).text();
    expect(page).toContain(html(PROFILE_TEXTS.waitingForReview));
    expect(page).toContain(html(PROFILE_TEXTS.lockedWhileSubmitted));
    expect(page).toContain("disabled");
  });

  it("shows the manager's notes when changes were requested", async () => {
    const me = await signedInConsultant();
    await db()
      .insert(consultantProfileDrafts)
      .values({ userId: me.user.id, fields: {}, status: "changes_requested", reviewNotes: "Add a clearer headline." });
    const page = await (await call(PAGE, { cookie: me.token })).text();
    expect(page).toContain(html(PROFILE_TEXTS.changesRequested));
    expect(page).toContain("Add a clearer headline.");
  });
});

describe("availability once published", () => {
  it("writes the published profile at once, not the draft, even while changes wait for review", async () => {
    const me = await publishedSession();
    await db()
      .insert(consultantProfileDrafts)
      .values({ userId: me.user.id, fields: { headline: "New" }, status: "submitted", submittedAt: new Date() });
    const response = await postForm(
      PAGE,
      {
        ...AVAILABILITY,
        availability: "unavailable",
        hoursPerWeek: "5",
        awayUntil: "2099-03-01",
        timeZone: "Europe/London",
      },
      me.token,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(html(PROFILE_TEXTS.availabilitySaved));
    const [row] = await db().select().from(consultantProfiles).where(eq(consultantProfiles.userId, me.user.id));
    expect(row).toMatchObject({ availability: "unavailable", hoursPerWeek: 5, timeZone: "Europe/London" });
    expect(row!.awayUntil?.toISOString()).toBe("2099-03-01T00:00:00.000Z");
    expect((await draftOf(me.user.id))?.fields).toEqual({ headline: "New" });

    await postForm(PAGE, AVAILABILITY, me.token);
    const [cleared] = await db().select().from(consultantProfiles).where(eq(consultantProfiles.userId, me.user.id));
    expect(cleared!.awayUntil).toBeNull();
  });

  it("puts reviewed edits of a published profile into the draft, leaving what businesses see", async () => {
    const me = await publishedSession();
    const response = await postForm(PAGE, { ...ABOUT, headline: "Sharper headline" }, me.token);
    expect(response.status).toBe(200);
    const [row] = await db().select().from(consultantProfiles).where(eq(consultantProfiles.userId, me.user.id));
    expect(row!.headline).toBe(me.profile.headline);
    expect((await draftOf(me.user.id))?.fields.headline).toBe("Sharper headline");
  });
});

describe("sending for review", () => {
  it("refuses an incomplete profile", async () => {
    const me = await signedInConsultant();
    await postForm(PAGE, ABOUT, me.token);
    const response = await postForm(PAGE, { intent: "submit" }, me.token);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(PROFILE_TEXTS.incomplete));
    expect((await draftOf(me.user.id))?.status).toBe("editing");
  });

  it("refuses a published profile without reviewed changes", async () => {
    const me = await publishedSession();
    await db()
      .update(consultantProfiles)
      .set({ photoKey: "consultants/x/photo-1.png" })
      .where(eq(consultantProfiles.userId, me.user.id));
    const response = await postForm(PAGE, { intent: "submit" }, me.token);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(html(PROFILE_TEXTS.nothingToSubmit));
  });

  it("sends a complete profile, tells each manager once, and a second send says it already waits", async () => {
    const manager = await signedInManager();
    const me = await signedInConsultant();
    await fillEverything(me.token);
    const before = await (await call(PAGE, { cookie: me.token })).text();
    expect(before).toContain("6 of 6 sections complete");
    expect(before).toContain("Send for review");

    const response = await postForm(PAGE, { intent: "submit" }, me.token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(html(PROFILE_TEXTS.submitted));
    const draft = await draftOf(me.user.id);
    expect(draft?.status).toBe("submitted");
    expect(draft?.submittedAt).toBeInstanceOf(Date);
    const told = () =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, manager.user.id), eq(notifications.link, profileReviewPath(me.user.id))));
    expect(await told()).toHaveLength(1);

    const again = await postForm(PAGE, { intent: "submit" }, me.token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(PROFILE_TEXTS.alreadySubmitted));
    expect(await told()).toHaveLength(1);
    const page = await (await call(PAGE, { cookie: me.token })).text();
    expect(page).toContain(html(PROFILE_TEXTS.waitingForReview));
    expect(page).not.toContain("Send for review");
  });
});

describe("the photo", () => {
  it("stores an upload in R2 with its type, points the draft at it, and deletes the replaced one", async () => {
    const me = await signedInConsultant();
    const first = await uploadPhoto(me.token, png());
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(html(PROFILE_TEXTS.photoSaved));
    const firstKey = (await draftOf(me.user.id))!.fields.photoKey!;
    expect(firstKey).toMatch(new RegExp(`^consultants/${me.user.id}/photo-[0-9a-f-]{36}\\.png$`));
    const stored = await env.FILES.get(firstKey);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    await stored?.arrayBuffer();

    expect((await uploadPhoto(me.token, jpeg(), "me.jpg")).status).toBe(200);
    const secondKey = (await draftOf(me.user.id))!.fields.photoKey!;
    expect(secondKey).toMatch(/\.jpg$/);
    expect(await env.FILES.head(firstKey)).toBeNull();
    expect(await env.FILES.head(secondKey)).not.toBeNull();
  });

  it("keeps the published photo when the draft's is replaced", async () => {
    const me = await publishedSession();
    const publishedKey = `consultants/${me.user.id}/photo-published.png`;
    await env.FILES.put(publishedKey, png(), { httpMetadata: { contentType: "image/png" } });
    await db()
      .update(consultantProfiles)
      .set({ photoKey: publishedKey })
      .where(eq(consultantProfiles.userId, me.user.id));
    await db()
      .insert(consultantProfileDrafts)
      .values({ userId: me.user.id, fields: { photoKey: publishedKey } });
    expect((await uploadPhoto(me.token, png())).status).toBe(200);
    expect(await env.FILES.head(publishedKey)).not.toBeNull();
  });

  it("refuses a file that is not a PNG or JPEG, an empty one and a too large body, storing nothing", async () => {
    const me = await signedInConsultant();
    const fake = await uploadPhoto(me.token, new TextEncoder().encode("<svg></svg>"), "me.png");
    expect(fake.status).toBe(400);
    expect(await fake.text()).toContain(html(PROFILE_TEXTS.photoType));
    const empty = await uploadPhoto(me.token, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html(PROFILE_TEXTS.photoRequired));
    const large = await call(PAGE, {
      method: "POST",
      cookie: me.token,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(3_000_000) },
      body: "--x--",
    });
    expect(large.status).toBe(400);
    expect(await large.text()).toContain(html(PROFILE_TEXTS.photoTooLarge));
    expect(await draftOf(me.user.id)).toBeNull();
    expect((await env.FILES.list({ prefix: `consultants/${me.user.id}/` })).objects).toHaveLength(0);
  });
});

describe("the photo route", () => {
  async function withDraftPhoto() {
    const me = await signedInConsultant();
    expect((await uploadPhoto(me.token, png())).status).toBe(200);
    return me;
  }

  it("serves the draft photo to its consultant and managers, with its type and no sniffing", async () => {
    const me = await withDraftPhoto();
    const manager = await signedInManager();
    for (const cookie of [me.token, manager.token]) {
      const response = await call(`/consultant-photos/${me.user.id}?version=draft`, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Cache-Control")).toBe("private, max-age=300");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(png());
    }
  });

  it("answers 404 to another consultant, a client, someone signed out, and for an unpublished photo", async () => {
    const me = await withDraftPhoto();
    const other = await signedInConsultant();
    const client = await signedInClient();
    for (const cookie of [other.token, client.token, null]) {
      const response = await call(`/consultant-photos/${me.user.id}?version=draft`, { cookie });
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
    // Nothing is published yet: not even the consultant gets a published photo.
    expect((await call(`/consultant-photos/${me.user.id}`, { cookie: me.token })).status).toBe(404);
  });

  it("serves the published photo to the consultant, managers and a business the consultant accepted a request of, not to others", async () => {
    const me = await publishedSession();
    const key = `consultants/${me.user.id}/photo-live.png`;
    await env.FILES.put(key, png(), { httpMetadata: { contentType: "image/png" } });
    await db().update(consultantProfiles).set({ photoKey: key }).where(eq(consultantProfiles.userId, me.user.id));
    const client = await signedInClient();
    const stranger = await signedInClient();
    const request = await createMatchRequestRow(client.business.id, { status: "candidates_proposed" });
    await createCandidateRow(request.id, client.business.id, me.user.id, { status: "accepted" });

    const manager = await signedInManager();
    for (const cookie of [client.token, me.token, manager.token]) {
      const seen = await call(`/consultant-photos/${me.user.id}`, { cookie });
      expect(seen.status).toBe(200);
      expect(seen.headers.get("Content-Type")).toBe("image/png");
      await seen.arrayBuffer();
    }
    const other = await signedInConsultant();
    expect((await call(`/consultant-photos/${me.user.id}`, { cookie: other.token })).status).toBe(404);
    expect((await call(`/consultant-photos/${me.user.id}`)).status).toBe(404);
    const hidden = await call(`/consultant-photos/${me.user.id}`, { cookie: stranger.token });
    expect(hidden.status).toBe(404);
    expect((await call(`/consultant-photos/${me.user.id}?version=draft`, { cookie: client.token })).status).toBe(404);
  });
});

describe("bodies that cannot be read", () => {
  it("answers JSON, an empty body, junk and an unknown intent with 400 and a form error", async () => {
    const me = await signedInConsultant();
    const json = await call(PAGE, { json: { intent: "about" }, cookie: me.token });
    expect(json.status).toBe(400);
    expect(await json.text()).toContain(html(FORM_UNREADABLE));
    const empty = await call(PAGE, { method: "POST", cookie: me.token });
    expect(empty.status).toBe(400);
    await empty.text();
    const junk = await call(PAGE, {
      method: "POST",
      cookie: me.token,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "not a multipart body",
    });
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(FORM_UNREADABLE));
    const unknown = await postForm(PAGE, { intent: "everything" }, me.token);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(PROFILE_TEXTS.unknownIntent));
    expect(await draftOf(me.user.id)).toBeNull();
  });
});
