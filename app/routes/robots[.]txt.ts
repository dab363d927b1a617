import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appOrigin } from "~/server/platform/app-origin.server";

/** The signed-in areas and the API: nothing there for a search engine (the agreements aside). */
const PRIVATE_PREFIXES = ["/api/", "/manage/", "/consultant/", "/dev/", "/test-"];

/** GET /robots.txt (public, ADR 089): what crawlers may read, and where the sitemap is. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = appOrigin(context.app, request);
  const lines = [
    "User-agent: *",
    "Allow: /api/agreements/",
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
