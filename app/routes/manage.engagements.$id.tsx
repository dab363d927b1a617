import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ManagerEngagementView, type ManagerFormName } from "~/components/engagements/manager-engagement";
import {
  NOTE_SAVED,
  PLAN_ACTION_UNKNOWN,
  PLAN_APPROVED,
  PLAN_SENT_BACK,
  VERBAL_APPROVAL_SAVED,
} from "~/lib/engagements/engagement-copy";
import { managerEngagementPath } from "~/lib/engagements/engagement-paths";
import {
  EngagementNoteSchema,
  ManagerPlanReviewSchema,
  VerbalApprovalSchema,
} from "~/lib/engagements/engagement-schemas";
import { addEngagementNote, loadManagerEngagement, reviewPlan } from "~/server/engagements/manager-engagements.server";
import { managerSharedDocuments } from "~/server/files/shared-documents.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { describeIssues, FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { notFound, runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import * as z from "zod";
import { deliveryItemIdField } from "~/lib/payouts/money-action-fields";
import { MONEY_ACTION_INVALID, REFUND_DONE, TRANSFER_RETRIED, TRANSFER_REVERSED } from "~/lib/payouts/transfer-copy";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { refundItem, retryTransfer, reverseTransfer } from "~/server/payouts/transfers.server";
import { isAdmin } from "~/server/identity/staff.server";
import { actorOf } from "~/server/audit/audit.server";
import { STAFF_ADMINS_ONLY } from "~/lib/identity/staff";
import { DISPUTE_SETTLED, FinishSettlementFormSchema, SettleDisputeFormSchema } from "~/lib/engagements/disputes";
import { finishDisputeSettlement, settleDispute } from "~/server/engagements/disputes.server";

export const meta: MetaFunction = () => [{ title: "Engagement | Partwise" }];

const NOTICES = {
  approved: PLAN_APPROVED,
  "sent-back": PLAN_SENT_BACK,
  note: NOTE_SAVED,
  verbal: VERBAL_APPROVAL_SAVED,
  "transfer-retried": TRANSFER_RETRIED,
  "transfer-reversed": TRANSFER_REVERSED,
  refunded: REFUND_DONE,
  "dispute-settled": DISPUTE_SETTLED,
} as const;

/** The money actions (issue #18): one deliverable of this engagement. */
const MoneyActionSchema = z.object({
  intent: z.enum(["retry-transfer", "reverse-transfer", "refund-item"]),
  deliveryItemId: deliveryItemIdField(MONEY_ACTION_INVALID),
});

/**
 * /manage/engagements/{id}: one engagement (managers only; anyone else, or an unknown id, 404),
 * with the documents shared with its match, read beside it (one round trip).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const [engagement, documents, money] = await Promise.all([
    loadManagerEngagement(context.app, id),
    managerSharedDocuments(context.app, viewer.user.id, { outlineId: id }),
    loadEngagementMoney(context.app, id),
  ]);
  if (!engagement || !documents) throw notFound();
  const key = new URL(request.url).searchParams.get("notice");
  const notice = key !== null && Object.hasOwn(NOTICES, key) ? NOTICES[key as keyof typeof NOTICES] : null;
  return { engagement, documents, money, notice, admin: isAdmin(viewer) };
}

type Outcome = { error: { form: ManagerFormName; message: string } };
const refused = (form: ManagerFormName, message: string, status: number) =>
  data<Outcome>({ error: { form, message } }, { status });

/**
 * intent=approve-plan / send-back-plan (ManagerPlanReviewSchema), intent=note
 * (EngagementNoteSchema) or intent=verbal-approval (VerbalApprovalSchema). Done, the page reloads
 * with a one-time notice so a reload does not post again; a plan not waiting for review → 409; an
 * unreadable body, another intent or a missing field → 400/415 with the form's message. One
 * function per intent (ENGAGEMENT_INTENTS).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const body = await readForm(request);
  if (!body.ok) return refused("review", FORM_UNREADABLE_MESSAGE, body.status);
  const fields = Object.fromEntries(body.form);
  const post = { app: context.app, viewer, request, id, fields };
  return runIntent(fields.intent ?? null, ENGAGEMENT_INTENTS, otherPost, post);
}

/** What each of the page's posts is given: the engagement's id (from the URL) and the form's fields. */
type EngagementPost = {
  app: AppContext;
  viewer: Viewer;
  request: Request;
  id: string;
  fields: Record<string, FormDataEntryValue>;
};

/** Done: the page again with its one-time notice, so a reload does not post again. */
const done = (id: string, notice: keyof typeof NOTICES) => redirect(`${managerEngagementPath(id)}?notice=${notice}`);

