import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appOrigin } from "~/server/platform/app-origin.server";

/**
 * The loader of a public page that needs nothing but its origin (ADR 089): for the canonical and
 * Open Graph links of its meta tags. No session, no database.
 */
export function publicPageLoader({ request, context }: LoaderFunctionArgs) {
  return { origin: appOrigin(context.app, request) };
}
