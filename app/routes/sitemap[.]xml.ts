import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PUBLIC_INFO_PAGES } from "~/lib/shared/public-pages";
import { benchmarkPageCodes } from "~/server/benchmarking/industry-pages.server";
import { appOrigin } from "~/server/platform/app-origin.server";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public address: the information pages, the benchmark index and each industry's page. */
function sitemapPaths(): string[] {
  return [...PUBLIC_INFO_PAGES.map((page) => page.path), ...benchmarkPageCodes().map((code) => `/benchmarks/${code}`)];
}

/**
 * GET /sitemap.xml (public, ADR 089): every public page for search engines (the sitemaps.org
 * format; about 2,100 addresses, under its 50,000 limit). Cached at the edge like the pages.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = appOrigin(context.app, request);
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
