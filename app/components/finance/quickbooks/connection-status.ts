/**
 * What /quickbook-status shows, decided from GET /api/quickbooks/finance-report-status's answer.
 * Pure and isomorphic: the loader picks the first screen, the browser's poll picks the next ones.
 */
import { OAUTH_RETURN_PAGES } from "~db/enums";

export type ReturnPage = (typeof OAUTH_RETURN_PAGES)[number];
export const RETURN_PAGES: readonly ReturnPage[] = OAUTH_RETURN_PAGES;

export type FinanceStatus = {
  connection: { status: string; realmId: string } | null;
  job: { id: string; status: "queued" | "running" | "succeeded" | "failed"; lastError: string | null } | null;
  report: { lastUpdate: string } | null;
};

export type StatusScreen = "building" | "complete" | "failed" | "broken" | "not_connected";

export const STATUS_PATH = "/quickbook-status";
export const STATUS_API_PATH = "/api/quickbooks/finance-report-status";
export const POLL_INTERVAL_MS = 1500;

export const SIGNED_IN_HEADING = "You signed in to quickbooks!";
export const BUILDING_HEADING = "Building Business Finance Profile";
export const COMPLETE_HEADING = "Your Finance Profile is Complete!";
export const FAILED_HEADING = "Could not build Finance Profile at this time.";
export const BROKEN_TEXT = "QuickBooks access was revoked. Reconnect your company data.";
export const NOT_CONNECTED_HEADING = "Company data is not connected.";
export const CALLBACK_FAILED_HEADING = "QuickBooks was not connected";

export function isReturnPage(value: unknown): value is ReturnPage {
  return typeof value === "string" && (RETURN_PAGES as readonly string[]).includes(value);
}

/** The page a return page names (OK, Back). */
export function returnPath(page: ReturnPage): string {
  if (page === "PROFILE_PROGRESS") return "/profile-progress";
  if (page === "BENCHMARKING") return "/benchmarking";
  return "/dashboard";
}

/** "Connect Company Data" / "Try again": a fresh authorization for the same return page. */
export function connectPath(page: ReturnPage): string {
  return `/api/quickbooks/createAuthPortal?returnPage=${page}`;
}

/** The screen for a status answer: the newest job decides while the connection works. */
export function screenFor(status: FinanceStatus): StatusScreen {
  if (!status.connection) return "not_connected";
  if (status.connection.status !== "connected") return "broken";
  const job = status.job;
  if (job?.status === "queued" || job?.status === "running") return "building";
  if (job?.status === "failed") return "failed";
  if (job?.status === "succeeded") return status.report ? "complete" : "failed";
  return status.report ? "complete" : "failed";
}

/** Whether the browser keeps polling. */
export function isSettled(screen: StatusScreen): boolean {
  return screen !== "building";
}
