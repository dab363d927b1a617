import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Submission } from "@conform-to/react";
import { MEETING_TEXTS as M } from "~/lib/conversations/meeting-copy";
import type { ThreadAction, ThreadActionData } from "~/lib/conversations/thread-schemas";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { notFound } from "~/http/route-kit.server";
import { downloadResponse } from "~/http/http.server";
import { requireViewer } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import {
  bookMeeting,
  cancelMeeting,
  declineMeeting,
  meetingCalendar,
  proposeMeeting,
  type MeetingResult,
} from "~/server/conversations/meetings.server";
import { announceThreadChange } from "~/server/conversations/thread-events.server";

/**
 * The call intents of a thread page's action (docs/decisions/074) and the calls' calendar files.
 * The thread action hands over propose, book, decline and cancel; the answers are the thread
 * action's (Conform's reply and a success text; 404 for anyone outside the thread).
 */

export type MeetingAction = Extract<ThreadAction, { intent: "propose" | "book" | "decline" | "cancel" }>;

/**
 * A thread write refused to a participant, as the page's answer: its reason on the field it names
 * (the files, a time) or on the form, with its status; anyone outside the thread gets a plain 404.
 */
export function refusalReply(
  submission: Submission<ThreadAction>,
  refusal: { status: number; msg: string; field?: string },
) {
  if (refusal.status === 404) throw notFound();
  const errors = refusal.field ? { fieldErrors: { [refusal.field]: [refusal.msg] } } : { formErrors: [refusal.msg] };
  return data<ThreadActionData>({ result: submission.reply(errors), message: null }, { status: refusal.status });
}

export const isMeetingAction = (input: ThreadAction): input is MeetingAction =>
  input.intent === "propose" || input.intent === "book" || input.intent === "decline" || input.intent === "cancel";

const SUCCESS_TEXT = { propose: M.proposed, book: M.booked, decline: M.declined, cancel: M.cancelled } as const;

export async function meetingAction(
  app: AppContext,
  request: Request,
  viewer: Viewer,
  threadId: string,
  input: MeetingAction,
  submission: Submission<ThreadAction>,
) {
  const origin = appOrigin(app, request);
  let outcome: MeetingResult<unknown>;
  if (input.intent === "propose") outcome = await proposeMeeting(app, viewer, threadId, input);
  else if (input.intent === "book") outcome = await bookMeeting(app, viewer, threadId, input, origin);
  else if (input.intent === "decline") outcome = await declineMeeting(app, viewer, threadId, input.meetingId);
  else outcome = await cancelMeeting(app, viewer, threadId, input.meetingId, origin);
  if (!outcome.ok) return refusalReply(submission, outcome);
  // The thread changed: whoever has it open reloads it (the call shows among the messages).
  app.afterResponse(() => announceThreadChange(app, threadId, "message"));
  return data<ThreadActionData>({
    result: submission.reply({ resetForm: input.intent === "propose" }),
    message: SUCCESS_TEXT[input.intent],
  });
}

/**
 * /meetings/{id}.ics: a booked or cancelled call's invitation (RFC 5545), for the participants of
 * its thread; anyone else, an unknown call or one never booked, 404. Signed out: the login screen.
 */
export async function meetingIcsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  const viewer = await requireViewer(app, request);
  const match = /^([0-9a-f-]{36})\.ics$/i.exec(params.file ?? "");
  if (!match) throw notFound();
  const body = await meetingCalendar(app, viewer, match[1]!, appOrigin(app, request));
  if (body === null) throw notFound();
  return downloadResponse({ body, contentType: "text/calendar; charset=utf-8", name: `partwise-call-${match[1]}.ics` });
}
