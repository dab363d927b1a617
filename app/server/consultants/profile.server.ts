/**
 * The consultant's own profile on the server. The NAICS picker offers the 2022 sectors with their
 * 3-digit subsectors, and a posted specialty must be one of those real subsectors: the form's
 * shape check (three digits) cannot know which codes exist.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type * as z from "zod";
import {
  consultantProfileDrafts,
  consultantProfiles,
  type ConsultantProfile,
  type ConsultantProfileDraft,
} from "~db/schema";
import data from "~/data/naics-2022.json";
import {
  changedFields,
  PROFILE_TEXTS,
  profileProgress,
  profileReviewPath,
  type AboutSectionSchema,
  type availabilitySectionSchema,
  type BackgroundSectionSchema,
  type ExpertiseSectionSchema,
  type ProfileDraftFields,
  type ProfileDraftStatus,
  type RateSectionSchema,
} from "~/lib/consultants/profile";
import { getClientBusiness, type Viewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { loadConsultantInfo } from "~/server/matching/match-view.server";
import { managerIds, notify } from "~/server/notifications/notify.server";
import { checkPhoto, photoKey } from "./photos.server";
import { publicListingOf, publicPhotoKey, type PublicListing } from "./public-profiles.server";

/** One entry of app/data/naics-2022.json: [code, title, level (2–6), parent code or null]. */
type NaicsEntry = [code: string, title: string, level: number, parentCode: string | null];

export type IndustrySector = { code: string; title: string; subsectors: { code: string; title: string }[] };

let sectors: readonly IndustrySector[] | null = null;

/** The sectors in code order, each with its subsectors in code order. */
export function industrySectors(): readonly IndustrySector[] {
  if (sectors) return sectors;
  const entries = data as unknown as NaicsEntry[];
  const byCode = new Map<string, IndustrySector>();
  for (const [code, title, level] of entries) if (level === 2) byCode.set(code, { code, title, subsectors: [] });
  for (const [code, title, level, parent] of entries) {
    if (level === 3 && parent) byCode.get(parent)?.subsectors.push({ code, title });
  }
  sectors = [...byCode.values()];
  return sectors;
}

/** Null when every code is a real subsector, else the text the form shows. */
export function industryCodesProblem(codes: readonly string[]): string | null {
  const known = new Set(industrySectors().flatMap((sector) => sector.subsectors.map((subsector) => subsector.code)));
  return codes.every((code) => known.has(code)) ? null : PROFILE_TEXTS.industryCodeUnknown;
}

/** The profile as published, in the editor's field names (null fields the consultant has none of). */
export function publishedProfileFields(row: ConsultantProfile | null): ProfileDraftFields {
  if (!row) return {};
  return {
    photoKey: row.photoKey ?? undefined,
    headline: row.headline,
    bio: row.bio,
    missionStatement: row.missionStatement,
    education: row.education,
    yearsOfExperience: row.yearsOfExperience,
    location: row.location,
    linkedinUrl: row.linkedinUrl,
    businessAreas: row.businessAreas,
    engagementTypes: row.engagementTypes,
    industries: row.industries,
    industryCodes: row.industryCodes,
    companySizes: row.companySizes,
    rateUnit: row.rateUnit,
    rateCents: row.rateCents,
    availability: row.availability,
    hoursPerWeek: row.hoursPerWeek,
    awayUntil: row.awayUntil ? row.awayUntil.toISOString().slice(0, 10) : null,
    timeZone: row.timeZone,
  };
}

/** The profile as it would read once the draft is approved: the published fields overlaid by the draft's. */
export function mergedProfileFields(
  published: ConsultantProfile | null,
  draft: Pick<ConsultantProfileDraft, "fields"> | null,
): ProfileDraftFields {
  const merged: ProfileDraftFields = { ...publishedProfileFields(published) };
  for (const [field, value] of Object.entries(draft?.fields ?? {})) {
    if (value !== undefined) (merged as Record<string, unknown>)[field] = value;
  }
  return merged;
}

export type ProfileEditor = {
  published: boolean;
  fields: ProfileDraftFields;
  status: ProfileDraftStatus | null;
  reviewNotes: string | null;
  hasDraftPhoto: boolean;
  /** Where the profile stands with the public pages. */
  listing: PublicListing;
};