/** Approve the plan or send it back (the review dialog). */
async function reviewPlanPost({ app, viewer, request, id, fields }: EngagementPost) {
  const parsed = ManagerPlanReviewSchema.safeParse(fields);
  if (!parsed.success) return refused("review", describeIssues(parsed.error).msg, 400);
  const result = await reviewPlan(app, actorOf(viewer), id, parsed.data, appOrigin(app, request));
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return refused("review", result.msg, result.status);
  }
  return done(id, result.approved ? "approved" : "sent-back");
}

/** A note, or a verbal approval of one deliverable: two forms, one domain call (addEngagementNote). */
const NoteFormSchema = z.discriminatedUnion("intent", [EngagementNoteSchema, VerbalApprovalSchema]);

async function notePost({ app, viewer, id, fields }: EngagementPost) {
  const form = fields.intent === "verbal-approval" ? "verbal" : "note";
  const parsed = NoteFormSchema.safeParse(fields);
  if (!parsed.success) return refused(form, describeIssues(parsed.error).msg, 400);
  const note = parsed.data;
  const result = await addEngagementNote(
    app,
    viewer.user.id,
    id,
    note.intent === "note"
      ? { kind: "note", body: note.body, itemId: null }
      : { kind: "verbal_approval", body: note.body, itemId: note.deliveryItemId },
  );
  if (!result.ok) throw notFound();
  return done(id, form);
}

/**
 * A money action on one deliverable of this engagement (issue #18): the deliverable checked with
 * MoneyActionSchema, then `act`, the intent's own domain call; done, `notice`.
 */
async function moneyAction(
  { id, fields, viewer }: EngagementPost,
  act: (deliveryItemId: string) => ReturnType<typeof retryTransfer>,
  notice: keyof typeof NOTICES,
  who: "staff" | "admins" = "staff",
) {
  const parsed = MoneyActionSchema.safeParse(fields);
  if (!parsed.success) return refused("money", describeIssues(parsed.error).msg, 400);
  // Money going back (a reversal, a refund) is an admin's decision (docs/decisions/064).
  if (who === "admins" && !isAdmin(viewer)) return refused("money", STAFF_ADMINS_ONLY, 403);
  const result = await act(parsed.data.deliveryItemId);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return refused("money", result.msg, result.status);
  }
  return done(id, notice);
}

const retryTransferPost = (post: EngagementPost) =>
  moneyAction(post, (itemId) => retryTransfer(post.app, actorOf(post.viewer), post.id, itemId), "transfer-retried");

const reverseTransferPost = (post: EngagementPost) =>
  moneyAction(
    post,
    (itemId) => reverseTransfer(post.app, actorOf(post.viewer), post.id, itemId),
    "transfer-reversed",
    "admins",
  );

const refundItemPost = (post: EngagementPost) =>
  moneyAction(
    post,
    (itemId) => refundItem(post.app, actorOf(post.viewer), post.id, itemId, appOrigin(post.app, post.request)),
    "refunded",
    "admins",
  );

/**
 * A dispute's settlement (docs/decisions/079): release, refund or split with the written decision
 * (SettleDisputeFormSchema), or "Finish the settlement" of one whose money did not all move. Any
 * engagement manager or admin settles (the settlement is the dispute's decision, bounded by the charge).
 */
async function disputePost({ app, viewer, request, id, fields }: EngagementPost) {
  const origin = appOrigin(app, request);
  const actor = actorOf(viewer);
  if (actor.userId === null) throw notFound();
  let result;
  if (fields.intent === "finish-settlement") {
    const parsed = FinishSettlementFormSchema.safeParse(fields);
    if (!parsed.success) return refused("dispute", describeIssues(parsed.error).msg, 400);
    result = await finishDisputeSettlement(app, actor, id, parsed.data.deliveryItemId, origin);
  } else {
    const parsed = SettleDisputeFormSchema.safeParse(fields);
    if (!parsed.success) return refused("dispute", describeIssues(parsed.error).msg, 400);
    const { deliveryItemId, outcome, refund, decision } = parsed.data;
    result = await settleDispute(app, actor, id, deliveryItemId, { outcome, refundCents: refund, decision }, origin);
  }
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return refused("dispute", result.msg, result.status);
  }
  return done(id, "dispute-settled");
}

async function otherPost(_post: EngagementPost) {
  return refused("review", PLAN_ACTION_UNKNOWN, 400);
}

const ENGAGEMENT_INTENTS = {
  "approve-plan": reviewPlanPost,
  "send-back-plan": reviewPlanPost,
  note: notePost,
  "verbal-approval": notePost,
  "retry-transfer": retryTransferPost,
  "reverse-transfer": reverseTransferPost,
  "refund-item": refundItemPost,
  "settle-dispute": disputePost,
  "finish-settlement": disputePost,
};

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ManagerEngagementPage() {
  const { engagement, documents, money, notice, admin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ManagerEngagementView
      engagement={engagement}
      documents={documents}
      notice={notice}
      error={actionData?.error ?? null}
      money={money}
      admin={admin}
    />
  );
}
