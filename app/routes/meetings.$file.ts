import { meetingIcsLoader } from "~/http/meeting-routes.server";

/** /meetings/{id}.ics: a booked or cancelled call's calendar invitation (docs/decisions/074). */
export const loader = meetingIcsLoader;