/** The consultant's published profile (absent before the first approval) and draft, in one batch. */
async function readProfile(app: AppContext, userId: string) {
  const [published, drafts] = await app.db.batch([
    app.db.select().from(consultantProfiles).where(eq(consultantProfiles.userId, userId)).limit(1),
    app.db.select().from(consultantProfileDrafts).where(eq(consultantProfileDrafts.userId, userId)).limit(1),
  ]);
  return { published: published[0] ?? null, draft: drafts[0] ?? null };
}

export async function loadProfileEditor(app: AppContext, userId: string): Promise<ProfileEditor> {
  const { published, draft } = await readProfile(app, userId);
  return {
    published: published !== null,
    fields: mergedProfileFields(published, draft),
    status: draft?.status ?? null,
    reviewNotes: draft?.status === "changes_requested" ? draft.reviewNotes : null,
    hasDraftPhoto: Boolean(draft?.fields.photoKey ?? published?.photoKey),
    listing: publicListingOf(published),
  };
}

export type SectionResult = { ok: true; msg: string } | { ok: false; msg: string; field?: string };

/**
 * Writes fields into the draft in one statement: a new draft, or the fields set into the existing
 * one (json_set keeps a null, so clearing a published value is a change) unless it waits for review.
 * False when the draft is waiting for review and nothing was written.
 */
async function patchDraft(app: AppContext, userId: string, patch: ProfileDraftFields): Promise<boolean> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  const setters = entries.map(([field, value]) => sql`, ${`$.${field}`}, json(${JSON.stringify(value)})`);
  const now = app.now();
  const rows = await app.db
    .insert(consultantProfileDrafts)
    .values({ userId, fields: patch, status: "editing", createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: consultantProfileDrafts.userId,
      set: { fields: sql`json_set(${consultantProfileDrafts.fields}${sql.join(setters)})`, updatedAt: now },
      setWhere: ne(consultantProfileDrafts.status, "submitted"),
    })
    .returning({ userId: consultantProfileDrafts.userId });
  return rows.length > 0;
}

type SectionValue =
  | z.infer<typeof AboutSectionSchema>
  | z.infer<typeof BackgroundSectionSchema>
  | z.infer<typeof ExpertiseSectionSchema>
  | z.infer<typeof RateSectionSchema>
  | z.infer<ReturnType<typeof availabilitySectionSchema>>;

/**
 * Saves one section. Reviewed sections go to the draft (refused while it waits for review);
 * availability goes straight to the published profile when there is one, else to the draft.
 */
export async function saveProfileSection(
  app: AppContext,
  userId: string,
  section: SectionValue,
): Promise<SectionResult> {
  const { intent, ...values } = section;
  let patch: ProfileDraftFields;
  if (intent === "rate") {
    const rate = values as Omit<z.infer<typeof RateSectionSchema>, "intent">;
    patch = { rateUnit: rate.rateUnit, rateCents: rate.rate };
  } else if (intent === "expertise") {
    const expertise = values as Omit<z.infer<typeof ExpertiseSectionSchema>, "intent">;
    const problem = industryCodesProblem(expertise.industryCodes);
    if (problem) return { ok: false, msg: problem, field: "industryCodes" };
    patch = expertise;
  } else if (intent === "availability") {
    const availability = values as Omit<z.infer<ReturnType<typeof availabilitySectionSchema>>, "intent">;
    const updated = await app.db
      .update(consultantProfiles)
      .set({
        availability: availability.availability,
        hoursPerWeek: availability.hoursPerWeek,
        awayUntil: availability.awayUntil ? new Date(`${availability.awayUntil}T00:00:00Z`) : null,
        timeZone: availability.timeZone,
        updatedAt: app.now(),
      })
      .where(eq(consultantProfiles.userId, userId))
      .returning({ id: consultantProfiles.id });
    if (updated.length > 0) return { ok: true, msg: PROFILE_TEXTS.availabilitySaved };
    patch = availability;
  } else {
    patch = values as ProfileDraftFields;
  }
  const written = await patchDraft(app, userId, patch);
  return written ? { ok: true, msg: PROFILE_TEXTS.saved } : { ok: false, msg: PROFILE_TEXTS.lockedWhileSubmitted };
}

/**
 * Sends the draft for review: the merged profile must be complete and the draft must change
 * something reviewed. The managers are told once; a second send answers that it already waits.
 */
