import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BenchmarkReport } from "~/components/benchmarking/benchmark-report";
import {
  BENCHMARKING_CONNECT_PATH,
  BenchmarkingBuilding,
  BenchmarkingConnect,
  BenchmarkingFailed,
} from "~/components/benchmarking/benchmarking-screens";
import {
  BENCHMARKING_CHECKOUT_FAILED,
  BENCHMARKING_START_FAILED,
  BENCHMARKING_TITLE,
} from "~/lib/benchmarking/benchmarking-copy";
import { startBenchmarking } from "~/server/benchmarking/benchmarking-access.server";
import { loadBenchmarkingView } from "~/server/benchmarking/benchmarking-view.server";
import { type ClientViewer, requireClientBusiness, requireIntentPermission } from "~/http/guards.server";
import type { BusinessAction } from "~/lib/business/permissions";
import { startBenchmarkingCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";

export const meta: MetaFunction = () => [{ title: "Benchmarking | Partwise" }];

/** Where a refused accounting authorization goes: the connect flow's own screen, back here after. */
export const BENCHMARKING_ACCESS_DENIED_PATH = "/quickbook-status?reason=access_denied&returnPage=BENCHMARKING";

/**
 * /benchmarking (spec §2): the connect screen, the building and failed states, or the activated
 * screen with the year's report. Guarded by the `_app` layout (a client with a business); /benchmarking
 * is exempt from startup routing, so nothing here sends the client to the dashboard.
 * - `?error=access_denied` (the accounting service's refusal) is handled as the connect flow does:
 *   its status screen says so and offers Try again and Back (here).
 * - A purchased year without a report yet goes to /benchmarking-payment-success?businessId=…,
 *   which starts the build (spec §2).
 * After the viewer, loadBenchmarkingView's one round trip: two sequential D1 round trips in all.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const params = new URL(request.url).searchParams;
  if (params.get("error") === "access_denied") throw redirect(BENCHMARKING_ACCESS_DENIED_PATH);
  const view = await loadBenchmarkingView(context.app, viewer);
  if (view.access === "purchased" && view.status === "none") {
    throw redirect(`/benchmarking-payment-success?businessId=${encodeURIComponent(view.businessId)}`);
  }
  return { view };
}

/**
 * intent=buy (BASIC, no year bought): the year's checkout (the same domain call as PUT
 * /api/payments/update-business-benchmarking), then its url; a year already bought comes back here.
 * intent=start (included in the plan, a bought year, or Try again after a failure or on a stalled
 * build): starts the year's build, or sends a stalled one again (the same domain call as POST
 * /api/benchmarking/create), then back here, building.
 * An unreadable body or another intent answers 400 (or 413/415) with the form's error. One
 * function per intent (BENCHMARKING_INTENTS).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  const body = await readForm(request);
  if (!body.ok) return data({ error: body.msg }, { status: body.status });
  const { intent } = Object.fromEntries(body.form);
  requireIntentPermission(viewer, intent, BENCHMARKING_PERMISSIONS, null);
  return runIntent(intent ?? null, BENCHMARKING_INTENTS, otherPost, { app, viewer, request });
}

/** What each of the page's posts is given. */
type BenchmarkingPost = { app: AppContext; viewer: ClientViewer; request: Request };

async function buyPost({ app, viewer, request }: BenchmarkingPost) {
  const result = await startBenchmarkingCheckout(app, viewer, appOrigin(app, request)).catch((error: unknown) => {
    console.error("Could not start the benchmarking checkout:", error);
    return null;
  });
  if (result?.ok) throw redirect(result.url);
  if (result?.status === 409) throw redirect("/benchmarking");
  return data({ error: result?.msg ?? BENCHMARKING_CHECKOUT_FAILED }, { status: result?.status ?? 502 });
}

async function startPost({ app, viewer }: BenchmarkingPost) {
  const started = await startBenchmarking(app, viewer).catch((error: unknown) => {
    console.error("Could not start benchmarking:", error);
    return null;
  });
  if (started?.ok) throw redirect("/benchmarking");
  return data({ error: started?.msg ?? BENCHMARKING_START_FAILED }, { status: started?.status ?? 500 });
}

async function otherPost(_post: BenchmarkingPost) {
  return data({ error: FORM_UNREADABLE_MESSAGE }, { status: 400 });
}

const BENCHMARKING_INTENTS = { buy: buyPost, start: startPost };
/** What each intent is for the business (app/lib/business/permissions.ts). */
const BENCHMARKING_PERMISSIONS = { buy: "pay", start: "pay" } as const satisfies Record<
  keyof typeof BENCHMARKING_INTENTS,
  BusinessAction
>;

export default function Benchmarking() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? null;
  let screen;
  if (view.status === "ready" && view.report)
    screen = (
      <BenchmarkReport
        report={view.report}
        bands={view.bands}
        connectHref={view.connected ? null : BENCHMARKING_CONNECT_PATH}
      />
    );
  else if (view.status === "building") screen = <BenchmarkingBuilding stalled={view.stalled} />;
  else if (view.status === "failed") screen = <BenchmarkingFailed error={error} />;
  else screen = <BenchmarkingConnect view={view} error={error} />;
  const showsError = view.status === "ready" || view.status === "building";
  return (
    <div className="page benchmarking">
      <header className="page-header">
        <div>
          <p className="eyebrow">{view.year}</p>
          <h1>{BENCHMARKING_TITLE}</h1>
        </div>
      </header>
      {showsError && error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {screen}
    </div>
  );
}
