import { Link, useNavigate } from "@remix-run/react";
import { formatMoney } from "~/lib/shared/numbers";
import { formatDate } from "~/lib/shared/dates";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { PlanDocument } from "~/components/engagements/plan-document";
import { useMemberRole } from "~/components/business/role-gate";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  CHANGES_REQUESTED_NEXT,
  CHANGES_REQUESTED_NOTES,
  CHANGES_REQUESTED_TITLE,
  COMPLETED_ITEMS,
  HIDE_PROJECT_PLAN,
  NO_CONSULTANT,
  NO_DELIVERABLES,
  OVERDUE_LABEL,
  PLAN_CHANGE_AWAITING_MANAGER,
  VIEW_PROJECT_PLAN,
} from "~/lib/engagements/engagement-copy";
import {
  ENGAGEMENT_PANEL_TABS,
  ENGAGEMENT_PANEL_TAB_LABELS,
  engagementStatusLabel,
  itemStatusText,
  openDeliverablesEmpty,
  type BusinessEngagement,
  type EngagementPanelTab,
} from "~/lib/engagements/engagement-display";
import { ITEM_DESCRIPTION_PREVIEW, preview, type DeliveryItemView } from "~/lib/engagements/engagement-view";
import { consultingTypeLabel } from "~/lib/engagements/sow";
import { categoryLabel } from "~/lib/shared/format";
import { DeliverableCost, EngagementCostTotals } from "~/components/payouts/item-cost";
import type { EngagementCosts, ItemCost } from "~/server/payments/receipts.server";
import { DisputeNote } from "./disputes";
import { TimeLog } from "./time-log";
import type { MonthLogView } from "~/lib/engagements/retainer-months";
import { DeliveredFiles } from "./delivered-files";
import { messageLabel, threadOfMatchPath } from "~/lib/conversations/thread-copy";

/**
 * The business's engagement (spec §2 "Engagement panel tabs", /engagement-portal): Match Info,
 * Consultant and Deliverables, the same sections in the /features panel and in the portal.
 * The serialised loader data of a BusinessEngagement.
 */
export type EngagementData = BusinessEngagement;

/**
 * What the other parts of the engagement add to the Deliverables section (engagement-slots.tsx):
 * the plan's review and the signed statements above the plan, the deliverables' actions (the item
 * in progress, prepay, completion and rating) and the before/after results after the items.
 */
export type DeliverableSlots = {
  planReview?: ReactNode;
  signedStatements?: ReactNode;
  deliverableActions?: ReactNode;
  itemActions?: (item: DeliveryItemView) => ReactNode;
  results?: ReactNode;
};

type Heading = "h2" | "h3" | "h4" | "h5";
const lower = (level: Heading): Heading => (level === "h2" ? "h3" : level === "h3" ? "h4" : "h5");