export async function submitProfile(
  app: AppContext,
  consultant: { id: string; name: string },
  origin: string,
): Promise<SectionResult> {
  const { published, draft } = await readProfile(app, consultant.id);
  if (draft?.status === "submitted") return { ok: false, msg: PROFILE_TEXTS.alreadySubmitted };
  if (!profileProgress(mergedProfileFields(published, draft)).complete) {
    return { ok: false, msg: PROFILE_TEXTS.incomplete };
  }
  if (!draft || changedFields(publishedProfileFields(published), draft.fields).length === 0) {
    return { ok: false, msg: PROFILE_TEXTS.nothingToSubmit };
  }
  const now = app.now();
  // Only the send that moves the draft to "submitted" notifies: a double click sends one notice.
  const moved = await app.db
    .update(consultantProfileDrafts)
    .set({ status: "submitted", submittedAt: now, updatedAt: now })
    .where(and(eq(consultantProfileDrafts.userId, consultant.id), ne(consultantProfileDrafts.status, "submitted")))
    .returning({ userId: consultantProfileDrafts.userId });
  if (moved.length === 0) return { ok: false, msg: PROFILE_TEXTS.alreadySubmitted };
  const first = published === null;
  const managers = await managerIds(app);
  await notify(
    app,
    origin,
    managers.map((userId) => ({
      userId,
      kind: "consultant_profile_submitted",
      title: first
        ? "A new consultant profile is waiting for review"
        : "Consultant profile changes are waiting for review",
      body: first
        ? `${consultant.name} completed their profile and sent it for review. Approving it vets them for matching.`
        : `${consultant.name} sent changes to their published profile for review.`,
      link: profileReviewPath(consultant.id),
      action: "Review the profile",
      footer: "You receive this email because you are an Engagement Manager at Partwise.",
    })),
  );
  return { ok: true, msg: PROFILE_TEXTS.submitted };
}

/**
 * Stores an uploaded photo in R2 and points the draft at it. The draft's previous photo object is
 * deleted unless it is the published one (businesses still see that until the review).
 */
export async function saveProfilePhoto(app: AppContext, userId: string, bytes: Uint8Array): Promise<SectionResult> {
  const checked = checkPhoto(bytes);
  if (!checked.ok) return { ok: false, msg: checked.msg, field: "photo" };
  const { published, draft } = await readProfile(app, userId);
  if (draft?.status === "submitted") return { ok: false, msg: PROFILE_TEXTS.lockedWhileSubmitted };
  const key = photoKey(userId, checked.photo.ext);
  await app.files.put(key, bytes, { httpMetadata: { contentType: checked.photo.contentType } });
  if (!(await patchDraft(app, userId, { photoKey: key }))) {
    await app.files.delete(key);
    return { ok: false, msg: PROFILE_TEXTS.lockedWhileSubmitted };
  }
  const previous = draft?.fields.photoKey;
  if (previous && previous !== key && previous !== published?.photoKey) {
    await app.files.delete(previous).catch((error: unknown) => console.error(`R2 delete of ${previous} failed`, error));
  }
  return { ok: true, msg: PROFILE_TEXTS.photoSaved };
}

/**
 * A consultant's photo object, or null when the viewer may not see it: the draft's only to the
 * consultant and managers; the published one also to a business the consultant was proposed to
 * or matched with (the same rule as the consultant's details), and to anyone, signed in or not,
 * while the profile is shown in public (publicListingOf).
 */
export async function loadConsultantPhoto(
  app: AppContext,
  viewer: Viewer | null,
  consultantId: string,
  version: "draft" | "published",
): Promise<R2ObjectBody | null> {
  const self = viewer?.user.id === consultantId && viewer.user.role === "consultant";
  const manager = viewer?.user.role === "manager";
  if (!self && !manager && version === "draft") return null;
  // Read at once: the profile, and its photo's key when the profile is shown in public (the
  // public pages' rule, listedInPublic), which anyone may see.
  const [{ published, draft }, shown] = await Promise.all([
    readProfile(app, consultantId),
    self || manager ? null : publicPhotoKey(app, consultantId),
  ]);
  if (shown) return app.files.get(shown);
  if (!self && !manager) {
    const business = viewer ? getClientBusiness(viewer) : null;
    if (!business || !(await loadConsultantInfo(app, business, consultantId))) return null;
  }
  const key = version === "draft" ? (draft?.fields.photoKey ?? published?.photoKey) : published?.photoKey;
  if (!key) return null;
  return app.files.get(key);
}
