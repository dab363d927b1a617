import type { ReactNode } from "react";
import { StaffFrame, type StaffSection } from "~/components/shell/staff-frame";
import { STAFF_PATH } from "~/lib/identity/staff";
import { MONEY_DESK, MONEY_DESK_PATH } from "~/lib/payouts/console-copy";

/** Work waiting in each section, shown beside its link. */
export type ConsoleCounts = {
  insightRequestsToDo: number;
  matchRequestsToDo: number;
  openSupportMessages: number;
  /** Consultants' profiles sent for review. */
  profilesToReview: number;
  /** Engagement plans sent for a manager's review. */
  plansToReview: number;
  /** The money desk's work (docs/decisions/080): disputes to settle and transfers to retry. */
  moneyToDo: number;
  /** Unread messages in the conversations of the manager's assigned matches. */
  unreadMessages: number;
};

type ConsoleSection = {
  to: string;
  label: string;
  icon: StaffSection["icon"];
  /** Active only on this exact path (the console home), not on the pages below it. */
  end?: boolean;
  /** The waiting work shown beside the link, and what it counts ("3 to do"). */
  count?: { of: (counts: ConsoleCounts) => number; what: string };
  /** Shown to admins only (docs/decisions/064). */
  admins?: true;
};

/**
 * The console's sections, in navigation order. A new section (matching, consultants,
 * engagements) is one entry here plus its routes under /manage.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { to: "/manage", label: "Home", icon: "dashboard", end: true },
  {
    to: "/manage/insights",
    label: "Insight requests",
    icon: "insights",
    count: { of: (counts) => counts.insightRequestsToDo, what: "to do" },
  },
  {
    to: "/manage/matches",
    label: "Match requests",
    icon: "matching",
    count: { of: (counts) => counts.matchRequestsToDo, what: "to do" },
  },
  {
    to: "/manage/engagements",
    label: "Engagements",
    icon: "engagements",
    count: { of: (counts) => counts.plansToReview, what: "to review" },
  },
  // The money desk (issue #40 item 4): disputes, transfers, near acceptances and refunds across engagements.
  {
    to: MONEY_DESK_PATH,
    label: MONEY_DESK.title,
    icon: "payouts",
    count: { of: (counts) => counts.moneyToDo, what: MONEY_DESK.navWhat },
  },
  {
    to: "/manage/consultants",
    label: "Consultants",
    icon: "people",
    count: { of: (counts) => counts.profilesToReview, what: "to review" },
  },
  { to: "/manage/events", label: "Events", icon: "events" },
  { to: "/manage/learning", label: "Learning", icon: "learning" },
  {
    to: "/manage/support",
    label: "Support messages",
    icon: "support",
    count: { of: (counts) => counts.openSupportMessages, what: "open" },
  },
  {
    to: "/manage/messages",
    label: "Messages",
    icon: "messages",
    count: { of: (counts) => counts.unreadMessages, what: "unread" },
  },
  { to: "/manage/notifications", label: "Notifications", icon: "bell" },
  { to: "/manage/audit", label: "Audit trail", icon: "documents" },
  { to: STAFF_PATH, label: "Staff", icon: "people", admins: true },
  { to: "/manage/settings", label: "Settings", icon: "settings" },
];

/**
 * The engagement manager console's own frame, apart from the public pages' narrow column: a top
 * bar (brand, console name, the manager, Logout), the section navigation (a column beside the
 * page from 900px, a row above it on smaller screens) and a main area as wide as the screen
 * allows, so two-column pages keep a readable side column.
 */
export function ConsoleLayout({
  manager,
  admin,
  counts,
  children,
}: {
  manager: string;
  /** Whether the viewer is an admin (the Staff section). */
  admin: boolean;
  counts: ConsoleCounts;
  children: ReactNode;
}) {
  const sections = CONSOLE_SECTIONS.filter((section) => admin || !section.admins).map(
    ({ count, admins: _admins, ...section }) => ({
      ...section,
      waiting: count ? { count: count.of(counts), what: count.what } : undefined,
    }),
  );
  return (
    <StaffFrame
      home="/manage"
      homeLabel="Partwise console home"
      title="Engagement manager console"
      person={manager}
      navLabel="Console"
      sections={sections}
    >
      {children}
    </StaffFrame>
  );
}
