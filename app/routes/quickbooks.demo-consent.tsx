import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import * as z from "zod";
import { DemoConsent } from "~/components/finance/quickbooks/demo-consent";
import { requireClientBusiness } from "~/http/guards.server";
import { readFormAs, requireMethod } from "~/http/http.server";
import { DEMO_REALM_ID } from "~/server/finance/intuit-client.server";
import type { AppContext } from "~/server/load-context";
import { intuitRedirectUri, isDemoMode, isLiveState } from "~/server/finance/quickbooks.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Connect the demo company | Partwise" }];

/** The page exists only in demo mode (no Intuit keys): with real keys Intuit asks the user instead. */
function requireDemoMode(app: AppContext): void {
  if (!isDemoMode(app)) throw notFound();
}

/**
 * /quickbooks/demo-consent?state=… — stands in for Intuit's consent screen when Partwise runs
 * without Intuit keys. A client with a business only; the state must be the viewer's own, unused
 * and unexpired (otherwise the page says so and offers a fresh start).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDemoMode(context.app);
  const viewer = await requireClientBusiness(context.app, request);
  const state = new URL(request.url).searchParams.get("state") ?? "";
  const live = await isLiveState(context.app, viewer, state);
  return { state: live ? state : null };
}

const ConsentSchema = z.object({
  state: z.string().min(1).max(100),
  intent: z.enum(["connect", "cancel"]),
});

/**
 * Answers like Intuit would: back to the redirect URI with a demo code and realmId 'demo', or with
 * error=access_denied. The callback (quickbook-status → setTokens) checks and spends the state.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  requireDemoMode(context.app);
  await requireClientBusiness(context.app, request, "changeSettings");
  const input = await readFormAs(request, ConsentSchema);
  const target = new URL(intuitRedirectUri(context.app, new URL(request.url).origin));
  target.search = new URLSearchParams(CONSENT_ANSWERS[input.intent](input.state)).toString();
  return redirect(target.toString(), { headers: { "Cache-Control": "no-store" } });
}

/** What Intuit adds to the redirect URI for each answer (ConsentSchema has refused any other intent). */
const CONSENT_ANSWERS = {
  connect: (state: string) => ({ code: `demo-${crypto.randomUUID()}`, state, realmId: DEMO_REALM_ID }),
  cancel: (state: string) => ({ error: "access_denied", state }),
} satisfies Record<z.infer<typeof ConsentSchema>["intent"], (state: string) => Record<string, string>>;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default DemoConsent;
