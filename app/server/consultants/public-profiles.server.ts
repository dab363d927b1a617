/**
 * Consultants' public profiles (issue #42 item 2, ADR 090), owned by the consultants domain: who is
 * shown (listedInPublic: vetted, not paused, and the consultant chose it), the public page's
 * profile and the list, the consultant's choice, and the data version the edge cache keys on.
 */
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { consultantProfiles, consultantPublicVersion, users } from "~db/schema";
import { consultantPhotoPath } from "~/lib/consultants/profile";
import {
  PUBLIC_PROFILE_ID,
  PUBLIC_PROFILE_TEXTS as T,
  toPublicProfile,
  type PublicConsultantCard,
  type PublicConsultantProfile,
} from "~/lib/consultants/public-profile";
import { areaLabel } from "~/lib/matching/match-schemas";
import { fullName, initials } from "~/lib/shared/format";
import { naicsTitle } from "~/server/business/naics.server";
import { actorOf, auditAfterChange } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { ineligibility } from "./eligibility.server";
import { loadConsultantInfoWhere } from "./profile-view.server";

/**
 * Shown in public: a consultant's published profile they chose to show (listed_at), vetted and not
 * paused by an engagement manager, of an account not closed (deletion asked). Unvetting or pausing
 * takes the page down at once; the consultant's choice stays, so it is back when the manager
 * reverses it. A condition on consultant_profiles joined with users.
 */
export function listedInPublic(): SQL {
  return and(
    isNotNull(consultantProfiles.listedAt),
    eq(consultantProfiles.vetted, true),
    isNull(consultantProfiles.pausedAt),
    eq(users.role, "consultant"),
    isNull(users.deactivatedAt),
  ) as SQL;
}

/** A consultant's public profile, or null (not shown, not a consultant, no such id). One round trip. */
export async function loadPublicProfile(
  app: AppContext,
  consultantId: string,
): Promise<PublicConsultantProfile | null> {
  if (!PUBLIC_PROFILE_ID.test(consultantId)) return null;
  const info = await loadConsultantInfoWhere(app, consultantId, listedInPublic());
  return info ? toPublicProfile(info) : null;
}

/** The consultants shown in public, by name; with `area`, only those who work in it. One round trip. */
export async function listPublicProfiles(app: AppContext, area: string | null): Promise<PublicConsultantCard[]> {
  const inArea = area
    ? sql`EXISTS (SELECT 1 FROM json_each(${consultantProfiles.businessAreas}) WHERE value = ${area})`
    : undefined;
  const rows = await app.db
    .select({
      consultantId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      photoKey: consultantProfiles.photoKey,
      headline: consultantProfiles.headline,
      location: consultantProfiles.location,
      yearsOfExperience: consultantProfiles.yearsOfExperience,
      businessAreas: consultantProfiles.businessAreas,
      industries: consultantProfiles.industries,
    })
    .from(consultantProfiles)
    .innerJoin(users, eq(users.id, consultantProfiles.userId))
    .where(and(listedInPublic(), inArea))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((row) => ({
    consultantId: row.consultantId,
    name: fullName(row.firstName, row.lastName),
    initials: initials(row.firstName, row.lastName),
    photoUrl: row.photoKey ? consultantPhotoPath(row.consultantId) : null,
    headline: row.headline,
    location: row.location,
    yearsOfExperience: row.yearsOfExperience,
    businessAreas: row.businessAreas.map((key) => areaLabel(key)),
    industries: row.industries.map((code) => naicsTitle(code) ?? code),
  }));
}

/** The published photo's R2 key of a consultant shown in public, or null (not shown, or no photo). */
export async function publicPhotoKey(app: AppContext, consultantId: string): Promise<string | null> {
  const [row] = await app.db
    .select({ photoKey: consultantProfiles.photoKey })
    .from(consultantProfiles)
    .innerJoin(users, eq(users.id, consultantProfiles.userId))
    .where(and(eq(consultantProfiles.userId, consultantId), listedInPublic()))
    .limit(1);
  return row?.photoKey ?? null;
}

/** The ids of every consultant shown in public (the sitemap). */
export async function publicProfileIds(app: AppContext): Promise<string[]> {
  const rows = await app.db
    .select({ id: consultantProfiles.userId })
    .from(consultantProfiles)
    .innerJoin(users, eq(users.id, consultantProfiles.userId))
    .where(listedInPublic())
    .orderBy(asc(consultantProfiles.userId));
  return rows.map((row) => row.id);
}

