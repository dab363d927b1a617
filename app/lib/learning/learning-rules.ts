/** Who may open a learning item, what is "New", and how a video is shown. Pure; shared by server and pages. */
import { MEMBER_TIERS, type LearningKind, type MemberTier } from "~db/enums";
import { PLANS, type PerkKey } from "~/lib/payments/plans";
import { plansText } from "~/lib/shared/format";

/** The plan perk that opens each kind (the plan page: Tools & Templates, E-Learning for Leaders). */
export const LEARNING_PERK: Record<LearningKind, PerkKey> = {
  article: "eLearning",
  video: "eLearning",
  template: "toolsTemplates",
};

/** The plans whose perks include the kind: templates STARTER and SCALE, articles and videos SCALE. */
export function defaultTiers(kind: LearningKind): MemberTier[] {
  const perk = LEARNING_PERK[kind];
  return MEMBER_TIERS.filter((tier) => (PLANS[tier].perks as readonly string[]).includes(perk));
}

/** The tiers an item is opened to: its perk's plans, or every plan. */
export function tiersFor(kind: LearningKind, access: "perk" | "all"): MemberTier[] {
  return access === "all" ? [...MEMBER_TIERS] : defaultTiers(kind);
}

/** "perk" when the tiers are the kind's default, "all" when every plan may open it. */
export function accessOf(kind: LearningKind, tiers: readonly string[]): "perk" | "all" {
  return MEMBER_TIERS.every((tier) => tiers.includes(tier)) && defaultTiers(kind).length < MEMBER_TIERS.length
    ? "all"
    : "perk";
}

export function canOpen(tiers: readonly string[], tier: string): boolean {
  return tiers.includes(tier);
}

export { plansText };

/**
 * Visits closer together than this are one visit: reloading the page or marking an item done
 * keeps the same "New" badges; coming back later starts a new visit.
 */
export const VISIT_GAP_MS = 30 * 60 * 1000;

/** The visit's baseline after a visit at `now`, given the stored visit (null: the first visit). */
export function nextVisit(
  stored: { seenAt: Date; previousSeenAt: Date | null } | null,
  now: Date,
): { seenAt: Date; previousSeenAt: Date | null } {
  if (!stored) return { seenAt: now, previousSeenAt: null };
  if (now.getTime() - stored.seenAt.getTime() > VISIT_GAP_MS) return { seenAt: now, previousSeenAt: stored.seenAt };
  return { seenAt: now, previousSeenAt: stored.previousSeenAt };
}

/**
 * An item is New when it was published after the previous visit. A first visit has no previous
 * visit, so nothing is new on it (issue #36: a new business was told "13 new since your last visit").
 */
export function isNewSince(publishedAt: Date | string | null, previousSeenAt: Date | string | null): boolean {
  if (!publishedAt || !previousSeenAt) return false;
  return new Date(publishedAt).getTime() > new Date(previousSeenAt).getTime();
}

export type VideoView = { kind: "embed"; src: string } | { kind: "link"; href: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A YouTube or Vimeo address becomes a player address built from the video's id alone (nothing
 * else of the given URL reaches the iframe); any other https address is a link; null for anything
 * that is not https.
 */
export function videoView(raw: string | null): VideoView | null {
  if (!raw || !/^https:\/\/[^\s]+$/.test(raw) || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== "https:" || url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  const path = url.pathname.split("/").filter(Boolean);
  let youtube: string | null = null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (path[0] === "watch") youtube = url.searchParams.get("v");
    else if ((path[0] === "embed" || path[0] === "shorts" || path[0] === "live") && path[1]) youtube = path[1];
  } else if (host === "youtu.be" && path[0]) {
    youtube = path[0];
  }
  if (youtube && YOUTUBE_ID.test(youtube))
    return { kind: "embed", src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  if (host === "vimeo.com" && path.length === 1 && /^\d{1,12}$/.test(path[0]!)) {
    return { kind: "embed", src: `https://player.vimeo.com/video/${path[0]}` };
  }
  if (host === "player.vimeo.com" && path[0] === "video" && /^\d{1,12}$/.test(path[1] ?? "")) {
    return { kind: "embed", src: `https://player.vimeo.com/video/${path[1]}` };
  }
  return { kind: "link", href: url.href };
}

/** The origins the embedded players come from (the page's Content-Security-Policy frame-src). */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;