/** Match Info: creation date (the one date format, "Nov 3, 2026"), engagement type, business area, problem statement. */
export function EngagementMatchInfo({ engagement, heading = "h3" }: { engagement: EngagementData; heading?: Heading }) {
  const H = heading;
  return (
    <section className="engagement-section" aria-labelledby="engagement-match-title">
      <H id="engagement-match-title">Match Info</H>
      <dl className="engagement-facts">
        <div>
          <dt>Created</dt>
          <dd>{formatDate(engagement.match.createdAt)}</dd>
        </div>
        <div>
          <dt>Engagement type</dt>
          <dd>{consultingTypeLabel(engagement.match.consultingType)}</dd>
        </div>
        <div>
          <dt>Business area</dt>
          <dd>{categoryLabel(engagement.match.category)}</dd>
        </div>
        <div>
          <dt>Problem statement</dt>
          <dd className="engagement-problem">{engagement.match.problemStatement}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Consultant: photo when published, name, headline, location, business areas and engagement types. */
export function EngagementConsultant({
  engagement,
  heading = "h3",
}: {
  engagement: EngagementData;
  heading?: Heading;
}) {
  const H = heading;
  const consultant = engagement.consultant;
  return (
    <section className="engagement-section" aria-labelledby="engagement-consultant-title">
      <H id="engagement-consultant-title">Consultant</H>
      {consultant ? (
        <div className="engagement-consultant">
          {consultant.photoUrl ? (
            <img
              className="consultant-photo"
              src={consultant.photoUrl}
              alt={consultant.name}
              width={120}
              height={120}
            />
          ) : null}
          <div className="consultant-identity">
            <p className="consultant-name">{consultant.name}</p>
            <p className="consultant-headline">{consultant.headline}</p>
            {consultant.location ? <p className="consultant-location">{consultant.location}</p> : null}
            <p>
              <Link to={threadOfMatchPath("business", engagement.match.id, consultant.consultantId)}>
                {messageLabel(consultant.name.split(" ")[0] ?? "")}
              </Link>
            </p>
          </div>
          <dl className="engagement-facts">
            <div>
              <dt>Business areas</dt>
              <dd>{consultant.businessAreas.map(categoryLabel).join(", ")}</dd>
            </div>
            <div>
              <dt>Engagement types</dt>
              <dd>{consultant.engagementTypes.map((type) => consultingTypeLabel(type)).join(", ")}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className="empty-state">{NO_CONSULTANT}</p>
      )}
    </section>
  );
}

/**
 * One deliverable: its title (whole; cut with an ellipsis only where two lines end, the full title
 * in its tooltip and the item's name), the description's preview (100), price, date (and Overdue
 * when it has passed undelivered) and status.
 */
function DeliverableItem({
  item,
  heading,
  actions,
  showDelivery = false,
  cost,
  log = null,
}: {
  item: DeliveryItemView;
  /** A retainer's month: its time log (docs/decisions/082). */
  log?: MonthLogView | null;
  heading: Heading;
  actions?: (item: DeliveryItemView) => ReactNode;
  /** A completed item shows what was delivered (the item in progress shows it in the actions). */
  showDelivery?: boolean;
  /** What the business paid for it (and any refund), when it was paid. */
  cost?: ItemCost;
}) {
  const H = heading;
  // A delivery waiting for a review is said for the reader's role (docs/decisions/071).
  const role = useMemberRole();
  return (
    <li className="engagement-item" aria-label={item.title}>
      <H className="engagement-item-title" title={item.title}>
        {item.title}
      </H>
      {item.description ? (
        <p className="engagement-item-description">{preview(item.description, ITEM_DESCRIPTION_PREVIEW)}</p>
      ) : null}
      <dl className="engagement-item-facts">
        <div>
          <dt>{log ? "Fee" : "Price"}</dt>
          <dd>{formatMoney(item.priceCents)}</dd>
        </div>
        <div>
          <dt>{log || item.extraForItemId ? "Last day" : "Delivery date"}</dt>
          <dd>
            {formatDate(item.deliveryDate)}
            {item.overdue ? (
              <>
                {" "}
                <span className="badge match-badge-overdue">{OVERDUE_LABEL}</span>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="engagement-item-status">{itemStatusText(item, role)}</dd>
        </div>
        <DeliverableCost cost={cost} title={item.title} />
      </dl>
      {showDelivery && item.summaryOfWork ? (
        <div className="engagement-item-summary">
          <p className="engagement-item-label">Summary of work</p>
          <p>{item.summaryOfWork}</p>
        </div>
      ) : null}
      {showDelivery && item.files.length > 0 ? <DeliveredFiles files={item.files} itemTitle={item.title} /> : null}
      {/* The current delivery's open dispute is shown with it (DeliverableActions). */}
      {item.dispute && (showDelivery || item.dispute.status === "settled") ? (
        <DisputeNote dispute={item.dispute} reader="business" />
      ) : null}
      {log ? <TimeLog month={log} itemId={item.deliveryItemId} editable={false} headingLevel={3} showRequests /> : null}
      {actions?.(item)}
    </li>
  );
}

/**
 * The business rejected the plan it sees (ADR 049): what it asked for, until the consultant's new
 * version comes; Accept is not offered on it.
 */
function ChangesRequested({ notes, heading }: { notes: string; heading: Heading }) {
  const H = heading;
  const id = useId();
  return (
    <section className="card changes-requested" aria-labelledby={id}>
      <H id={id} className="card-title">
        {CHANGES_REQUESTED_TITLE}
      </H>
      {notes ? (
        <figure className="changes-requested-notes">
          <figcaption className="engagement-item-label">{CHANGES_REQUESTED_NOTES}</figcaption>
          <blockquote>
            <p>{notes}</p>
          </blockquote>
        </figure>
      ) : null}
      <p>{CHANGES_REQUESTED_NEXT}</p>
    </section>
  );
}

/**
 * Deliverables (the default tab): 'View Project Plan' / 'Hide Project Plan' over the plan text,
 * the items still to do, and under 'Completed Items' the approved ones. While a changed plan waits
 * for the manager, only what is paid shows, with a notice.
 */
export function EngagementDeliverables({
  engagement,
  heading = "h3",
  slots = {},
  costs = null,
}: {
  engagement: EngagementData;
  heading?: Heading;
  slots?: DeliverableSlots;
  /** What each paid deliverable cost and the engagement's payments (issue #18). */
  costs?: EngagementCosts | null;
}) {
  const H = heading;
  const [planOpen, setPlanOpen] = useState(false);
  const planId = useId();
  const { outline, plan } = engagement;
  const itemHeading = lower(heading);
  const none = outline.incompleteItems.length === 0 && outline.completedItems.length === 0;
  return (
    <section className="engagement-section" aria-labelledby="engagement-deliverables-title">
      <H id="engagement-deliverables-title">{engagement.retainer ? "Months" : "Deliverables"}</H>
      {!engagement.planVisible ? (
        <p role="status" className="notice">
          {PLAN_CHANGE_AWAITING_MANAGER}
        </p>
      ) : null}
      {engagement.changesRequested ? (
        <ChangesRequested notes={engagement.changesRequested.notes} heading={lower(heading)} />
      ) : null}
      {slots.planReview}
      {slots.deliverableActions}
      {plan ? (
        <div className="engagement-plan">
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={planOpen}
            aria-controls={planId}
            onClick={() => setPlanOpen((open) => !open)}
          >
            {planOpen ? HIDE_PROJECT_PLAN : VIEW_PROJECT_PLAN}
          </button>
          <div id={planId} hidden={!planOpen}>
            {planOpen ? <PlanDocument document={plan} headingLevel={heading === "h2" ? 3 : 4} /> : null}
          </div>
        </div>
      ) : null}
      {none ? (
        <p className="empty-state">{NO_DELIVERABLES}</p>
      ) : (
        <>
          {outline.incompleteItems.length > 0 ? (
            <ul className="engagement-items" aria-label="Deliverables to do">
              {outline.incompleteItems.map((item) => (
                <DeliverableItem
                  key={item._id}
                  item={item}
                  heading={itemHeading}
                  actions={slots.itemActions}
                  cost={costs?.items[item._id]}
                  log={engagement.retainer?.logs[item.deliveryItemId] ?? null}
                />
              ))}
            </ul>
          ) : (
            <p className="empty-state">{openDeliverablesEmpty(outline)}</p>
          )}
          {outline.completedItems.length > 0 ? (
            <div className="engagement-completed">
              {(() => {
                const C = lower(heading);
                return <C>{COMPLETED_ITEMS}</C>;
              })()}
              <ul className="engagement-items" aria-label={COMPLETED_ITEMS}>
                {outline.completedItems.map((item) => (
                  <DeliverableItem
                    key={item._id}
                    item={item}
                    heading={lower(itemHeading)}
                    actions={slots.itemActions}
                    showDelivery
                    cost={costs?.items[item._id]}
                    log={engagement.retainer?.logs[item.deliveryItemId] ?? null}
                  />
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
      <EngagementCostTotals costs={costs} />
      {slots.signedStatements}
      {slots.results}
    </section>
  );
}

/**
 * The engagement panel in /features (spec §2): the engagement's title and status, then three tabs
 * (Match Info, Consultant, Deliverables by default). Each tab is a link to `&tab=…`, so switching
 * works without JavaScript; once hydrated the arrow keys, Home and End move between them.
 */
export function EngagementPanel({
  engagement,
  tab,
  hrefFor,
  closeHref,
  slots,
  costs = null,
}: {
  engagement: EngagementData;
  tab: EngagementPanelTab;
  hrefFor: (tab: EngagementPanelTab) => string;
  closeHref: string;
  slots?: DeliverableSlots;
  /** What each paid deliverable cost and the engagement's payments (issue #18). */
  costs?: EngagementCosts | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const refs = useRef<Partial<Record<EngagementPanelTab, HTMLAnchorElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ENGAGEMENT_PANEL_TABS.indexOf(tab);
    const last = ENGAGEMENT_PANEL_TABS.length - 1;
    let next: number | null = null;
    if (event.key === "ArrowRight") next = index === last ? 0 : index + 1;
    if (event.key === "ArrowLeft") next = index === 0 ? last : index - 1;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = last;
    if (next === null) return;
    event.preventDefault();
    const target = ENGAGEMENT_PANEL_TABS[next];
    refs.current[target]?.focus();
    navigate(hrefFor(target), { replace: true, preventScrollReset: true });
  };
  return (
    <section className="engagement-panel" aria-labelledby="engagement-panel-title">
      <div className="engagement-panel-head">
        <h2 id="engagement-panel-title">{engagement.tile.title || "Engagement"}</h2>
        <span className={`badge engagement-status engagement-status-${engagement.tile.status}`}>
          {engagementStatusLabel(engagement.tile.status)}
        </span>
        <Link to={closeHref} className="button button-ghost engagement-panel-close" preventScrollReset>
          Back to engagements
        </Link>
      </div>
      <div role="tablist" aria-label="Engagement" className="tabs engagement-tabs" onKeyDown={onKeyDown}>
        {ENGAGEMENT_PANEL_TABS.map((value) => {
          const selected = value === tab;
          return (
            <Link
              key={value}
              ref={(node) => {
                refs.current[value] = node;
              }}
              to={hrefFor(value)}
              replace
              preventScrollReset
              role="tab"
              id={`engagement-tab-${value}`}
              aria-selected={selected}
              aria-controls={selected ? "engagement-tab-panel" : undefined}
              tabIndex={hydrated && !selected ? -1 : 0}
              className="tab"
            >
              {ENGAGEMENT_PANEL_TAB_LABELS[value]}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id="engagement-tab-panel" aria-labelledby={`engagement-tab-${tab}`} className="tab-panel">
        {tab === "match" ? <EngagementMatchInfo engagement={engagement} /> : null}
        {tab === "consultant" ? <EngagementConsultant engagement={engagement} /> : null}
        {tab === "deliverables" ? <EngagementDeliverables engagement={engagement} slots={slots} costs={costs} /> : null}
      </div>
    </section>
  );
}
