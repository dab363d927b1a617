import { Form, Link, useLocation } from "@remix-run/react";
import { featureFromSearch, parseFeatureFocus } from "~/lib/shared/features";
import { Icon, type IconName } from "./icons";

type NavItem = {
  label: string;
  icon: IconName;
  /** Where the item goes; absent when the feature is not available yet. */
  to?: string;
  isCurrent?: (path: string, focus: string | null) => boolean;
  /** Why an item without `to` is unavailable (announced and shown on hover). */
  unavailableReason?: string;
  /** Unread things behind the item, shown as a count beside its label. */
  unread?: number;
};

export const ENGAGEMENTS_UNAVAILABLE = "available once a plan with a consultant is approved";

const onFeature =
  (feature: string, ...paths: string[]) =>
  (path: string, focus: string | null) =>
    (path === "/features" && parseFeatureFocus(focus) === feature) || paths.includes(path);

/** Current on `base` and every page under it (`/learning`, `/learning/{id}`). */
const onSection = (base: string) => (path: string) => path === base || path.startsWith(`${base}/`);

/**
 * The v2.2 toolbar (spec §2) with the pages issue #16 made real: Documents Hub opens its tab of
 * /features, Benchmarking its tab (and is current on /benchmarking), Learning Center /learning (current
 * on every page under it) and Events /events. Engagements becomes available once the business
 * has an engagement (a plan a manager approved); until then it is the one unavailable entry.
 */
export function mainNavItems({
  hasEngagements,
  unreadMessages = 0,
}: {
  hasEngagements: boolean;
  unreadMessages?: number;
}): NavItem[] {
  return [
    { label: "Dashboard", icon: "dashboard", to: "/dashboard", isCurrent: (path) => path === "/dashboard" },
    {
      label: "Insights",
      icon: "insights",
      to: "/features?focus=Insights",
      isCurrent: onFeature("Insights", "/create-insight", "/insight-discovery"),
    },
    {
      label: "Matching",
      icon: "matching",
      to: "/features?focus=Matching",
      isCurrent: onFeature("Matching", "/create-match"),
    },
    hasEngagements
      ? {
          label: "Engagements",
          icon: "engagements",
          to: "/features?focus=Engagements",
          isCurrent: onFeature("Engagements", "/engagement-portal"),
        }
      : { label: "Engagements", icon: "engagements", unavailableReason: ENGAGEMENTS_UNAVAILABLE },
    // Conversations with candidates, consultants and the manager (docs/decisions/072).
    { label: "Messages", icon: "messages", to: "/messages", isCurrent: onSection("/messages"), unread: unreadMessages },
    {
      label: "Documents Hub",
      icon: "documents",
      to: "/features?focus=Documents",
      isCurrent: onFeature("Documents"),
    },
    {
      label: "Benchmarking",
      icon: "benchmarking",
      to: "/features?focus=Benchmarking",
      isCurrent: onFeature("Benchmarking", "/benchmarking"),
    },
    { label: "Learning Center", icon: "learning", to: "/learning", isCurrent: onSection("/learning") },
    { label: "Events", icon: "events", to: "/events", isCurrent: onSection("/events") },
  ];
}

const SECONDARY_ITEMS: NavItem[] = [
  { label: "Support", icon: "support", to: "/contact-us", isCurrent: (path) => path === "/contact-us" },
  { label: "Settings", icon: "settings", to: "/company-profile", isCurrent: (path) => path === "/company-profile" },
];

function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, "") : lower;
}

export function MainNav({
  id,
  hasEngagements = false,
  unreadMessages = 0,
}: {
  id: string;
  hasEngagements?: boolean;
  unreadMessages?: number;
}) {
  const location = useLocation();
  const path = normalisePath(location.pathname);
  // ?matchId= and ?engagementId= open their feature whatever `focus` says.
  const focus = featureFromSearch(new URLSearchParams(location.search));

  const renderItem = (item: NavItem) => {
    if (!item.to) {
      return (
        <li key={item.label}>
          {/* A link with no destination: announced as unavailable, reachable, does nothing. */}
          <a
            role="link"
            aria-disabled="true"
            tabIndex={0}
            className="nav-item is-unavailable"
            title={item.unavailableReason}
          >
            <Icon name={item.icon} />
            <span className="nav-label">{item.label}</span>
            <span className="visually-hidden"> ({item.unavailableReason})</span>
          </a>
        </li>
      );
    }
    const current = item.isCurrent?.(path, focus) ?? false;
    return (
      <li key={item.label}>
        <Link to={item.to} className="nav-item" aria-current={current ? "page" : undefined} prefetch="intent">
          <Icon name={item.icon} />
          <span className="nav-label">{item.label}</span>
          {item.unread ? (
            <span className="console-nav-count nav-count">
              <span aria-hidden="true">{item.unread > 99 ? "99+" : item.unread}</span>
              <span className="visually-hidden">{`, ${item.unread} unread`}</span>
            </span>
          ) : null}
        </Link>
      </li>
    );
  };

  return (
    <nav id={id} aria-label="Main" className="main-nav">
      <ul className="nav-list">{mainNavItems({ hasEngagements, unreadMessages }).map(renderItem)}</ul>
      <ul className="nav-list nav-list-secondary">
        {SECONDARY_ITEMS.map(renderItem)}
        <li>
          <Form method="post" action="/logout" className="nav-logout">
            <button type="submit" className="nav-item nav-button">
              <Icon name="logout" />
              <span className="nav-label">Logout</span>
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
