import { Link, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { fullName, initials } from "~/lib/shared/format";
import { BrandMark } from "./brand-mark";
import { NotificationList } from "~/components/dashboard/notifications-card";
import { bellBadge, bellLabel } from "~/lib/notifications/notification-copy";
import { unreadMessagesText } from "~/lib/conversations/thread-copy";
import { Icon } from "./icons";
import { useShellData } from "./shell-data";

type TopBarProps = {
  firstName: string;
  lastName: string;
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  menuButtonRef: RefObject<HTMLButtonElement>;
};

/** v2.2 top bar (spec §2): greeting, daily prompt, notification bell and the user's initials. */
export function TopBar({ firstName, lastName, navId, navOpen, onToggleNav, menuButtonRef }: TopBarProps) {
  const name = fullName(firstName, lastName);
  return (
    <div className="topbar">
      <div className="topbar-row">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button menu-toggle"
          aria-label="Menu"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={onToggleNav}
        >
          <Icon name={navOpen ? "close" : "menu"} large />
        </button>
        <Link to="/dashboard" className="topbar-brand" aria-label="Partwise dashboard">
          <BrandMark />
        </Link>
        <div className="greeting">
          <p className="greeting-hello">
            Hello, {firstName} {lastName}
          </p>
          <p className="greeting-prompt">What&apos;s your top business priority today?</p>
        </div>
        <div className="topbar-actions">
          <NotificationsButton />
          {/* The name starts with the visible initials, so "click DW" works for voice control too. */}
          <Link to="/company-profile" className="avatar" title={`Account settings: ${name}`}>
            {initials(firstName, lastName)}
            <span className="visually-hidden">, account settings for {name}</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The bell opens a small panel with the user's notifications: the list the dashboard shows. */
function NotificationsButton() {
  const { notifications, unreadNotifications, unreadMessages } = useShellData();
  // The bell counts unread messages too (issue #39 item 3); its panel links to them.
  const unread = unreadNotifications + unreadMessages;
  const badge = bellBadge(unread);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A notification's link navigates inside the app, where the bar stays mounted: close the panel.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div className="popover-anchor" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={bellLabel(unreadNotifications, unreadMessages)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="bell" large />
        {badge ? (
          <span className="hub-n-bell-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      <div id={panelId} className="popover" hidden={!open}>
        <p className="popover-title">Notifications</p>
        {unreadMessages > 0 ? (
          <p className="popover-messages">
            <Link to="/messages">{unreadMessagesText(unreadMessages)}</Link>
          </p>
        ) : null}
        {/* Only while open: the panel opens with JavaScript alone, and every page would otherwise
            render the list (and a form per notification) that nobody sees. */}
        {open ? <NotificationList notifications={notifications} /> : null}
      </div>
    </div>
  );
}
