import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConsultantConsolePage } from "~/components/consultants/roster";
import { reviewOutcomeText, VettingActionSchema } from "~/lib/consultants/roster";
import { decideVetting, getConsultantPage, setPaused } from "~/server/consultants/roster.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { readForm } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Consultant | Partwise" }];

/** /manage/consultants/{userId}: one consultant (managers only; anyone else, or an unknown id, 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(context.app, request, "manager");
  const page = await getConsultantPage(context.app, params.id ?? "");
  if (!page) throw notFound();
  // A review's decision lands here; only known outcomes render (see REVIEW_OUTCOMES).
  const reviewed = reviewOutcomeText(new URL(request.url).searchParams.get("reviewed"), page.name);
  return { page, reviewed };
}

type Outcome = { notice: string | null; error: string | null };

/**
 * intent=vet (notes optional), intent=unvet (notes required), intent=pause or intent=unpause. A body that is not a form, or an
 * invalid one, is a 400/415 with the form's message; the outcome is shown once on the page. Unvet and pause withdraw the
 * consultant's open candidacies (ADR 024); the message says how many.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) return data<Outcome>({ notice: null, error: body.msg }, { status: body.status });
  const parsed = VettingActionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) {
    return data<Outcome>({ notice: null, error: parsed.error.issues[0]?.message ?? null }, { status: 400 });
  }
  const id = params.id ?? "";
  const chosen = parsed.data;
  const origin = appOrigin(context.app, request);
  const result =
    chosen.intent === "pause" || chosen.intent === "unpause"
      ? await setPaused(context.app, viewer.user, id, chosen.intent === "pause", origin)
      : await decideVetting(context.app, viewer.user, id, chosen, origin);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<Outcome>({ notice: null, error: result.msg }, { status: result.status });
  }
  return data<Outcome>({ notice: result.message, error: null });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantPageRoute() {
  const { page, reviewed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsultantConsolePage
      key={`${page.vettings.length}-${page.pausedAt ?? ""}`}
      page={page}
      outcome={{ notice: actionData ? actionData.notice : reviewed, error: actionData?.error ?? null }}
    />
  );
}
