import { Link } from "@remix-run/react";
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
          <p className="learning-card-meta">
            {LEARNING_COPY.newSince(view.newCount)}
            {view.progress ? ` · ${view.progress}` : ""}
          </p>
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

/** The dashboard's video card (spec §2's video player): the newest published video this plan may open. */
export function FeaturedVideoCard({ view }: { view: LearningDashboardView }) {
  return (
    <DashboardCard id="featured-video-card" title={LEARNING_COPY.featuredVideoTitle}>
      {view.featured ? (
        <>
          <p>
            <Link to={`/learning/${view.featured.id}`}>{view.featured.title}</Link>
          </p>
          <LearningBody title={view.featured.title} bodyMarkdown={null} video={view.featured.video} />
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
