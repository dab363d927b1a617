/**
 * A booked or cancelled call's calendar invitation (RFC 5545, docs/decisions/074): METHOD:REQUEST
 * while booked, METHOD:CANCEL with STATUS:CANCELLED once cancelled; one UID per call, so a
 * calendar replaces its copy when the SEQUENCE grows. CRLF line endings, text escaped, lines
 * folded at 75 octets, times in UTC.
 */
import { icsDate, icsEscape, icsFold } from "~/lib/events/event-ics";

export type IcsPerson = { name: string; email: string };

export type MeetingIcsInput = {
  id: string;
  sequence: number;
  cancelled: boolean;
  startsAt: Date;
  durationMinutes: number;
  /** A video link or a phone number. */
  location: string;
  summary: string;
  description: string;
  /** The conversation's address. */
  url: string;
  organizer: IcsPerson | null;
  attendees: readonly IcsPerson[];
  updatedAt: Date;
};

/** The call's UID: the same for every version of the invitation. */
export const meetingUid = (meetingId: string) => `meeting-${meetingId}@partwise`;

/**
 * A parameter value (CN) quoted (RFC 5545 §3.2): a quoted value holds no DQUOTE nor control
 * character, so both are dropped.
 */
export function icsParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "").trim()}"`;
}

/** mailto: of an address (no spaces nor control characters: an address never has them). */
function mailto(email: string): string {
  // eslint-disable-next-line no-control-regex
  return `mailto:${email.replace(/[\s\u0000-\u001f\u007f]/g, "")}`;
}

export function buildMeetingIcs(meeting: MeetingIcsInput, now: Date): string {
  const end = new Date(meeting.startsAt.getTime() + meeting.durationMinutes * 60_000);
  const partstat = meeting.cancelled ? "DECLINED" : "ACCEPTED";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Partwise//Meetings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${meeting.cancelled ? "CANCEL" : "REQUEST"}`,
    "BEGIN:VEVENT",
    `UID:${meetingUid(meeting.id)}`,
    `SEQUENCE:${meeting.sequence}`,
    `DTSTAMP:${icsDate(now)}`,
    `LAST-MODIFIED:${icsDate(meeting.updatedAt)}`,
    `DTSTART:${icsDate(meeting.startsAt)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsEscape(meeting.summary)}`,
    `DESCRIPTION:${icsEscape(meeting.description)}`,
    `LOCATION:${icsEscape(meeting.location)}`,
    `URL:${meeting.url}`,
    ...(meeting.organizer
      ? [`ORGANIZER;CN=${icsParam(meeting.organizer.name)}:${mailto(meeting.organizer.email)}`]
      : []),
    ...meeting.attendees.map(
      (person) =>
        `ATTENDEE;CN=${icsParam(person.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat};RSVP=FALSE:${mailto(person.email)}`,
    ),
    `STATUS:${meeting.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(icsFold).join("\r\n") + "\r\n";
}
