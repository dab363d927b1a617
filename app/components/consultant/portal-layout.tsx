import type { ReactNode } from "react";
import { StaffFrame } from "~/components/shell/staff-frame";

/**
 * The consultant portal's frame, the same staff frame as the managers' console (top bar with the
 * consultant and Logout, a section navigation beside the page from 900px, above it on a phone),
 * with the portal's own sections. The candidacies' link counts the candidacies waiting for an answer.
 */
export function PortalLayout({
  consultant,
  toAnswer,
  unreadMessages = 0,
  children,
}: {
  consultant: string;
  toAnswer: number;
  unreadMessages?: number;
  children: ReactNode;
}) {
  return (
    <StaffFrame
      home="/consultant"
      homeLabel="Partwise consultant portal home"
      title="Consultant portal"
      person={consultant}
      navLabel="Portal"
      sections={[
        { to: "/consultant", label: "Home", icon: "dashboard", end: true },
        {
          to: "/consultant/candidacies",
          label: "Candidacies",
          icon: "matching",
          waiting: { count: toAnswer, what: "to answer" },
        },
        {
          to: "/consultant/messages",
          label: "Messages",
          icon: "messages",
          waiting: { count: unreadMessages, what: "unread" },
        },
        { to: "/consultant/profile", label: "Profile", icon: "people" },
        { to: "/consultant/engagements", label: "Engagements", icon: "engagements" },
        { to: "/consultant/documents", label: "Documents", icon: "documents" },
        { to: "/consultant/payouts", label: "Payouts", icon: "payouts" },
        { to: "/consultant/notifications", label: "Notifications", icon: "bell" },
        { to: "/consultant/settings", label: "Settings", icon: "settings" },
      ]}
    >
      {children}
    </StaffFrame>
  );
}

/** The heading of every portal page: the portal's name above the page's title. */
export function PortalPageHeader({ title }: { title: string }) {
  return (
    <header className="page-header">
      <div>
        <p className="eyebrow">Consultant portal</p>
        <h1>{title}</h1>
      </div>
    </header>
  );
}
