import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PrivacyPolicy } from "~/components/legal/privacy-policy";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { appOrigin } from "~/server/platform/app-origin.server";

/** /api/agreements/privacy-policy/ (spec §2): the Privacy Policy as a readable page. Public (ADR 089): no session, no scripts, cached at the edge. */
export const handle = PUBLIC_PAGE_HANDLE;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicPageMeta(data && { origin: data.origin, ...PUBLIC_PAGES.privacy });

export function loader({ request, context }: LoaderFunctionArgs) {
  return { origin: appOrigin(context.app, request) };
}

export default PrivacyPolicy;
