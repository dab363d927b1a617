import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { THREAD_ID_PARAM } from "~/lib/conversations/thread-api";
import { ApiAnswerMeetingSchema } from "~/lib/conversations/meeting-schemas";
import { requireApiViewer } from "~/http/guards.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { bookMeeting, cancelMeeting, declineMeeting, type MeetingResult } from "~/server/conversations/meetings.server";
import { announceThreadChange } from "~/server/conversations/thread-events.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * POST /api/threads/{threadId}/meetings/{meetingId} {action: "book", slot} | {action: "decline"} |
 * {action: "cancel"} → 200 {meetingId, action}: answers a call as the thread page's buttons do
 * (docs/decisions/074): another side books one of its times or declines it; either side cancels a
 * booked call, the proposer's side withdraws an unanswered one. Exactly one answer wins a race (409
 * for the others). 401 without a session; 404 {msg} and nothing written for anyone outside the
 * thread or an unknown call; 400 for a bad body; 403 for a member whose role only reads.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { app } = context;
  const viewer = await requireApiViewer(app, request);
  const input = await readBody(request, ApiAnswerMeetingSchema);
  const threadId = params.threadId ?? "";
  const meetingId = params.meetingId ?? "";
  const origin = appOrigin(app, request);
  let result: MeetingResult<unknown>;
  if (input.action === "book")
    result = await bookMeeting(app, viewer, threadId, { meetingId, slot: input.slot }, origin);
  else if (input.action === "decline") result = await declineMeeting(app, viewer, threadId, meetingId);
  else result = await cancelMeeting(app, viewer, threadId, meetingId, origin);
  if (!result.ok) return errorResponse(result.status, result.msg);
  app.afterResponse(() => announceThreadChange(app, threadId, "message"));
  return jsonResponse({ meetingId, action: input.action });
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/threads/{threadId}/meetings/{meetingId}",
    operationId: "answerThreadMeeting",
    tag: "conversations",
    summary: "Books one of a call's times, declines it, or cancels it.",
    access: "session",
    params: [THREAD_ID_PARAM, { name: "meetingId", description: "The call's id." }],
    body: { name: "AnswerMeeting", schema: ApiAnswerMeetingSchema, reader: "json" },
    ok: { 200: "{meetingId, action}" },
    errors: [400, 401, 403, 404, 409],
  },
];
