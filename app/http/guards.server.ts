import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "~/server/load-context";
import { errorResponse } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { homePathFor } from "~/server/identity/auth.server";
import { getClientBusiness, getViewer, type ClientViewer, type Viewer } from "~/server/identity/session.server";
import { isAdmin } from "~/server/identity/staff.server";
import { can, ROLE_FORBIDDEN_MESSAGE, type BusinessAction } from "~/lib/business/permissions";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";

/**
 * Every guard of the app. A `require*` either returns what it promises or throws the answer the
 * caller would give anyway: a redirect for pages, a `{ msg }` JSON 401/403/404 for the API, so a
 * route never has to check a guard's result. A `get*` returns null and leaves the answer to the
 * caller.
 */

export { getClientBusiness, getViewer, type ClientViewer };

export const NOT_SIGNED_IN_MESSAGE = "You are not signed in.";
/** What staff hear from a client-only endpoint that names no more precise reason. */
export const CLIENTS_ONLY_MESSAGE = "Only business accounts have these settings.";
export const BUSINESS_NOT_FOUND_MESSAGE = "Business not found.";

/** No session: back to the login screen at `/`. */
export async function requireViewer(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await getViewer(app, request);
  if (!viewer) throw redirect("/");
  return viewer;
}

/**
 * A business client with a business (every page of the client app). Other roles go to their own
 * home; a client without a business goes to business details. With an `action` (a page's form
 * post), a member whose role may not take it (app/lib/business/permissions.ts) gets a 403 with
 * ROLE_FORBIDDEN_MESSAGE as `{ msg, error }`, before anything is read from the form or written.
 */
export async function requireClientBusiness(
  app: AppContext,
  request: Request,
  action?: BusinessAction,
): Promise<ClientViewer> {
  const viewer = await requireViewer(app, request);
  const client = viewer.user.role === "client" ? getClientBusiness(viewer) : null;
  if (!client) throw redirect(homePathFor(viewer));
  if (action) requirePermission(client, action);
  return client;
}

/**
 * A page action of several intents (`runIntent`): the member may take the business action the
 * posted intent is (`actions`; null for a change to their own account), an unknown intent counting
 * as `otherwise`, or a 403 as requirePermission.
 */
export function requireIntentPermission<Intent extends string>(
  client: ClientViewer,
  intent: FormDataEntryValue | null | undefined,
  actions: Readonly<Record<Intent, BusinessAction | null>>,
  otherwise: BusinessAction | null,
): ClientViewer {
  const known = typeof intent === "string" && Object.hasOwn(actions, intent);
  const action = known ? actions[intent as Intent] : otherwise;
  return action ? requirePermission(client, action) : client;
}

/**
 * The member may take `action` for their business, or a 403 `{ msg }` (ROLE_FORBIDDEN_MESSAGE):
 * for routes that check their body or the business first (see requireBusiness).
 */
export function requirePermission(client: ClientViewer, action: BusinessAction): ClientViewer {
  if (!can(client.member.role, action)) {
    throw errorResponse(403, ROLE_FORBIDDEN_MESSAGE, { error: ROLE_FORBIDDEN_MESSAGE });
  }
  return client;
}

/**
 * An action that waits for a verified email (docs/decisions/070: paying, inviting colleagues,
 * payouts): a 403 `{ msg: EMAIL_UNVERIFIED_MESSAGE }` before anything is read or written. Payments
 * and payouts refuse in their domains (a page shows the reason by its button); the Team invite
 * calls this (or reads `viewer.user.emailVerified` to show the reason on its form).
 */
export function requireVerifiedEmail<V extends Viewer>(viewer: V): V {
  if (!viewer.user.emailVerified) throw errorResponse(403, EMAIL_UNVERIFIED_MESSAGE);
  return viewer;
}

/**
 * Staff pages: any other role, or no session, gets a plain 404 so the page's existence is not
 * revealed; with `{ anonymous: "login" }` no session goes to the login screen instead (a page
 * people reach from an emailed link, such as a consultant's candidacy).
 */
export async function requireRole(
  app: AppContext,
  request: Request,
  role: "consultant" | "manager",
  { anonymous = "not-found" }: { anonymous?: "not-found" | "login" } = {},
): Promise<Viewer> {
  const viewer = await getViewer(app, request);
  if (!viewer && anonymous === "login") throw redirect("/");
  if (!viewer || viewer.user.role !== role) throw notFound();
  return viewer;
}

/** A staff admin (docs/decisions/064); anyone else, an engagement manager included, gets the plain 404. */
export async function requireAdmin(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await requireRole(app, request, "manager");
  if (!isAdmin(viewer)) throw notFound();
  return viewer;
}

/** JSON API guard of any signed-in account: 401 `{ msg }` instead of a redirect. */
export async function requireApiViewer(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await getViewer(app, request);
  if (!viewer) throw errorResponse(401, NOT_SIGNED_IN_MESSAGE);
  return viewer;
}

export type ApiClientOptions = {
  /** The business must exist (404 `Business not found.` before business details are saved). */
  business?: boolean;
  /** The 403 message staff accounts get (each domain says what only clients may do). */
  forbidden?: string;
  /**
   * What the endpoint does for the business: a member whose role may not take it gets a 403
   * (ROLE_FORBIDDEN_MESSAGE) before the body is read. A client without a business passes this
   * check; `business: true` (or a later requireBusiness) answers them.
   */
  action?: BusinessAction;
};

/**
 * JSON API guard of the client-only endpoints: 401 without a session, 403 for staff accounts
 * (managers and consultants act through their own consoles), and with `{ business: true }` 404
 * for a client whose business does not exist yet.
 */
export async function requireApiClient(
  app: AppContext,
  request: Request,
  options: ApiClientOptions & { business: true },
): Promise<ClientViewer>;
export async function requireApiClient(app: AppContext, request: Request, options?: ApiClientOptions): Promise<Viewer>;
export async function requireApiClient(
  app: AppContext,
  request: Request,
  { business = false, forbidden = CLIENTS_ONLY_MESSAGE, action }: ApiClientOptions = {},
): Promise<Viewer> {
  const viewer = await requireApiViewer(app, request);
  if (viewer.user.role !== "client") throw errorResponse(403, forbidden);
  const client = getClientBusiness(viewer);
  if (action && client) requirePermission(client, action);
  if (business) return requireBusiness(viewer);
  return viewer;
}

/**
 * The client's business, or a 404 `{ msg }`: for routes that read their body between the session
 * check and the business check, so a malformed body still answers 400 before the business is asked.
 */
export function requireBusiness(viewer: Viewer): ClientViewer {
  const client = getClientBusiness(viewer);
  if (!client) throw errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  return client;
}
