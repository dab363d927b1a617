/**
 * A manager's review of a consultant's waiting profile changes: what the client would see, what
 * changed, and the two decisions. Approving publishes the draft into consultant_profiles (a first
 * profile is created and vetted); asking for changes sends the draft back with notes.
 */
import { and, count, eq, exists, sql } from "drizzle-orm";
import { consultantProfileDrafts, consultantProfiles, consultantVettings, users } from "~db/schema";
import {
  approvedAndVettedMessage,
  approvedMessage,
  AVAILABILITY_FIELDS,
  changedFields,
  changesRequestedMessage,
  CONSULTANT_AVAILABILITY_LABELS,
  consultantPhotoPath,
  hourlyRateCents,
  PROFILE_FIELD_LABELS,
  PROFILE_PATH,
  PROFILE_TEXTS,
  profileProgress,
  rateText,
  REVIEW_TEXTS,
  REVIEWED_FIELDS,
  TIME_ZONES,
  type AvailabilityContent,
  type ProfileContent,
  type ProfileDraftFields,
  type ProfileDraftStatus,
} from "~/lib/consultants/profile";
import type { ProfileReviewAction, ReviewOutcome } from "~/lib/consultants/roster";
import { mergedProfileFields, publishedProfileFields } from "~/server/consultants/profile.server";
import { ENGAGEMENT_TYPE_LABELS } from "~/lib/matching/match-console-schemas";
import type { ConsultantInfo } from "~/lib/matching/match-view";
import { areaLabel } from "~/lib/matching/match-schemas";
import { formatDateTime } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";
import naics from "~/data/naics-2022.json";
import { industrySectors } from "~/server/consultants/profile.server";
import { auditAfterChange, type AuditActor } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { notify } from "~/server/notifications/notify.server";
import { consultantInfo, hiringFactReads, type HiringFacts } from "./profile-view.server";

export type ProfileChange = { field: string; label: string; before: string; after: string };

export type ProfileReviewPage = {
  id: string;
  name: string;
  email: string;
  /** Whether businesses already see a published profile (approving then updates it). */
  published: boolean;
  draft: {
    status: ProfileDraftStatus;
    submittedAt: string | null;
    /** The profile as a business would see it once approved. */
    profile: ConsultantInfo;
    /** Whether the draft carries a new photo (shown from the draft's photo address). */
    photo: boolean;
    changes: ProfileChange[];
    complete: boolean;
  } | null;
};

type Published = ProfileContent & AvailabilityContent;

let naicsTitles: Map<string, string> | null = null;
/** A NAICS code's title at any level (published profiles may carry 4- to 6-digit codes). */
function naicsTitle(code: string): string {
  naicsTitles ??= new Map((naics as unknown as [string, string][]).map(([entry, title]) => [entry, title]));
  return naicsTitles.get(code) ?? code;
}

const NONE = "None";
const list = (values: readonly string[]) => (values.length > 0 ? values.join(", ") : NONE);

/** A field's value in words, as the review lists it. */
function valueText(field: keyof Published, fields: ProfileDraftFields): string {
  const value = fields[field];
  if (value === undefined || value === null || value === "") return NONE;
  switch (field) {
    case "photoKey":
      return "A photo";
    case "businessAreas":
      return list((value as string[]).map((area) => areaLabel(area)));
    case "engagementTypes":
      return list((value as (keyof typeof ENGAGEMENT_TYPE_LABELS)[]).map((type) => ENGAGEMENT_TYPE_LABELS[type]));
    case "industries": {
      const sectors = industrySectors();
      return list((value as string[]).map((code) => sectors.find((sector) => sector.code === code)?.title ?? code));
    }
    case "industryCodes":
      return list((value as string[]).map((code) => naicsTitle(code)));
    case "companySizes":
      return list((value as string[]).map((band) => `${band} employees`));
    case "rateUnit":
    case "rateCents":
      return fields.rateUnit && typeof fields.rateCents === "number"
        ? rateText({ rateUnit: fields.rateUnit, rateCents: fields.rateCents })
        : NONE;
    case "availability":
      return CONSULTANT_AVAILABILITY_LABELS[value as keyof typeof CONSULTANT_AVAILABILITY_LABELS];
    case "timeZone":
      return TIME_ZONES.find((zone) => zone.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}

/** The changed reviewed fields, before → after in words; the rate's unit and amount read as one "Rate". */
function changesOf(published: Partial<Published> | null, draft: ProfileDraftFields, merged: ProfileDraftFields) {
  const changed = changedFields(published, draft);
  const fields =
    changed.includes("rateUnit") && !changed.includes("rateCents") ? [...changed, "rateCents" as const] : changed;
  return fields
    .filter((field) => field !== "rateUnit")
    .map((field) => ({
      field,
      label: PROFILE_FIELD_LABELS[field],
      before: published
        ? field === "photoKey" && published.photoKey
          ? "The current photo"
          : valueText(field, published)
        : NONE,
      after: field === "photoKey" ? "A new photo" : valueText(field, merged),
    }));
}

type Loaded = {
  person: { id: string; firstName: string; lastName: string; email: string };
  profile: typeof consultantProfiles.$inferSelect | null;
  draft: typeof consultantProfileDrafts.$inferSelect | null;
  /** Past clients and completed engagements: the rest of the profile a business reads. */
  facts: HiringFacts;
};

// Each query selects its own table: D1's batch keys rows by column name, so no joins mixing ids.
async function load(app: AppContext, userId: string): Promise<Loaded | null> {
  const { db } = app;
  const [experienceReads, engagementReads] = hiringFactReads(app, sql`(${userId})`);
  const [people, profiles, drafts, experiences, engagements] = await db.batch([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "consultant")))
      .limit(1),
    db.select().from(consultantProfiles).where(eq(consultantProfiles.userId, userId)).limit(1),
    db.select().from(consultantProfileDrafts).where(eq(consultantProfileDrafts.userId, userId)).limit(1),
    experienceReads,
    engagementReads,
  ]);
  const person = people[0];
  if (!person) return null;
  return { person, profile: profiles[0] ?? null, draft: drafts[0] ?? null, facts: { experiences, engagements } };
}

