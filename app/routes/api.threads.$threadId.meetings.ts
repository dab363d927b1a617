import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { THREAD_ID_PARAM } from "~/lib/conversations/thread-api";
import { ApiProposeMeetingSchema, apiProposalFields, ProposeMeetingSchema } from "~/lib/conversations/meeting-schemas";
import { THREAD_NOT_FOUND_MESSAGE } from "~/lib/conversations/thread-copy";
import { requireApiViewer } from "~/http/guards.server";
import { describeIssues, errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { meetingsOfThread, proposeMeeting } from "~/server/conversations/meetings.server";
import { announceThreadChange } from "~/server/conversations/thread-events.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/threads/{threadId}/meetings → 200 {meetings}: the thread's calls (proposed, booked,
 * declined, cancelled), oldest first, with what the caller may do (canAnswer, canCancel) and the
 * calendar file of a booked one.
 *
 * POST /api/threads/{threadId}/meetings {slots: [ISO instant ×2–3], durationMinutes: 30|45|60,
 * location, note?, key?} → 201 {meetingId}: proposes a call; `key` (a UUID) makes a retried post
 * propose once. The same rules as the thread page's form (docs/decisions/074): each time in the
 * future and distinct, a video link or a phone number.
 *
 * Both: 401 without a session; 404 {msg} and nothing written for anyone who takes no part in the
 * thread; 400 {msg, errors} for a bad body; 403 for a member whose role only reads; 409 when the
 * thread is closed.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiViewer(context.app, request);
  const meetings = await meetingsOfThread(context.app, viewer, params.threadId ?? "");
  if (!meetings) return errorResponse(404, THREAD_NOT_FOUND_MESSAGE);
  return jsonResponse({ meetings });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { app } = context;
  const viewer = await requireApiViewer(app, request);
  const body = await readBody(request, ApiProposeMeetingSchema);
  const key = body.key ?? crypto.randomUUID();
  const parsed = ProposeMeetingSchema.safeParse(apiProposalFields(body, key));
  if (!parsed.success) {
    const { msg, errors } = describeIssues(parsed.error);
    return errorResponse(400, msg, { errors });
  }
  const threadId = params.threadId ?? "";
  const result = await proposeMeeting(app, viewer, threadId, parsed.data);
  if (!result.ok) {
    return errorResponse(result.status, result.status === 404 ? THREAD_NOT_FOUND_MESSAGE : result.msg);
  }
  app.afterResponse(() => announceThreadChange(app, threadId, "message"));
  return jsonResponse({ meetingId: result.meetingId }, { status: 201 });
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/threads/{threadId}/meetings",
    operationId: "listThreadMeetings",
    tag: "conversations",
    summary: "A thread's calls, with what the caller may do and the calendar file of a booked one.",
    access: "session",
    params: [THREAD_ID_PARAM],
    ok: { 200: "{meetings}" },
    errors: [401, 404],
  },
  {
    method: "post",
    path: "/api/threads/{threadId}/meetings",
    operationId: "proposeThreadMeeting",
    tag: "conversations",
    summary: "Proposes a call with two or three times; a retried post with the same key proposes once.",
    access: "session",
    params: [THREAD_ID_PARAM],
    body: { name: "ProposeMeeting", schema: ApiProposeMeetingSchema, reader: "json" },
    ok: { 201: "{meetingId}" },
    errors: [400, 401, 403, 404, 409],
  },
];
