// The edge cache of the public pages (ADR 089): the Workers Cache API, keyed by the page's address
// and a version. The version is the deploy's build (a new deploy starts a new set of keys, so
// nothing of the last one is served) and, for pages built from rows, the data's own version, so a
// change is seen at once everywhere: the Cache API is per data centre and cannot be purged from
// one place. A page is stored only when it answered 200 without a cookie.
import { PUBLIC_INFO_PAGES, PUBLIC_PAGES } from "~/lib/shared/public-pages";
import type { AppContext } from "~/server/load-context";
import { publicProfilesVersion } from "~/server/consultants/public-profiles.server";

/** What the cache needs from the runtime: `caches.default` in a Worker. */
export type EdgeCache = Pick<Cache, "match" | "put">;

/** How long the edge keeps a page (its key changes with every deploy anyway). */
const EDGE_SECONDS = 24 * 60 * 60;
/**
 * How long the edge keeps a page built from consultants' profiles: a change to a profile starts
 * new keys at once (publicProfilesVersion); what is counted from other rows (engagements completed,
 * ratings) is at most this old.
 */
const PROFILE_EDGE_SECONDS = 60 * 60;
/** How long a browser or a proxy may reuse a page without asking again. */
const BROWSER_POLICY = `public, max-age=${5 * 60}`;
/**
 * A page built from consultants' profiles is asked for again every time (from the edge cache, so
 * fast): a consultant who stops showing their profile is gone from a visitor's next look, not
 * five minutes later.
 */
const PROFILE_BROWSER_POLICY = "public, no-cache";
/** Says whether the page came from the edge cache (HIT) or was built for this request (MISS). */
export const CACHE_STATUS_HEADER = "X-Cache";

const INFO_PATHS = new Set(PUBLIC_INFO_PAGES.map((page) => page.path));
/** /benchmarks/<code>: a sector ("44-45"), or 2 to 6 digits; anything else is the app's 404. */
const BENCHMARK_PAGE = /^\/benchmarks\/(\d{2}(-\d{2})?|\d{3,6})$/;
/** /consultants/<id>: a consultant's public profile (ids as PUBLIC_PROFILE_ID). */
const PROFILE_PAGE = /^\/consultants\/[A-Za-z0-9-]{1,64}$/;

/** Whether the page is built from consultants' profiles: the list, a profile, the sitemap (which lists them). */
function readsProfiles(pathname: string): boolean {
  return pathname === PUBLIC_PAGES.consultants.path || pathname === "/sitemap.xml" || PROFILE_PAGE.test(pathname);
}

/** Whether `pathname` is a public page the edge may cache (the same for every visitor). */
export function isPublicPagePath(pathname: string): boolean {
  return (
    INFO_PATHS.has(pathname) ||
    pathname === "/sitemap.xml" ||
    pathname === "/robots.txt" ||
    BENCHMARK_PAGE.test(pathname) ||
    PROFILE_PAGE.test(pathname)
  );
}

/** The query parameters a public page reads; every other (a campaign's `utm_*`, anything) is no part of its copy. */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  "/benchmarks": ["q"],
  "/pricing": ["billing"],
  "/consultants": ["area"],
};

/**
 * The version of every public page: the build (a new id each build, so each deploy starts new
 * keys: server code and reference data included) and the settings the pages show (the fee, the
 * origin of their links), so a settings-only deploy starts new keys too.
 */
export function publicCacheVersion(buildId: string, env: { PLATFORM_FEE_PERCENT: number; APP_URL?: string | null }) {
  return `${buildId}.${env.PLATFORM_FEE_PERCENT}.${env.APP_URL ?? ""}`;
}

/**
 * The version of the page at `pathname`: the deploy's (publicCacheVersion) and, for a page built
 * from consultants' profiles, their data version (one D1 read, made before the cache is asked).
 * Null when that read fails: the page is then built for the request, never served from a copy
 * that may be out of date (and a failed read is no 500 of its own).
 */
export async function publicPageVersion(app: AppContext, pathname: string, buildId: string): Promise<string | null> {
  const deploy = publicCacheVersion(buildId, app.env);
  if (!readsProfiles(pathname)) return deploy;
  try {
    return `${deploy}.${await publicProfilesVersion(app)}`;
  } catch (error) {
    console.error("The public profiles' version could not be read; the page is built uncached.", error);
    return null;
  }
}

/**
 * The cache key of a page at a version: its host (without APP_URL the links follow the address
 * asked for), its path and only the query parameters it reads, in a stable order. A link with
 * `?utm_source=` is served the same copy; an invented parameter cannot make a new one.
 */
export function publicCacheKey(url: URL, version: string): Request {
  const read = PAGE_PARAMS[url.pathname] ?? [];
  const params = read.flatMap((name) => url.searchParams.getAll(name).map((value) => [name, value]));
  const search = params.length > 0 ? `?${new URLSearchParams(params)}` : "";
  return new Request(
    `https://public-cache.partwise.internal/${encodeURIComponent(version)}/${url.host}${url.pathname}${search}`,
  );
}

/**
 * Answers a GET or HEAD of a public page from the edge cache, or builds it with `render` and
 * stores it (through `waitUntil`, after the answer). Other methods go straight to `render`.
 */
export async function servePublicPage(
  request: Request,
  {
    cache,
    version,
    waitUntil,
    render,
  }: {
    cache: EdgeCache | undefined;
    version: string;
    waitUntil: (promise: Promise<unknown>) => void;
    render: (request: Request) => Promise<Response>;
  },
): Promise<Response> {
  const head = request.method === "HEAD";
  if (!cache || (request.method !== "GET" && !head)) return render(request);
  const url = new URL(request.url);
  const key = publicCacheKey(url, version);
  const hit = await cache.match(key);
  const profiles = readsProfiles(url.pathname);
  const browserPolicy = profiles ? PROFILE_BROWSER_POLICY : BROWSER_POLICY;
  if (hit) return forVisitor(hit, "HIT", head, browserPolicy);
  // A HEAD is answered from a GET's page, so the stored copy always has its body.
  const built = await render(head ? new Request(request, { method: "GET" }) : request);
  if (built.status !== 200 || built.headers.has("Set-Cookie")) return built;
  // Read whole (the largest, the sitemap, is about 135 kB): a tee would hold the cache's copy back
  // until the visitor's was read, and a HEAD or a dropped connection never reads it.
  const body = await built.arrayBuffer();
  const headers = new Headers(built.headers);
  headers.set("Cache-Control", `public, max-age=${profiles ? PROFILE_EDGE_SECONDS : EDGE_SECONDS}`);
  // The Worker gives every answer its own policy and nonce (the page has no script to use it).
  headers.delete("Content-Security-Policy");
  const init = { status: 200, statusText: built.statusText, headers };
  waitUntil(cache.put(key, new Response(body, init)).catch(() => undefined));
  return forVisitor(new Response(body, init), "MISS", head, browserPolicy);
}

function forVisitor(page: Response, status: "HIT" | "MISS", head: boolean, browserPolicy: string): Response {
  const answer = new Response(head ? null : page.body, page);
  answer.headers.set("Cache-Control", browserPolicy);
  answer.headers.set(CACHE_STATUS_HEADER, status);
  return answer;
}