const nameOf = (person: Loaded["person"]) => fullName(person.firstName, person.lastName) || person.email;

/** The review page; null for an unknown id or a non-consultant. */
export async function getProfileReview(app: AppContext, userId: string): Promise<ProfileReviewPage | null> {
  const loaded = await load(app, userId);
  if (!loaded) return null;
  const { person, profile, draft } = loaded;
  const published = profile ? publishedProfileFields(profile) : null;
  let view: ProfileReviewPage["draft"] = null;
  if (draft) {
    const merged = mergedProfileFields(profile, draft);
    view = {
      status: draft.status,
      submittedAt: draft.submittedAt ? formatDateTime(draft.submittedAt) : null,
      // The same profile a business will read on a candidate (issue #36 item 19), from the draft.
      profile: consultantInfo(
        {
          consultantId: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          headline: merged.headline ?? "",
          location: merged.location ?? "",
          yearsOfExperience: merged.yearsOfExperience ?? 0,
          education: merged.education ?? "",
          missionStatement: merged.missionStatement ?? "",
          bio: merged.bio ?? "",
          photoUrl: merged.photoKey
            ? consultantPhotoPath(person.id, draft.fields.photoKey ? "draft" : undefined)
            : null,
          linkedinUrl: merged.linkedinUrl ?? null,
          rateUnit: merged.rateUnit ?? null,
          rateCents: merged.rateCents ?? null,
          businessAreas: merged.businessAreas ?? [],
          engagementTypes: merged.engagementTypes ?? [],
          industries: merged.industries ?? [],
          industryCodes: merged.industryCodes ?? [],
          companySizes: merged.companySizes ?? [],
          availability: merged.availability ?? "available",
          hoursPerWeek: merged.hoursPerWeek ?? 0,
          awayUntil: merged.awayUntil ?? null,
          timeZone: merged.timeZone ?? "America/New_York",
        },
        loaded.facts,
        app.now(),
      ),
      photo: Boolean(draft.fields.photoKey),
      changes: changesOf(published, draft.fields, merged),
      complete: profileProgress(merged).complete,
    };
  }
  return { id: person.id, name: nameOf(person), email: person.email, published: profile !== null, draft: view };
}

export type ReviewResult =
  { ok: true; outcome: ReviewOutcome; message: string } | { ok: false; status: 404 | 409; msg: string };

const NOT_FOUND = { ok: false, status: 404, msg: "Not found" } as const;
const nothingWaiting = { ok: false, status: 409, msg: REVIEW_TEXTS.nothingWaiting } as const;

/**
 * Approve (publish) or send back the consultant's submitted draft. Every write is guarded by the
 * draft still being submitted, so a repeat (or a race with another manager) writes nothing and
 * answers that nothing is waiting.
 */
