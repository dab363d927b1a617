import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ATTACHMENTS_TOO_LARGE_MESSAGE, THREAD_TEXTS as T, threadPath } from "~/lib/conversations/thread-copy";
import { parseCursor, parseThreadAction, type ThreadActionData } from "~/lib/conversations/thread-schemas";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { isMultipartRequest, readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { fieldErrorReply, formErrorReply } from "~/server/platform/form-reply.server";
import {
  listThreads,
  loadThread,
  THREAD_LIST_LIMIT,
  threadOfMatch,
  type ThreadListItem,
  type ThreadView,
} from "~/server/conversations/threads.server";
import {
  editMessage,
  hideMessage,
  markReadAfterCheck,
  markThreadRead,
  sendMessage,
  type MessageResult,
} from "~/server/conversations/messages.server";
import { afterMessageSent, announceThreadChange } from "~/server/conversations/thread-events.server";
import { isMeetingAction, meetingAction, refusalReply } from "~/http/meeting-routes.server";
import { uploadedFilesOf } from "~/server/files/files.server";
import { MAX_MESSAGE_REQUEST_BYTES } from "~/lib/files/file-rules";
import { threadAccess, writeRefusal, type ThreadAccess } from "~/server/conversations/participation.server";

/**
 * The loaders and action of the Messages pages (the business's /messages, the portal's
 * /consultant/messages, the console's /manage/messages): each page names its guard (which throws
 * its own answer to anyone it does not admit); the rest is the same for the three sides.
 */

export type ThreadGuard = (app: AppContext, request: Request) => Promise<Viewer>;

/**
 * The list page's data: the viewer's threads, latest activity first; for managers, which of the
 * console's two lists this is (`?show=all`: every thread; else those of the matches assigned to them).
 */
export type ThreadListData = { items: ThreadListItem[]; show: "mine" | "all" | null; limit: number };

export function threadListLoader(guard: ThreadGuard) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<ThreadListData> => {
    const viewer = await guard(context.app, request);
    const show =
      viewer.user.role !== "manager" ? null : new URL(request.url).searchParams.get("show") === "all" ? "all" : "mine";
    const items = await listThreads(context.app, viewer, { assignedToMe: show === "mine" });
    return { items, show, limit: THREAD_LIST_LIMIT };
  };
}

/** A thread page's data: the thread, and the one-time key of its message form. */
export type ThreadPageData = ThreadView & { formKey: string };

/** A prefetch (Remix's <Link prefetch>, a browser's speculation) reads without marking anything read. */
function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);
}

/**
 * One thread (`?before=` an earlier page). Two sequential D1 round trips: the viewer, then the
 * thread, its page of messages, the read marks and the unread count in one batch. Reading the
 * latest page marks the thread read for the viewer after the answer is sent (the page's script
 * also posts `read` so the navigation's count follows at once).
 */
export function threadLoader(guard: ThreadGuard) {
  return async ({ request, context, params }: LoaderFunctionArgs): Promise<ThreadPageData> => {
    const { app } = context;
    const viewer = await guard(app, request);
    const before = parseCursor(new URL(request.url).searchParams.get("before"));
    const view = await loadThread(app, viewer, params.threadId ?? "", before);
    if (!view) throw notFound();
    if (view.unread > 0 && !before && !isPrefetch(request)) {
      app.afterResponse(async () => {
        await markReadAfterCheck(app, view.access);
        await announceThreadChange(app, view.access.threadId, "read");
      });
    }
    return { ...view, formKey: crypto.randomUUID() };
  };
}

const SUCCESS_TEXT = { send: T.sent, edit: T.edited, hide: T.hiddenDone, read: null } as const;
const LIVE_EVENT = { edit: "edited", hide: "hidden", read: "read" } as const;

/**
 * Send, edit, hide (managers) and read: the thread's own participants only; anyone else gets 404
 * and nothing is written. A refusal answers its status with the reason as the form's error.
 */
export function threadAction(guard: ThreadGuard) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const { app } = context;
    const viewer = await guard(app, request);
    const threadId = params.threadId ?? "";
    // The message form is multipart when it carries files: before its body is read, the sender's
    // part is checked (an outsider's upload is never read) and it is counted up to a message's
    // files; any other body, 1 MB.
    let checked: ThreadAccess | undefined;
    if (isMultipartRequest(request)) {
      const access = await threadAccess(app, viewer, threadId);
      if (!access) throw notFound();
      const refusal = writeRefusal(access);
      if (refusal) {
        return data<ThreadActionData>(
          { result: formErrorReply(refusal.msg), message: null },
          { status: refusal.status },
        );
      }
      checked = access;
    }
    const body = await readForm(request, { multipartMaxBytes: MAX_MESSAGE_REQUEST_BYTES });
    if (!body.ok) {
      // Too large with files: the files field says why.
      const result =
        body.status === 413 && checked
          ? fieldErrorReply("files", ATTACHMENTS_TOO_LARGE_MESSAGE)
          : formErrorReply(body.msg);
      return data<ThreadActionData>({ result, message: null }, { status: body.status });
    }
    const files = uploadedFilesOf(body.form);
    body.form.delete("files");
    const submission = parseThreadAction(body.form);
    if (submission.status !== "success") {
      return data<ThreadActionData>({ result: submission.reply(), message: null }, { status: 400 });
    }
    const input = submission.value;
    // Calls (docs/decisions/074): propose, book, decline, cancel.
    if (isMeetingAction(input)) return meetingAction(app, request, viewer, threadId, input, submission);
    let outcome: MessageResult<unknown>;
    if (input.intent === "send") outcome = await sendMessage(app, viewer, threadId, { ...input, files }, checked);
    else if (input.intent === "edit") outcome = await editMessage(app, viewer, threadId, input);
    else if (input.intent === "hide") outcome = await hideMessage(app, viewer, threadId, input.messageId);
    else outcome = await markThreadRead(app, viewer, threadId);
    if (!outcome.ok) return refusalReply(submission, outcome);
    if (input.intent === "send") afterMessageSent(app, threadId, input.key);
    else app.afterResponse(() => announceThreadChange(app, threadId, LIVE_EVENT[input.intent]));
    return data<ThreadActionData>({
      result: submission.reply({ resetForm: input.intent === "send" }),
      message: SUCCESS_TEXT[input.intent],
    });
  };
}

/**
 * `…/messages/match/:matchId/:consultantId`: the thread of that consultant on that match, for the
 * pages that know the match and the consultant rather than the candidacy (an engagement, a match's
 * candidates). A 303 to the thread, or a 404 to anyone who takes no part in it.
 */
export function threadOfMatchLoader(guard: ThreadGuard) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const viewer = await guard(context.app, request);
    const access = await threadOfMatch(context.app, viewer, params.matchId ?? "", params.consultantId ?? "");
    if (!access) throw notFound();
    throw redirect(threadPath(access.party, access.threadId), 303);
  };
}
