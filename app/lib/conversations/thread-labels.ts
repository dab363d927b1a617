import type { MatchCategory, ThreadParty } from "~db/enums";
import {
  businessEngagementPath,
  consultantEngagementPath,
  managerEngagementPath,
} from "~/lib/engagements/engagement-paths";
import { categoryLabel, fullName } from "~/lib/shared/format";

/** What a thread's title and links read from it (the server's ThreadRow has these and more). */
export type ThreadNaming = {
  id: string;
  matchRequestId: string;
  category: MatchCategory;
  businessName: string;
  consultantFirstName: string;
  consultantLastName: string;
  outlineId: string | null;
};

/** The business area of the match ("Finance match"; "Match" when the business was not sure). */
export function threadAreaLabel(category: MatchCategory): string {
  return category === "unknown" ? "Match" : `${categoryLabel(category)} match`;
}

/** Who the reader talks with: the business sees the consultant, the consultant the business, a manager both. */
export function threadCounterpart(party: ThreadParty, thread: ThreadNaming): string {
  const consultant = fullName(thread.consultantFirstName, thread.consultantLastName);
  if (party === "business") return consultant;
  if (party === "consultant") return thread.businessName;
  return `${thread.businessName} and ${consultant}`;
}

/** A thread's heading: "Marcus Okafor · Finance match". */
export function threadTitle(party: ThreadParty, thread: ThreadNaming): string {
  return `${threadCounterpart(party, thread)} · ${threadAreaLabel(thread.category)}`;
}

/** Where the thread's match and engagement open for the reader. */
export function threadLinks(party: ThreadParty, thread: ThreadNaming): { href: string; label: string }[] {
  const match =
    party === "business"
      ? { href: `/features?matchId=${encodeURIComponent(thread.matchRequestId)}`, label: "The match" }
      : party === "consultant"
        ? { href: `/consultant/candidacies/${encodeURIComponent(thread.id)}`, label: "The candidacy" }
        : { href: `/manage/matches/${encodeURIComponent(thread.matchRequestId)}`, label: "The match" };
  if (!thread.outlineId) return [match];
  const engagement =
    party === "business"
      ? businessEngagementPath(thread.outlineId)
      : party === "consultant"
        ? consultantEngagementPath(thread.outlineId)
        : managerEngagementPath(thread.outlineId);
  return [match, { href: engagement, label: "The engagement" }];
}