/**
 * The data version of the public pages built from profiles (the list, each profile, the sitemap),
 * for the edge cache's key: the row the database's triggers raise in the statement of every
 * change to a profile, and of a consultant's name or deactivation (migration 0043), so each starts
 * new keys at once in every data centre, with nothing to purge and nothing for a writer to forget.
 */
export async function publicProfilesVersion(app: AppContext): Promise<string> {
  const [row] = await app.db
    .select({ version: consultantPublicVersion.version })
    .from(consultantPublicVersion)
    .where(eq(consultantPublicVersion.id, 1));
  return String(row?.version ?? 0);
}

/** Where the consultant's own profile stands with the public pages (the portal's section). */
export type PublicListing = {
  /** They chose to be shown (kept while unvetted or paused). */
  chosen: boolean;
  /** Shown right now. */
  shown: boolean;
  /** Why it cannot be shown, when it cannot. */
  blocked: string | null;
  /** The choice may be made: once vetted (a pause hides the page, not the choice), or to stop. */
  canChoose: boolean;
};

/** The listing of a published profile (null before the first approval: nothing to show yet). */
export function publicListingOf(
  profile: { listedAt: Date | null; vetted: boolean; pausedAt: Date | null } | null,
): PublicListing {
  if (!profile) return { chosen: false, shown: false, blocked: T.needsVetting, canChoose: false };
  const blocked = !profile.vetted ? T.needsVetting : profile.pausedAt ? T.paused : null;
  const chosen = profile.listedAt !== null;
  return { chosen, shown: chosen && blocked === null, blocked, canChoose: profile.vetted || chosen };
}

export type ListingResult = { ok: true; msg: string } | { ok: false; status: 409; msg: string };

/**
 * The consultant shows their profile in public, or stops. Showing needs a vetted profile (one
 * guarded UPDATE: a profile unvetted meanwhile is not listed); stopping always works. Pressing
 * twice changes nothing the second time; each change is audited once.
 */
export async function setPublicListing(app: AppContext, viewer: Viewer, show: boolean): Promise<ListingResult> {
  const userId = viewer.user.id;
  const now = app.now();
  const update = app.db
    .update(consultantProfiles)
    .set({ listedAt: show ? now : null, updatedAt: now })
    .where(
      and(
        eq(consultantProfiles.userId, userId),
        show
          ? and(isNull(consultantProfiles.listedAt), eq(consultantProfiles.vetted, true))
          : isNotNull(consultantProfiles.listedAt),
      ),
    );
  const audit = auditAfterChange(app, {
    actor: actorOf(viewer),
    action: show ? "consultant.listed" : "consultant.unlisted",
    businessId: null,
    subject: { type: "consultant", id: userId },
  });
  const [, , rows] = await app.db.batch([
    update,
    audit,
    app.db
      .select({ vetted: consultantProfiles.vetted, pausedAt: consultantProfiles.pausedAt })
      .from(consultantProfiles)
      .where(eq(consultantProfiles.userId, userId))
      .limit(1),
  ]);
  const profile = rows[0];
  if (show && (!profile || !profile.vetted)) return { ok: false, status: 409, msg: T.needsVetting };
  if (!show) return { ok: true, msg: T.unlistedSaved };
  return { ok: true, msg: profile?.pausedAt ? T.listedWhilePaused : T.listedSaved };
}

/** A consultant a business may ask for by name: shown in public; whether they take new work now. */
export type RequestableConsultant = {
  consultantId: string;
  name: string;
  headline: string;
  businessAreas: string[];
  engagementTypes: string[];
  takingWork: boolean;
};

/** The consultant of "Request this consultant", or null when not shown in public. */
export async function loadRequestableConsultant(
  app: AppContext,
  consultantId: string,
): Promise<RequestableConsultant | null> {
  if (!PUBLIC_PROFILE_ID.test(consultantId)) return null;
  const [row] = await app.db
    .select({
      consultantId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      headline: consultantProfiles.headline,
      businessAreas: consultantProfiles.businessAreas,
      engagementTypes: consultantProfiles.engagementTypes,
      vetted: consultantProfiles.vetted,
      availability: consultantProfiles.availability,
      awayUntil: consultantProfiles.awayUntil,
      pausedAt: consultantProfiles.pausedAt,
    })
    .from(consultantProfiles)
    .innerJoin(users, eq(users.id, consultantProfiles.userId))
    .where(and(eq(users.id, consultantId), listedInPublic()))
    .limit(1);
  if (!row) return null;
  return {
    consultantId: row.consultantId,
    name: fullName(row.firstName, row.lastName),
    headline: row.headline,
    businessAreas: row.businessAreas,
    engagementTypes: row.engagementTypes,
    takingWork: ineligibility(row, app.now()) === null,
  };
}
