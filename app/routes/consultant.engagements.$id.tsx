import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { ConsultantPlanView } from "~/components/engagements/plan-editor";
import { PLAN_SAVED, PLAN_SEND_FAILED, PLAN_SUBMITTED } from "~/lib/engagements/engagement-copy";
import { consultantEngagementPath } from "~/lib/engagements/engagement-paths";
import { PlanFormSchema } from "~/lib/engagements/engagement-schemas";
import { loadConsultantPlan, savePlan } from "~/server/engagements/plan-drafting.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { giveNotice } from "~/server/engagements/retainers.server";
import { NOTICE_GIVEN_BY_CONSULTANT } from "~/lib/engagements/retainer-copy";
import { ConsultantNoticeFormSchema } from "~/lib/engagements/retainer-schemas";
import type { AppContext } from "~/server/load-context";

export const meta: MetaFunction = () => [{ title: "Engagement plan | Consultant portal | Partwise" }];

const NOTICES = { saved: PLAN_SAVED, submitted: PLAN_SUBMITTED, notice: NOTICE_GIVEN_BY_CONSULTANT } as const;

/** /consultant/engagements/{id}: the consultant's own plan (editor or read-only); anyone else's → 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const plan = await loadConsultantPlan(context.app, viewer.user.id, params.id ?? "");
  if (!plan) throw notFound();
  const key = new URL(request.url).searchParams.get("notice");
  const notice = key !== null && Object.hasOwn(NOTICES, key) ? NOTICES[key as keyof typeof NOTICES] : null;
  return { plan, notice };
}

/**
 * intent=save (draft saved) or intent=submit (sent for the manager's review), with the editor's
 * fields (PlanFormSchema) and the revision the page was loaded at. Conform's list buttons (add,
 * remove, move) without JavaScript are answered with the form as it now stands. An unreadable
 * body → 400/415 with the form's error; a plan not editable now or changed meanwhile → 409; a past
 * delivery date on a send → 400 with the date field's message (ADR 049). When the save itself
 * fails (D1 did not answer), 503 with the form as it was posted and what to do: the consultant's
 * edits are never lost to an error page (issue #36).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const id = params.id ?? "";
  const body = await readForm(request);
  if (!body.ok) return data({ result: formErrorReply() }, { status: body.status });
  if (body.form.get("intent") === "give-notice") {
    return noticeAction(context.app, viewer.user.id, id, body.form, appOrigin(context.app, request));
  }
  const submission = parseWithZod(body.form, { schema: PlanFormSchema, disableAutoCoercion: true });
  if (submission.status === undefined) return { result: submission.reply() };
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const revision = body.form.get("revision");
  let result: Awaited<ReturnType<typeof savePlan>>;
  try {
    result = await savePlan(
      context.app,
      viewer.user.id,
      id,
      submission.value,
      typeof revision === "string" && revision !== "" ? revision : null,
      appOrigin(context.app, request),
    );
  } catch (error) {
    console.error(`Plan ${id} could not be saved (${submission.value.intent}):`, error);
    return data(
      { result: submission.reply({ formErrors: [PLAN_SEND_FAILED[submission.value.intent]] }), failed: true },
      { status: 503 },
    );
  }
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    const reply = result.fieldErrors
      ? submission.reply({ formErrors: [result.msg], fieldErrors: result.fieldErrors })
      : result.field
        ? submission.reply({ fieldErrors: { [result.field]: [result.msg] } })
        : submission.reply({ formErrors: [result.msg] });
    return data({ result: reply }, { status: result.status });
  }
  return redirect(`${consultantEngagementPath(id)}?notice=${result.submitted ? "submitted" : "saved"}`);
}

/**
 * intent=give-notice (confirm=on): the consultant ends their retainer with the signed notice
 * (docs/decisions/082); the page reloads with the notice given. Unconfirmed → 400; given before or
 * not a running retainer → 409; another consultant's → 404.
 */
async function noticeAction(app: AppContext, consultantId: string, outlineId: string, form: FormData, origin: string) {
  const submission = parseWithZod(form, { schema: ConsultantNoticeFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), notice: true }, { status: 400 });
  const given = await giveNotice(app, outlineId, { party: "consultant", consultantId }, origin);
  if (!given.ok) {
    if (given.status === 404) throw notFound();
    return data({ result: submission.reply({ formErrors: [given.msg] }), notice: true }, { status: given.status });
  }
  return redirect(`${consultantEngagementPath(outlineId)}?notice=notice`);
}

/**
 * In the browser, the post goes through here: when no answer comes back (the local server
 * restarted mid-request and answered its own 503, the network dropped, the server failed), the
 * page stays with the form as it was filled and says what happened and what to do, instead of the
 * error page that would lose the consultant's edits (issue #36). A redirect (saved, sent, signed
 * out) and a refusal to see the plan (404) go on as usual.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    const submission = parseWithZod(form, { schema: PlanFormSchema, disableAutoCoercion: true });
    const intent = form.get("intent") === "save" ? "save" : "submit";
    return { result: submission.reply({ formErrors: [PLAN_SEND_FAILED[intent]] }), failed: true };
  }
}

/** After a failed save the page is not read again: the server may still be away, and the form stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (typeof actionResult === "object" && actionResult !== null && "failed" in actionResult) return false;
  return defaultShouldRevalidate;
};

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantPlanPage() {
  const { plan, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  // Give notice answers its own form; everything else is the editor's.
  const noticeAnswer = actionData && "notice" in actionData ? actionData : null;
  return (
    <ConsultantPlanView
      plan={plan}
      notice={notice}
      lastResult={noticeAnswer ? undefined : actionData?.result}
      noticeResult={noticeAnswer?.result}
    />
  );
}
