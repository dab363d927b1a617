import { describe, expect, it } from "vitest";
import {
  CACHE_STATUS_HEADER,
  isPublicPagePath,
  publicCacheKey,
  publicCacheVersion,
  servePublicPage,
  type EdgeCache,
} from "~/http/public-cache.server";
import { publicPageMeta } from "~/lib/shared/public-pages";

const keyOf = (key: string | URL | Request) =>
  typeof key === "string" ? key : key instanceof URL ? key.href : key.url;

/** The Cache API's match and put over a Map, counting the pages built. */
function memoryCache() {
  const stored = new Map<string, Response>();
  const cache: EdgeCache = {
    match: async (key) => stored.get(keyOf(key))?.clone(),
    put: async (key, response) => {
      stored.set(keyOf(key), response.clone());
    },
  };
  return { cache, stored };
}

function serve(request: Request, cache: EdgeCache, render: (request: Request) => Promise<Response>, version = "v1") {
  const pending: Promise<unknown>[] = [];
  const answer = servePublicPage(request, { cache, version, waitUntil: (p) => pending.push(p), render });
  return answer.then(async (response) => {
    await Promise.all(pending);
    return response;
  });
}

const page = (body = "<h1>How it works</h1>", init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    ...init,
    headers: { "Content-Type": "text/html", "Content-Security-Policy": "script-src 'nonce-abc'", ...init.headers },
  });

