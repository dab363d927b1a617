import { Link } from "@remix-run/react";
import { useState } from "react";
import { DashboardCard } from "~/components/dashboard/dashboard-card";
import { LearningBody } from "~/components/learning/learning-content";
import { LEARNING_COPY } from "~/lib/learning/learning-copy";
import type { LearningDashboardView } from "~/lib/learning/learning-views";

/** The dashboard's Learning Center card: the newest items, what is new since the last visit, progress. */
export function LearningCenterCard({ view }: { view: LearningDashboardView }) {
  return (
    <DashboardCard id="learning-card" title={LEARNING_COPY.pageTitle}>
      {view.newest.length === 0 ? (
        <p className="empty-state">{LEARNING_COPY.cardEmpty}</p>
      ) : (
        <>
          {view.newCount > 0 || view.progress ? (
            <p className="learning-card-meta">
              {[view.newCount > 0 ? LEARNING_COPY.newSince(view.newCount) : null, view.progress]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
          <ul className="learning-card-list">
            {view.newest.map((item) => (
              <li key={item.id}>
                <Link to={`/learning/${item.id}`}>{item.title}</Link>
                <span className="learning-card-kind">
                  {item.kindLabel}
                  {item.isNew ? ` · ${LEARNING_COPY.newBadge}` : ""}
                  {item.locked ? ` · ${LEARNING_COPY.lockedBadge}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to="/learning" className="learning-card-all">
        {LEARNING_COPY.cardOpen}
      </Link>
    </DashboardCard>
  );
}

/**
 * The dashboard's video card (spec §2's video player): the newest published video this plan may
 * open. The player loads only when asked (Play), so the dashboard never calls a video site by
 * itself; without JavaScript the title opens the video's page.
 */
export function FeaturedVideoCard({ view }: { view: LearningDashboardView }) {
  const [playing, setPlaying] = useState(false);
  const featured = view.featured;
  return (
    <DashboardCard id="featured-video-card" title={LEARNING_COPY.featuredVideoTitle}>
      {featured ? (
        <>
          <p>
            <Link to={`/learning/${featured.id}`}>{featured.title}</Link>
          </p>
          {featured.video.kind === "link" || playing ? (
            <LearningBody title={featured.title} bodyMarkdown={null} video={featured.video} />
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setPlaying(true)}
              aria-label={LEARNING_COPY.playVideo(featured.title)}
            >
              {LEARNING_COPY.play}
            </button>
          )}
        </>
      ) : (
        <p className="empty-state">
          {view.videosLocked ? (
            <>
              {LEARNING_COPY.featuredVideoLocked} <Link to="/plan-select">{LEARNING_COPY.seePlans}</Link>
            </>
          ) : (
            LEARNING_COPY.featuredVideoEmpty
          )}
        </p>
      )}
    </DashboardCard>
  );
}
