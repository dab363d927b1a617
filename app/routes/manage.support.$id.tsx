import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SupportMessageView } from "~/components/support/support-message";
import { requireRole } from "~/http/guards.server";
import { FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { getSupportMessage, MARKED_AS_HANDLED, REOPENED } from "~/server/insights/manager-console.server";
import { setSupportMessageStatus, SupportActionSchema } from "~/server/support/support.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Support message | Partwise" }];

/** /manage/support/{id}: one support message (managers only; anyone else, or an unknown id, 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const message = await getSupportMessage(context.app, params.id ?? "");
  if (!message) throw notFound();
  return { message };
}

/** intent=close ('Mark as handled') or intent=reopen ('Reopen'); anything else is a 400. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return data({ notice: null, error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const parsed = SupportActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ notice: null, error: "Choose Mark as handled or Reopen." }, { status: 400 });
  const message = await getSupportMessage(context.app, params.id ?? "");
  if (!message) throw notFound();
  await setSupportMessageStatus(context.app, message.id, parsed.data.intent, viewer.user.id);
  return { notice: parsed.data.intent === "close" ? MARKED_AS_HANDLED : REOPENED, error: null };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function SupportMessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <SupportMessageView message={message} notice={actionData?.notice ?? null} error={actionData?.error ?? null} />;
}
