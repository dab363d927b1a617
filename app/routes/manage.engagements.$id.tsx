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
import { notFound } from "~/http/route-kit.server";
import { z } from "zod";
import { deliveryItemIdField } from "~/lib/payouts/money-action-fields";
import { MONEY_ACTION_INVALID, REFUND_DONE, TRANSFER_RETRIED, TRANSFER_REVERSED } from "~/lib/payouts/transfer-copy";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { refundItem, retryTransfer, reverseTransfer } from "~/server/payouts/transfers.server";

export const meta: MetaFunction = () => [{ title: "Engagement | Partwise" }];

const NOTICES = {
  approved: PLAN_APPROVED,
  "sent-back": PLAN_SENT_BACK,
  note: NOTE_SAVED,
  verbal: VERBAL_APPROVAL_SAVED,
  "transfer-retried": TRANSFER_RETRIED,
  "transfer-reversed": TRANSFER_REVERSED,
  refunded: REFUND_DONE,
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
  return { engagement, documents, money, notice };
}

type Outcome = { error: { form: ManagerFormName; message: string } };
const refused = (form: ManagerFormName, message: string, status: number) =>
  data<Outcome>({ error: { form, message } }, { status });

/**
 * intent=approve-plan / send-back-plan (ManagerPlanReviewSchema), intent=note
 * (EngagementNoteSchema) or intent=verbal-approval (VerbalApprovalSchema). Done, the page reloads
 * with a one-time notice so a reload does not post again; a plan not waiting for review → 409; an
 * unreadable body, another intent or a missing field → 400/415 with the form's message.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const id = params.id ?? "";
  const body = await readForm(request);
  if (!body.ok) return refused("review", FORM_UNREADABLE_MESSAGE, body.status);
  const fields = Object.fromEntries(body.form);
  const done = (notice: keyof typeof NOTICES) => redirect(`${managerEngagementPath(id)}?notice=${notice}`);
  switch (fields.intent) {
    case "approve-plan":
    case "send-back-plan": {
      const parsed = ManagerPlanReviewSchema.safeParse(fields);
      if (!parsed.success) return refused("review", describeIssues(parsed.error).msg, 400);
      const result = await reviewPlan(context.app, viewer.user.id, id, parsed.data, appOrigin(context.app, request));
      if (!result.ok) {
        if (result.status === 404) throw notFound();
        return refused("review", result.msg, result.status);
      }
      return done(result.approved ? "approved" : "sent-back");
    }
    case "note": {
      const parsed = EngagementNoteSchema.safeParse(fields);
      if (!parsed.success) return refused("note", describeIssues(parsed.error).msg, 400);
      const result = await addEngagementNote(context.app, viewer.user.id, id, {
        kind: "note",
        body: parsed.data.body,
        itemId: null,
      });
      if (!result.ok) throw notFound();
      return done("note");
    }
    case "verbal-approval": {
      const parsed = VerbalApprovalSchema.safeParse(fields);
      if (!parsed.success) return refused("verbal", describeIssues(parsed.error).msg, 400);
      const result = await addEngagementNote(context.app, viewer.user.id, id, {
        kind: "verbal_approval",
        body: parsed.data.body,
        itemId: parsed.data.deliveryItemId,
      });
      if (!result.ok) throw notFound();
      return done("verbal");
    }
    case "retry-transfer":
    case "reverse-transfer":
    case "refund-item": {
      const parsed = MoneyActionSchema.safeParse(fields);
      if (!parsed.success) return refused("money", describeIssues(parsed.error).msg, 400);
      const { intent, deliveryItemId } = parsed.data;
      const result =
        intent === "retry-transfer"
          ? await retryTransfer(context.app, id, deliveryItemId)
          : intent === "reverse-transfer"
            ? await reverseTransfer(context.app, id, deliveryItemId)
            : await refundItem(context.app, viewer.user.id, id, deliveryItemId, appOrigin(context.app, request));
      if (!result.ok) {
        if (result.status === 404) throw notFound();
        return refused("money", result.msg, result.status);
      }
      return done(
        intent === "retry-transfer"
          ? "transfer-retried"
          : intent === "reverse-transfer"
            ? "transfer-reversed"
            : "refunded",
      );
    }
    default:
      return refused("review", PLAN_ACTION_UNKNOWN, 400);
  }
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ManagerEngagementPage() {
  const { engagement, documents, money, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ManagerEngagementView
      engagement={engagement}
      documents={documents}
      notice={notice}
      error={actionData?.error ?? null}
      money={money}
    />
  );
}
