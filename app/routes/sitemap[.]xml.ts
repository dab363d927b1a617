import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PUBLIC_INFO_PAGES } from "~/lib/shared/public-pages";
import { publicProfilePath } from "~/lib/consultants/public-profile";
import { benchmarkPageCodes } from "~/server/benchmarking/industry-pages.server";
import { publicProfileIds } from "~/server/consultants/public-profiles.server";
import { appOrigin } from "~/server/platform/app-origin.server";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public address: the information pages, each industry's page and each public consultant profile. */
function sitemapPaths(profileIds: readonly string[]): string[] {
  return [
    ...PUBLIC_INFO_PAGES.map((page) => page.path),
    ...benchmarkPageCodes().map((code) => `/benchmarks/${code}`),
    ...profileIds.map(publicProfilePath),
  ];
}

/**
 * GET /sitemap.xml (public, ADR 089): every public page for search engines (the sitemaps.org
 * format; about 2,100 addresses and the public consultant profiles, under its 50,000 limit).
 * Cached at the edge like the pages, keyed on the profiles' data version too (ADR 090).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = appOrigin(context.app, request);
  const urls = sitemapPaths(await publicProfileIds(context.app))
    .map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