export async function reviewProfile(
  app: AppContext,
  manager: AuditActor,
  userId: string,
  action: ProfileReviewAction,
  origin: string,
): Promise<ReviewResult> {
  const loaded = await load(app, userId);
  if (!loaded) return NOT_FOUND;
  const { person, profile, draft } = loaded;
  if (!draft || draft.status !== "submitted") return nothingWaiting;
  const name = nameOf(person);
  const { db } = app;
  const now = app.now();
  const stillSubmitted = and(
    eq(consultantProfileDrafts.userId, userId),
    eq(consultantProfileDrafts.status, "submitted"),
  );
  const draftSubmitted = exists(
    db.select({ userId: consultantProfileDrafts.userId }).from(consultantProfileDrafts).where(stillSubmitted),
  );

  if (action.intent === "request_changes") {
    const [sent] = await db.batch([
      db
        .update(consultantProfileDrafts)
        .set({
          status: "changes_requested",
          reviewNotes: action.notes,
          reviewedAt: now,
          reviewedById: manager.userId,
          updatedAt: now,
        })
        .where(stillSubmitted)
        .returning({ userId: consultantProfileDrafts.userId }),
      auditAfterChange(app, {
        actor: manager,
        action: "consultant.sent_back",
        businessId: null,
        subject: { type: "consultant", id: userId },
        detail: { consultant: name, notes: action.notes },
      }),
    ]);
    if (sent.length === 0) return nothingWaiting;
    await notify(app, origin, [
      {
        userId,
        kind: "profile_changes_requested",
        title: "Changes requested on your profile",
        body: `${PROFILE_TEXTS.changesRequested} ${action.notes}`,
        link: PROFILE_PATH,
        action: "Open your profile",
        footer: "You get this email because you sent your Partwise profile for review.",
      },
    ]);
    return { ok: true, outcome: "changes", message: changesRequestedMessage(name) };
  }

  const merged = mergedProfileFields(profile, draft);
  if (!profileProgress(merged).complete) return { ok: false, status: 409, msg: PROFILE_TEXTS.incomplete };
  const complete = merged as Published;
  const rate = { rateUnit: complete.rateUnit, rateCents: complete.rateCents };
  const reviewed = Object.fromEntries(
    REVIEWED_FIELDS.map((field) => [field, complete[field] ?? null]),
  ) as ProfileContent;
  const content = {
    photoKey: reviewed.photoKey,
    headline: reviewed.headline,
    bio: reviewed.bio,
    missionStatement: reviewed.missionStatement,
    education: reviewed.education,
    yearsOfExperience: reviewed.yearsOfExperience,
    location: reviewed.location,
    linkedinUrl: reviewed.linkedinUrl ?? null,
    businessAreas: reviewed.businessAreas,
    engagementTypes: reviewed.engagementTypes,
    industries: reviewed.industries,
    industryCodes: reviewed.industryCodes ?? [],
    companySizes: reviewed.companySizes,
    rateUnit: rate.rateUnit,
    rateCents: rate.rateCents,
    hourlyRateCents: hourlyRateCents(rate),
    updatedAt: now,
  };
  const removeDraft = db
    .delete(consultantProfileDrafts)
    .where(stillSubmitted)
    .returning({ userId: consultantProfileDrafts.userId });
  // Right after the draft's removal: only the review that removed it is recorded.
  const audit = auditAfterChange(app, {
    actor: manager,
    action: "consultant.published",
    businessId: null,
    subject: { type: "consultant", id: userId },
    detail: { consultant: name, outcome: profile ? "Changes published" : "Vetted and published" },
  });

  let published_: boolean;
  if (!profile) {
    const availability = Object.fromEntries(
      AVAILABILITY_FIELDS.map((field) => [field, complete[field]]),
    ) as AvailabilityContent;
    const [, , removed] = await db.batch([
      // The vetting row first, written only while the draft is still submitted: a repeat records nothing.
      db.insert(consultantVettings).select(
        db
          .select({
            id: sql<string>`${crypto.randomUUID()}`.as("id"),
            consultantId: consultantProfileDrafts.userId,
            decision: sql<string>`${"vetted"}`.as("decision"),
            notes: sql<string>`${action.notes}`.as("notes"),
            decidedById: sql<string | null>`${manager.userId}`.as("decided_by_id"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(consultantProfileDrafts)
          .where(stillSubmitted),
      ),
      db
        .insert(consultantProfiles)
        .values({
          userId,
          ...content,
          availability: availability.availability,
          hoursPerWeek: availability.hoursPerWeek,
          awayUntil: availability.awayUntil ? new Date(`${availability.awayUntil}T00:00:00Z`) : null,
          timeZone: availability.timeZone,
          vetted: true,
          createdAt: now,
        })
        .onConflictDoNothing(),
      removeDraft,
      audit,
    ]);
    published_ = removed.length > 0;
  } else {
    const [, removed] = await db.batch([
      db
        .update(consultantProfiles)
        .set(content)
        .where(and(eq(consultantProfiles.userId, userId), draftSubmitted)),
      removeDraft,
      audit,
    ]);
    published_ = removed.length > 0;
  }
  if (!published_) return nothingWaiting;

  const replaced = profile?.photoKey;
  if (replaced && replaced !== content.photoKey) {
    // The row no longer points at it, so nobody can reach it; a failed delete only leaves bytes behind.
    await app.files.delete(replaced).catch((error: unknown) => console.error(`R2 delete of ${replaced} failed`, error));
  }
  await notify(app, origin, [
    {
      userId,
      kind: "profile_approved",
      title: "Your profile is approved",
      body: PROFILE_TEXTS.approved,
      link: PROFILE_PATH,
      action: "Open your profile",
      footer: "You get this email because you sent your Partwise profile for review.",
    },
  ]);
  return profile
    ? { ok: true, outcome: "published", message: approvedMessage(name) }
    : { ok: true, outcome: "vetted", message: approvedAndVettedMessage(name) };
}

/** How many consultants' profiles wait for a manager's review (the console's navigation count). */
export async function profilesToReview(app: AppContext): Promise<number> {
  const row = await app.db
    .select({ value: count() })
    .from(consultantProfileDrafts)
    .where(eq(consultantProfileDrafts.status, "submitted"))
    .get();
  return row?.value ?? 0;
}
