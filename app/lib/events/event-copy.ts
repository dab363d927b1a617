/** Every text of the Upcoming Events feature (client page, dashboard card, console, reminder). */
import type { EventKind } from "~db/enums";

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  virtual_peer_group: "Virtual peer group",
  webinar: "Webinar",
  workshop: "Workshop",
};

export const EVENT_COPY = {
  pageTitle: "Upcoming Events",
  pageIntro: "Peer groups, webinars and workshops for Partwise members. Register to get the join link.",
  noEvents: "No upcoming events.",
  seeAll: "See all events",
  full: "Full",
  registered: "You're registered",
  register: "Register",
  cancelRegistration: "Cancel registration",
  /** The accessible names of the buttons: the visible word plus the event it acts on. */
  registerFor: (title: string) => `Register for ${title}`,
  cancelRegistrationFor: (title: string) => `Cancel registration for ${title}`,
  addToCalendar: "Add to calendar",
  joinLink: "Join the event",
  openTo: "Open to",
  seats: (left: number, capacity: number) => `${left} of ${capacity} seats left`,
  registeredNotice: "You're registered. The join link is on this page.",
  alreadyRegistered: "You're already registered for this event.",
  cancelledNotice: "Your registration is cancelled.",
  notRegistered: "You're not registered for this event.",
  fullMessage: "This event is full.",
  planMessage: (plans: string) => `This event is open to ${plans}. Upgrade your plan to join.`,
  eventNotFound: "Event not found.",
  eventOver: "This event has already started.",
  chooseAction: "Choose Register or Cancel registration.",
  // Console
  consoleTitle: "Events",
  consoleEyebrow: "Engagement manager console",
  createHeading: "Create an event",
  editHeading: "Edit the event",
  registrationsHeading: "Registrations",
  noRegistrations: "No registrations yet.",
  noConsoleEvents: "No events yet.",
  created: "Event created.",
  updated: "Event saved.",
  cancelled: "Event cancelled.",
  alreadyCancelled: "This event is already cancelled.",
  cancelledBadge: "Cancelled",
  cancelEvent: "Cancel event",
  save: "Save event",
  create: "Create event",
  // Reminder
  reminderTitle: (title: string) => `Tomorrow: ${title}`,
  reminderBody: (title: string, when: string) => `${title} starts ${when}. The join link is on the Events page.`,
  reminderAction: "Open Events",
  reminderFooter: "You get this email because your business registered for this event on Partwise.",
} as const;

export const EVENT_FIELD_ERRORS = {
  title: "Enter a title (up to 120 characters).",
  description: "Keep the description under 2,000 characters.",
  kind: "Choose the kind of event.",
  startsAt: "Enter the start date and time.",
  endsAt: "Enter an end after the start.",
  timeZone: "Choose a valid time zone, e.g. America/New_York.",
  capacity: "Enter a capacity between 1 and 10,000.",
  joinUrl: "Enter the join link (https://…).",
  allowedTiers: "Choose at least one plan.",
} as const;
