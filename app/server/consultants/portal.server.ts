import { eq } from "drizzle-orm";
import { consultantProfileDrafts, consultantProfiles } from "~db/schema";
import { profileProgress, progressText, type ProfileDraftStatus } from "~/lib/consultants/profile";
import type { AppContext } from "~/server/load-context";
import { loadCandidacyInbox, type CandidacyInboxItem } from "~/server/matching/candidacies.server";
import { loadConsultantWork, type ConsultantWork } from "./consultant-work.server";

/** How many candidacies to answer the home lists before pointing at the inbox. */
export const HOME_CANDIDACIES_SHOWN = 3;

export type PortalHome = {
  /** Present while the consultant has no published profile yet, or a draft in review or sent back. */
  profile:
    | { kind: "onboarding"; progress: string; status: ProfileDraftStatus; notes: string | null }
    | { kind: "changes_requested"; notes: string | null }
    | { kind: "submitted" }
    | null;
  toAnswer: { count: number; first: CandidacyInboxItem[] };
  /** Requests matched to the consultant: the engagements as they exist today. */
  matched: number;
  /** What their engagements and payouts wait on them for. */
  work: ConsultantWork;
};

/**
 * What needs the consultant: their profile (onboarding or under review), the candidacies to
 * answer and their engagements' and payouts' next steps (loadConsultantWork). The reads are
 * independent and go out together, one round trip's wait.
 */
export async function loadPortalHome(app: AppContext, consultantId: string): Promise<PortalHome> {
  const [published, draftRows, inbox, work] = await Promise.all([
    app.db
      .select({ userId: consultantProfiles.userId })
      .from(consultantProfiles)
      .where(eq(consultantProfiles.userId, consultantId))
      .limit(1),
    app.db.select().from(consultantProfileDrafts).where(eq(consultantProfileDrafts.userId, consultantId)).limit(1),
    loadCandidacyInbox(app, consultantId),
    loadConsultantWork(app, consultantId),
  ]);
  const draft = draftRows[0];
  let profile: PortalHome["profile"] = null;
  if (published.length === 0) {
    const progress = profileProgress(draft?.fields ?? {});
    profile = {
      kind: "onboarding",
      progress: progressText(progress.done, progress.total),
      status: draft?.status ?? "editing",
      notes: draft?.status === "changes_requested" ? draft.reviewNotes : null,
    };
  } else if (draft?.status === "changes_requested") {
    profile = { kind: "changes_requested", notes: draft.reviewNotes };
  } else if (draft?.status === "submitted") {
    profile = { kind: "submitted" };
  }
  const toAnswer = inbox.groups[0]!.items;
  const matched = inbox.groups.find((group) => group.state === "matched")!.items.length;
  return {
    profile,
    toAnswer: { count: toAnswer.length, first: toAnswer.slice(0, HOME_CANDIDACIES_SHOWN) },
    matched,
    work,
  };
}
