/** What the Learning Center pages and cards show of an item. Pure. */
import type { LearningKind } from "~db/enums";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel } from "~/lib/shared/format";
import { LEARNING_COPY, LEARNING_KIND_LABELS } from "./learning-copy";
import { thePlans } from "~/lib/shared/format";
import { canOpen, isNewSince, videoView } from "./learning-rules";

export type LearningRow = {
  id: string;
  kind: LearningKind;
  title: string;
  summary: string;
  area: string;
  allowedTiers: readonly string[];
  publishedAt: Date | string | null;
  archivedAt?: Date | string | null;
};

export type LearningCardView = {
  id: string;
  kind: LearningKind;
  kindLabel: string;
  title: string;
  summary: string;
  area: string;
  areaLabel: string;
  published: string;
  isNew: boolean;
  done: boolean;
  locked: boolean;
  /** "Included in the STARTER and SCALE plans." for a plan that may not open it. */
  lockedText: string | null;
};

export function learningCardView(
  row: LearningRow,
  context: { tier: string; done: ReadonlySet<string>; since: Date | string | null },
): LearningCardView {
  const locked = !canOpen(row.allowedTiers, context.tier);
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: LEARNING_KIND_LABELS[row.kind],
    title: row.title,
    summary: row.summary,
    area: row.area,
    areaLabel: categoryLabel(row.area),
    published: row.publishedAt ? formatDate(row.publishedAt) : "",
    isNew: isNewSince(row.publishedAt, context.since),
    done: context.done.has(row.id),
    locked,
    lockedText: locked ? LEARNING_COPY.includedIn(thePlans(row.allowedTiers)) : null,
  };
}

/** Draft, Published or Archived. */
export function learningStatus(row: Pick<LearningRow, "publishedAt" | "archivedAt">): string {
  if (row.archivedAt) return LEARNING_COPY.statusArchived;
  return row.publishedAt ? LEARNING_COPY.statusPublished : LEARNING_COPY.statusDraft;
}

/** The list's filter from the query string: a known area and kind, or null for all. */
export function learningFilter(
  params: URLSearchParams,
  areas: readonly string[],
  kinds: readonly string[],
): { area: string | null; kind: string | null } {
  const area = params.get("area");
  const kind = params.get("kind");
  return {
    area: area && areas.includes(area) ? area : null,
    kind: kind && kinds.includes(kind) ? kind : null,
  };
}

/** The dashboard's Learning Center and Featured video cards, from the published items. */
export function learningDashboardView(
  summary: {
    items: (LearningRow & { videoUrl: string | null })[];
    done: ReadonlySet<string>;
    lastVisit: Date | string | null;
  },
  tier: string,
) {
  const cards = summary.items.map((row) =>
    learningCardView(row, { tier, done: summary.done, since: summary.lastVisit }),
  );
  const openable = cards.filter((card) => !card.locked);
  const videos = summary.items.filter((row) => row.kind === "video");
  const featured = videos.find((row) => canOpen(row.allowedTiers, tier)) ?? null;
  const featuredVideo = featured ? videoView(featured.videoUrl) : null;
  return {
    // What the card shows of each: its title and link, its kind, New and Locked.
    newest: cards
      .slice(0, 3)
      .map(({ id, title, kindLabel, isNew, locked }) => ({ id, title, kindLabel, isNew, locked })),
    newCount: cards.filter((card) => card.isNew).length,
    progress:
      openable.length > 0 ? LEARNING_COPY.progress(openable.filter((card) => card.done).length, openable.length) : null,
    featured: featured && featuredVideo ? { id: featured.id, title: featured.title, video: featuredVideo } : null,
    /** Videos exist but none this plan may open. */
    videosLocked: videos.length > 0 && !featured,
  };
}

export type LearningDashboardView = ReturnType<typeof learningDashboardView>;