describe("the public pages' edge cache (ADR 089)", () => {
  it("knows the public pages: the information pages, the benchmark pages, the sitemap and robots.txt", () => {
    for (const path of [
      "/how-it-works",
      "/pricing",
      "/benchmarks",
      "/benchmarks/722511",
      "/benchmarks/44-45",
      "/benchmarks/72",
      "/how-we-vet-consultants",
      "/for-consultants",
      "/api/agreements/privacy-policy/",
      "/api/agreements/terms-and-conditions/",
      "/sitemap.xml",
      "/robots.txt",
      "/consultants",
      "/consultants/demo-user-consultant-02",
      "/consultants/0f8b3c52-6a1e-4c7e-9d59-4b3f3f2f7a10",
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/login",
      "/dashboard",
      "/benchmarks/7",
      "/benchmarks/abc",
      "/benchmarks/1234567",
      "/benchmarking",
      // Read with the visitor's session: never one copy for all.
      "/consultants/demo-user-consultant-02/request",
      "/consultant/profile",
      "/consultants/a.b",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });

  it("builds a page once, then answers from the cache; a new version builds it again", async () => {
    const { cache } = memoryCache();
    let built = 0;
    const render = async () => {
      built++;
      return page(`<h1>Built ${built}</h1>`);
    };
    const request = () => new Request("https://partwise.example/how-it-works");
    const first = await serve(request(), cache, render);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(await first.text()).toBe("<h1>Built 1</h1>");
    const second = await serve(request(), cache, render);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(await second.text()).toBe("<h1>Built 1</h1>");
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=300");
    // The stored copy has no policy of its own: the Worker gives each answer a fresh one.
    expect(second.headers.has("Content-Security-Policy")).toBe(false);
    expect(built).toBe(1);

    const deployed = await serve(request(), cache, render, "v2");
    expect(deployed.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(await deployed.text()).toBe("<h1>Built 2</h1>");
  });

  it("keeps a search's query in the key, and answers a HEAD from the stored page without a body", async () => {
    const { cache, stored } = memoryCache();
    const render = async (request: Request) => page(`<p>${new URL(request.url).search}</p>`);
    await serve(new Request("https://partwise.example/benchmarks?q=bakery"), cache, render);
    await serve(new Request("https://partwise.example/benchmarks?q=plumber"), cache, render);
    expect([...stored.keys()]).toEqual([
      publicCacheKey(new URL("https://partwise.example/benchmarks?q=bakery"), "v1").url,
      publicCacheKey(new URL("https://partwise.example/benchmarks?q=plumber"), "v1").url,
    ]);
    const head = await serve(new Request("https://partwise.example/benchmarks?q=bakery", { method: "HEAD" }), cache, render);
    expect(head.status).toBe(200);
    expect(head.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  it("keys a page on its host and on the query parameters it reads, nothing else", async () => {
    const key = (address: string) => publicCacheKey(new URL(address), "v1").url;
    expect(key("https://partwise.example/pricing?utm_source=mail&utm_campaign=fall&gclid=abc")).toBe(
      key("https://partwise.example/pricing"),
    );
    expect(key("https://partwise.example/pricing?billing=yearly&fbclid=x")).toBe(
      key("https://partwise.example/pricing?billing=yearly"),
    );
    expect(key("https://partwise.example/pricing?billing=yearly")).not.toBe(key("https://partwise.example/pricing"));
    expect(key("https://partwise.example/benchmarks?b=2&q=bakery")).toBe(key("https://partwise.example/benchmarks?q=bakery"));
    expect(key("https://partwise.example/benchmarks?q=bakery")).not.toBe(key("https://partwise.example/benchmarks?q=plumber"));
    expect(key("https://partwise.example/how-it-works?x=random")).toBe(key("https://partwise.example/how-it-works"));
    expect(key("https://partwise.example/consultants?area=finance&utm_source=x")).toBe(
      key("https://partwise.example/consultants?area=finance"),
    );
    expect(key("https://partwise.example/consultants?area=finance")).not.toBe(key("https://partwise.example/consultants"));
    // Without APP_URL a page's links follow the host asked for: each host has its own copy.
    expect(key("https://www.partwise.example/how-it-works")).not.toBe(key("https://partwise.example/how-it-works"));
  });

  it("keeps a page built from consultants' profiles an hour at the edge and never in the browser, the others a day and five minutes", async () => {
    const { cache, stored } = memoryCache();
    const profile = await serve(new Request("https://partwise.example/consultants/c-1"), cache, async () =>
      page("<h1>Noor</h1>"),
    );
    expect(profile.headers.get("Cache-Control")).toBe("public, no-cache");
    const again = await serve(new Request("https://partwise.example/consultants/c-1"), cache, async () =>
      page("<h1>Noor</h1>"),
    );
    expect([again.headers.get("X-Cache"), again.headers.get("Cache-Control")]).toEqual(["HIT", "public, no-cache"]);
    await serve(new Request("https://partwise.example/consultants"), cache, async () => page("<h1>Consultants</h1>"));
    await serve(new Request("https://partwise.example/pricing"), cache, async () => page("<h1>Pricing</h1>"));
    const ages = [...stored.entries()].map(([key, response]) => [
      new URL(key).pathname.split("/").slice(3).join("/"),
      response.headers.get("Cache-Control"),
    ]);
    expect(ages).toEqual([
      ["consultants/c-1", "public, max-age=3600"],
      ["consultants", "public, max-age=3600"],
      ["pricing", "public, max-age=86400"],
    ]);
  });

  it("versions the pages by the build and by the settings they show", () => {
    const version = publicCacheVersion("b1", { PLATFORM_FEE_PERCENT: 20, APP_URL: "https://partwise.example" });
    expect(version).toBe("b1.20.https://partwise.example");
    expect(publicCacheVersion("b2", { PLATFORM_FEE_PERCENT: 20, APP_URL: "https://partwise.example" })).not.toBe(version);
    expect(publicCacheVersion("b1", { PLATFORM_FEE_PERCENT: 15, APP_URL: "https://partwise.example" })).not.toBe(version);
    expect(publicCacheVersion("b1", { PLATFORM_FEE_PERCENT: 20 })).not.toBe(version);
  });

  it("never stores an error, a redirect or an answer that sets a cookie, and leaves other methods alone", async () => {
    const { cache, stored } = memoryCache();
    const url = "https://partwise.example/benchmarks/999999";
    const missing = await serve(new Request(url), cache, async () => new Response("Not found", { status: 404 }));
    expect(missing.status).toBe(404);
    const withCookie = await serve(new Request("https://partwise.example/pricing"), cache, async () =>
      page("<h1>Pricing</h1>", { headers: { "Set-Cookie": "a=b" } }),
    );
    expect(withCookie.headers.get("Set-Cookie")).toBe("a=b");
    expect(withCookie.headers.has(CACHE_STATUS_HEADER)).toBe(false);
    const posted = await serve(new Request("https://partwise.example/pricing", { method: "POST" }), cache, async () =>
      new Response("Method not allowed", { status: 405 }),
    );
    expect(posted.status).toBe(405);
    expect(stored.size).toBe(0);
  });
});

describe("a public page's meta tags", () => {
  it("gives the title, description, canonical link, Open Graph and Twitter card, and its structured data", () => {
    const tags = publicPageMeta({
      origin: "https://partwise.example",
      path: "/pricing",
      title: "Pricing",
      description: "Plans.",
      structuredData: { "@type": "Organization" },
    });
    expect(tags).toEqual([
      { title: "Pricing | Partwise" },
      { name: "description", content: "Plans." },
      { tagName: "link", rel: "canonical", href: "https://partwise.example/pricing" },
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: "Partwise" },
      { property: "og:title", content: "Pricing" },
      { property: "og:description", content: "Plans." },
      { property: "og:url", content: "https://partwise.example/pricing" },
      { property: "og:image", content: "https://partwise.example/og-image.png" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: "Partwise: fractional consultants for small and mid-size businesses" },
      { name: "twitter:card", content: "summary_large_image" },
      { "script:ld+json": { "@type": "Organization" } },
    ]);
    expect(publicPageMeta(null)).toEqual([{ title: "Partwise" }]);
  });
});
