import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ConsultantDelivery } from "~/components/engagements/consultant-delivery";
import { consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { DeliveryFormSchema } from "~/lib/engagements/engagement-schemas";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/lib/files/file-rules";
import { confirmDelivery, loadDeliveryPage } from "~/server/engagements/deliveries.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { ItemEarning } from "~/components/payouts/engagement-money";
import { itemEarning } from "~/lib/payouts/earnings";
import { MONEY_LABELS } from "~/lib/payouts/transfer-copy";
import { consultantItemEarning } from "~/server/payouts/engagement-money.server";
import { logTime, removeTimeEntry } from "~/server/engagements/retainers.server";
import {
  ExtraHoursFormSchema,
  RemoveTimeEntrySchema,
  TimeEntryFormSchema,
  timeEntryOfForm,
  WithdrawExtraHoursSchema,
} from "~/lib/engagements/retainer-schemas";
import { EXTRA_HOURS_ASKED, EXTRA_HOURS_WITHDRAWN, TIME_LOG_TEXTS } from "~/lib/engagements/retainer-copy";
import { askForExtraHours, withdrawExtraHours } from "~/server/engagements/extra-hours.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { ProposeMeetingSchema } from "~/lib/conversations/meeting-schemas";
import { COACHING_TEXTS, MarkHeldSchema } from "~/lib/engagements/coaching";
import { markSessionHeld, proposeSession } from "~/server/engagements/coaching.server";

const TIME_NOTICES: Record<string, string> = {
  logged: TIME_LOG_TEXTS.logged_notice,
  removed: TIME_LOG_TEXTS.removed_notice,
};

const HOURS_NOTICES: Record<string, string> = {
  asked: EXTRA_HOURS_ASKED,
  withdrawn: EXTRA_HOURS_WITHDRAWN,
};

export const meta: MetaFunction = () => [{ title: "Deliverable | Consultant portal | Partwise" }];

/**
 * /consultant/engagements/{id}/items/{itemId} (consultantDeliveryPath): one deliverable of an
 * engagement the signed-in consultant runs. Another consultant's, an unknown id or an item of
 * another outline → 404; no session → the sign-in screen. One db.batch.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const [page, transfer] = await Promise.all([
    loadDeliveryPage(context.app, viewer.user.id, params.id ?? "", params.itemId ?? ""),
    consultantItemEarning(context.app, viewer.user.id, params.itemId ?? ""),
  ]);
  if (!page) throw notFound();
  const earning = itemEarning({
    priceCents: page.item.priceCents,
    feePercent: context.app.env.PLATFORM_FEE_PERCENT,
    refunded: page.refunded,
    transfer,
    disputed: page.item.dispute !== null && page.item.dispute.status !== "settled",
  });
  // The session proposal form's one-time key (docs/decisions/085): a second submit proposes nothing more.
  return { page, earning, formKey: crypto.randomUUID() };
}

/**
 * `time`: the answer of the time log's form, `hours`: of the extra hours' form (each shown there,
 * not on the delivery form).
 */
type DeliveryActionData = {
  result: SubmissionResult<string[]>;
  time?: true;
  hours?: true;
  session?: true;
  message?: string;
};

/**
 * intent=deliver (DeliveryFormSchema; multipart with the files as parts named `files`): confirms
 * the delivery, then the page reloads with `?delivered=1` so a reload does not post again. Bad
 * input → 400 with the form's errors; out of turn → 409 (DELIVERY_OUT_OF_TURN); another
 * consultant's item → 404 and nothing is stored.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant", { anonymous: "login" });
  const answer = (body: DeliveryActionData, status: number) => data(body, { status });
  // Only the multipart form with its files may be as large as an upload; any other body, 1 MB.
  const body = await readForm(request, { multipartMaxBytes: MAX_UPLOAD_REQUEST_BYTES });
  if (!body.ok) return answer({ result: formErrorReply(body.msg) }, body.status === 415 ? 400 : body.status);
  const formData = body.form;
  const intent = formData.get("intent");
  if (intent === "log-time" || intent === "remove-time") {
    return timeLogAction(app, viewer.user.id, params.itemId ?? "", formData, intent);
  }
  if (intent === "ask-hours" || intent === "withdraw-hours") {
    return extraHoursAction(app, viewer.user.id, params.itemId ?? "", formData, appOrigin(app, request));
  }
  if (intent === "propose" || intent === "mark-held") {
    return sessionAction(app, viewer, params.itemId ?? "", formData, appOrigin(app, request));
  }
  const uploads = formData
    .getAll("files")
    .filter((entry): entry is File => typeof entry !== "string" && (entry.name !== "" || entry.size > 0));
  formData.delete("files");
  const submission = parseWithZod(formData, { schema: DeliveryFormSchema });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  const outlineId = params.id ?? "";
  const itemId = params.itemId ?? "";
  if (submission.value.deliveryItemId !== itemId) throw notFound();
  const result = await confirmDelivery(
    app,
    viewer.user.id,
    { outlineId, itemId, summaryOfWork: submission.value.summaryOfWork, files: uploads },
    appOrigin(app, request),
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    const reply =
      result.status === 400
        ? submission.reply({ fieldErrors: { files: [result.msg] } })
        : submission.reply({ formErrors: [result.msg] });
    return answer({ result: reply }, result.status);
  }
  return redirect(`${consultantDeliveryPath(outlineId, itemId)}?delivered=1`);
}

/**
 * intent=log-time (TimeEntryFormSchema) or intent=remove-time (entryId) on a retainer's month
 * (docs/decisions/082): the page reloads with `?time=logged|removed`. Bad input → 400 with the
 * field's message; a month not taking time → 409; another consultant's month or entry → 404.
 */
async function timeLogAction(
  app: AppContext,
  consultantId: string,
  itemId: string,
  formData: FormData,
  intent: "log-time" | "remove-time",
) {
  const answer = (body: DeliveryActionData, status: number) => data({ ...body, time: true as const }, { status });
  if (intent === "remove-time") {
    const parsed = parseWithZod(formData, { schema: RemoveTimeEntrySchema });
    if (parsed.status !== "success") return answer({ result: parsed.reply() }, 400);
    const removed = await removeTimeEntry(app, consultantId, parsed.value.entryId, itemId);
    if (!removed.ok) {
      if (removed.status === 404) throw notFound();
      return answer({ result: formErrorReply(removed.msg) }, removed.status);
    }
    return redirect(`?time=removed`);
  }
  const submission = parseWithZod(formData, { schema: TimeEntryFormSchema });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  if (submission.value.itemId !== itemId) throw notFound();
  const logged = await logTime(app, consultantId, timeEntryOfForm(submission.value));
  if (!logged.ok) {
    if (logged.status === 404) throw notFound();
    const reply = logged.field
      ? submission.reply({ fieldErrors: { [logged.field]: [logged.msg] } })
      : submission.reply({ formErrors: [logged.msg] });
    return answer({ result: reply }, logged.status);
  }
  return redirect(`?time=logged`);
}

/**
 * intent=ask-hours (ExtraHoursFormSchema) or intent=withdraw-hours (requestId) on a retainer's
 * month (docs/decisions/084): the page reloads with `?hours=asked|withdrawn`. Bad input → 400 with
 * the field's message; a month not taking them, a request already waiting or decided → 409;
 * another consultant's month or request → 404.
 */
async function extraHoursAction(
  app: AppContext,
  consultantId: string,
  itemId: string,
  formData: FormData,
  origin: string,
) {
  const answer = (body: DeliveryActionData, status: number) => data({ ...body, hours: true as const }, { status });
  if (formData.get("intent") === "withdraw-hours") {
    const parsed = parseWithZod(formData, { schema: WithdrawExtraHoursSchema });
    if (parsed.status !== "success") return answer({ result: parsed.reply() }, 400);
    const withdrawn = await withdrawExtraHours(app, consultantId, parsed.value.requestId, itemId);
    if (!withdrawn.ok) {
      if (withdrawn.status === 404) throw notFound();
      return answer({ result: formErrorReply(withdrawn.msg) }, withdrawn.status);
    }
    return redirect(`?hours=withdrawn`);
  }
  const submission = parseWithZod(formData, { schema: ExtraHoursFormSchema });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  if (submission.value.itemId !== itemId) throw notFound();
  const asked = await askForExtraHours(
    app,
    consultantId,
    { itemId, minutes: submission.value.hours, reason: submission.value.reason },
    origin,
  );
  if (!asked.ok) {
    if (asked.status === 404) throw notFound();
    return answer({ result: submission.reply({ formErrors: [asked.msg] }) }, asked.status);
  }
  return redirect(`?hours=asked`);
}

/**
 * intent=propose (ProposeMeetingSchema: the session's times, place and note) or intent=mark-held
 * (sessionId) on a coaching month (docs/decisions/085): the page reloads with
 * `?session=proposed|held`. Bad input → 400 with the field's message; a month closed or full, a
 * session not to mark → 409; another coach's month or session → 404.
 */
async function sessionAction(app: AppContext, viewer: Viewer, itemId: string, formData: FormData, origin: string) {
  const answer = (body: DeliveryActionData, status: number) => data({ ...body, session: true as const }, { status });
  if (formData.get("intent") === "mark-held") {
    const parsed = parseWithZod(formData, { schema: MarkHeldSchema });
    if (parsed.status !== "success") return answer({ result: parsed.reply() }, 400);
    const marked = await markSessionHeld(app, viewer.user.id, itemId, parsed.value.sessionId, origin);
    if (!marked.ok) {
      if (marked.status === 404) throw notFound();
      return answer({ result: formErrorReply(marked.msg) }, marked.status);
    }
    return redirect(`?session=held`);
  }
  const submission = parseWithZod(formData, { schema: ProposeMeetingSchema });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  const proposed = await proposeSession(app, viewer, itemId, submission.value);
  if (!proposed.ok) {
    if (proposed.status === 404) throw notFound();
    const reply = proposed.field
      ? submission.reply({ fieldErrors: { [proposed.field]: [proposed.msg] } })
      : submission.reply({ formErrors: [proposed.msg] });
    return answer({ result: reply }, proposed.status);
  }
  return redirect(`?session=proposed`);
}

const SESSION_NOTICES: Record<string, string> = {
  proposed: COACHING_TEXTS.notices.proposed,
  held: COACHING_TEXTS.notices.held,
};

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function DeliveryPageRoute() {
  const { page, earning, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <>
      <ConsultantDelivery
        key={page.item.status}
        page={page}
        lastResult={
          actionData && !("time" in actionData) && !("hours" in actionData) && !("session" in actionData)
            ? actionData.result
            : undefined
        }
        formKey={formKey}
        sessionNotice={SESSION_NOTICES[params.get("session") ?? ""] ?? null}
        sessionErrors={
          actionData && "session" in actionData
            ? ((actionData.result.error?.[""] as string[] | undefined) ?? undefined)
            : undefined
        }
        timeResult={actionData && "time" in actionData ? actionData.result : undefined}
        hoursResult={actionData && "hours" in actionData ? actionData.result : undefined}
        delivered={params.get("delivered") === "1" && page.item.consultantConfirmedDelivery}
        timeNotice={TIME_NOTICES[params.get("time") ?? ""] ?? null}
        hoursNotice={HOURS_NOTICES[params.get("hours") ?? ""] ?? null}
      />
      <ItemEarning label={MONEY_LABELS.youEarn} amountCents={earning.amountCents} status={earning.status} />
    </>
  );
}
