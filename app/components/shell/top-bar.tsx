import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { fullName, initials } from "../../lib/format";
import { BrandMark } from "../brand-mark";
import { Icon } from "./icons";

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
    <header className="topbar">
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
          <Icon name={navOpen ? "close" : "menu"} size={22} />
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
          <Link
            to="/company-profile"
            className="avatar"
            aria-label={`Account: ${name}`}
            title={`Account: ${name}`}
          >
            <span aria-hidden="true">{initials(firstName, lastName)}</span>
          </Link>
        </div>
      </div>
    </header>
  );
}

/** The bell opens a small panel; there are no notifications to show yet, and it says so. */
function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

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
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="bell" size={22} />
      </button>
      <div id={panelId} className="popover" hidden={!open}>
        <p className="popover-title">Notifications</p>
        <p className="muted">You have no notifications.</p>
      </div>
    </div>
  );
}
