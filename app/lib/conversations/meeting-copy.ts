import type { MeetingStatus } from "~db/enums";

/** The texts, limits and addresses of calls proposed in a conversation (issue #39 item 6, docs/decisions/074). */

/** The lengths a call may have, in minutes (the table's CHECK says the same). */
export const MEETING_DURATIONS = [30, 45, 60] as const;

export type MeetingDuration = (typeof MEETING_DURATIONS)[number];

/** How many times a proposal offers: at least two, at most three. */
export const MEETING_MIN_SLOTS = 2;
export const MEETING_MAX_SLOTS = 3;

/** The longest place (a link or a phone number) and note, in characters (the table's CHECKs). */
export const MEETING_LOCATION_MAX_LENGTH = 500;
export const MEETING_NOTE_MAX_LENGTH = 1000;

/** The daily reminder's window: a booked call starting between 24 and 48 hours after the cron runs. */
export const MEETING_REMINDER_FROM_MS = 24 * 60 * 60 * 1000;
export const MEETING_REMINDER_TO_MS = 48 * 60 * 60 * 1000;

export const MEETING_TEXTS = {
  proposeTitle: "Propose a call",
  proposeIntro: "Offer two or three times; the other side books one of them.",
  slotLegend: (n: number) => (n > MEETING_MIN_SLOTS ? `Time ${n} (optional)` : `Time ${n}`),
  dateLabel: "Date",
  timeLabel: "Start time",
  zoneNote: (zone: string) => `Times are in ${zone}.`,
  durationLabel: "Length",
  durationOption: (minutes: number) => `${minutes} minutes`,
  locationLabel: "Video link or phone number",
  locationHint: "A link starting with https:// (Zoom, Meet, Teams…) or a phone number.",
  noteLabel: "Note (optional)",
  propose: "Propose the call",
  proposed: "Call proposed.",
  book: "Book this time",
  booked: "Call booked.",
  decline: "Decline the call",
  declined: "Call declined.",
  cancel: "Cancel the call",
  withdraw: "Withdraw the proposal",
  cancelled: "Call cancelled.",
  status: {
    proposed: "Call proposed",
    booked: "Call booked",
    declined: "Call declined",
    cancelled: "Call cancelled",
  } satisfies Record<MeetingStatus, string>,
  proposedBy: (name: string) => `Proposed by ${name}`,
  answeredBy: (status: "booked" | "declined", name: string) =>
    status === "booked" ? `Booked by ${name}` : `Declined by ${name}`,
  cancelledBy: (name: string) => `Cancelled by ${name}`,
  waiting: "Waiting for the other side to book one of these times.",
  chooseFrom: "Book one of these times, or decline.",
  slotsLabel: "Times offered",
  whereLabel: "Where",
  chosenMark: "Booked",
  addToCalendar: "Add to calendar (.ics)",
  calendarField: "Calendar invitation",
  whenField: "When",
  someone: "Someone",
  notice: {
    bookedTitle: "A call is booked",
    bookedBody: (business: string, consultant: string, when: string) =>
      `The call about ${business}'s match with ${consultant} is booked for ${when}. Add the invitation to your calendar.`,
    cancelledTitle: "A call is cancelled",
    cancelledBody: (business: string, consultant: string, when: string) =>
      `The call about ${business}'s match with ${consultant} on ${when} is cancelled.`,
    reminderTitle: "Your call is tomorrow",
    reminderBody: (business: string, consultant: string, when: string) =>
      `Reminder: the call about ${business}'s match with ${consultant} is on ${when}.`,
    action: "Open the conversation",
    footer: "You get this email because you take part in this conversation on Partwise.",
  },
  ics: {
    summary: (business: string, consultant: string) => `Partwise call: ${business} and ${consultant}`,
    description: (threadUrl: string) => `A call booked in the Partwise conversation: ${threadUrl}`,
  },
} as const;

/** What a refused call says (Zod messages and the server's refusals). */
export const MEETING_SLOT_REQUIRED_MESSAGE = "Enter a date and a start time.";
export const MEETING_SLOT_INCOMPLETE_MESSAGE = "Enter both a date and a start time, or leave both empty.";
export const MEETING_SLOT_INVALID_MESSAGE = "Enter a real date and time.";
export const MEETING_SLOTS_DISTINCT_MESSAGE = "Each time must be different.";
export const MEETING_SLOT_PAST_MESSAGE = "Each time must be in the future.";
export const MEETING_DURATION_MESSAGE = "Choose a length of 30, 45 or 60 minutes.";
export const MEETING_LOCATION_MESSAGE = "Enter a video link starting with https:// or a phone number.";
export const MEETING_NOTE_TOO_LONG_MESSAGE = "A note can be at most 1,000 characters.";
export const MEETING_OWN_SIDE_MESSAGE = "The other side books a call your side proposed.";
export const MEETING_ALREADY_ANSWERED_MESSAGE = "This call has already been answered.";
export const MEETING_TIME_PASSED_MESSAGE = "This time has passed; propose new times.";
export const MEETING_NOT_CANCELLABLE_MESSAGE = "Only a booked call, or your side's proposal, can be cancelled.";
export const MEETING_NOT_FOUND_MESSAGE = "Call not found.";

/** A booked or cancelled call's calendar file. */
export const meetingIcsPath = (meetingId: string) => `/meetings/${encodeURIComponent(meetingId)}.ics`;
