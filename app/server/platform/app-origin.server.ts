import { eq } from "drizzle-orm";
import { appOrigins } from "~db/schema";
import type { AppContext } from "~/server/load-context";

/**
 * The address emails link to when no request names one (docs/decisions/047). APP_URL when it is
 * configured; otherwise the app's last known origin, recorded in D1 (`app_origins`, one row) by
 * the requests that start work for later: a job (ensureJob) and a notice (notify). Queue jobs and
 * cron read it, so a local run without APP_URL still emails the links it promised.
 */

const ROW_ID = "app";

/** The origin links in this request's answers and redirects use: APP_URL when configured, else the request's own. */
export function appOrigin(app: AppContext, request: Request): string {
  return configuredOrigin(app) ?? new URL(request.url).origin;
}

/** APP_URL (an origin, without a trailing slash: parseEnv checks it); null when it is not configured. */
export function configuredOrigin(app: AppContext): string | null {
  return app.env.APP_URL ?? null;
}

/**
 * The statement that records this request's origin as the app's last known one (an upsert, for
 * the caller's batch); null when there is nothing to record: outside a request (a job, cron), or
 * with APP_URL configured (emails take that).
 */
export function rememberOriginStatement(app: AppContext) {
  if (!app.requestOrigin || configuredOrigin(app)) return null;
  const now = app.now();
  return app.db
    .insert(appOrigins)
    .values({ id: ROW_ID, origin: app.requestOrigin, updatedAt: now })
    .onConflictDoUpdate({ target: appOrigins.id, set: { origin: app.requestOrigin, updatedAt: now } });
}

/** The recorded origin (a read, for the caller's batch): zero or one row. */
export function storedOriginQuery(app: AppContext) {
  return app.db.select({ origin: appOrigins.origin }).from(appOrigins).where(eq(appOrigins.id, ROW_ID)).limit(1);
}
