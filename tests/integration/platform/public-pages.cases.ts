import { describe, expect, it } from "vitest";
import naics from "~/data/naics-2022.json";
import { PLANS } from "~/lib/payments/plans";
import { PUBLIC_INFO_PAGES } from "~/lib/shared/public-pages";
import { signedInClient } from "../../factories";
import { call, ORIGIN, postForm, sessionTokenFrom } from "../helpers";

/** Scripts a page loads or runs: a public page has none (its JSON-LD is data, not a script). */
const scripts = (html: string) => html.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([.,:;)/])/g, "$1")
    .replace(/\( /g, "(");

describe("the public pages (issue #42, ADR 089)", () => {
  it("answers every information page without a session, scripts or a cookie, with its canonical link", async () => {
    for (const { path, title, description } of [...PUBLIC_INFO_PAGES]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Set-Cookie"), path).toBeNull();
      const html = await response.text();
      expect(scripts(html), path).toEqual([]);
      expect(html, path).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
      expect(html, path).toContain(`<meta property="og:image" content="${ORIGIN}/og-image.png"/>`);
      expect(text(html), path).toContain(`${title} | Partwise`);
      expect(html, path).toContain(`<meta name="description" content="${description.replace(/'/g, "&#x27;")}"/>`);
    }
  });

  it("builds a page once and serves it from the edge cache; a signed-in visitor's request builds no one's own copy", async () => {
    // Built for a signed-in client (nothing fetched /benchmarks/722 before in this file)…
    const client = await signedInClient();
    const first = await call("/benchmarks/722?utm_source=newsletter", { cookie: client.token });
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(first.headers.get("Set-Cookie")).toBeNull();
    const body = await first.text();
    // …it holds nothing of theirs: no name, no email, no business, no way out of a session.
    for (const own of [client.user.email, client.user.firstName, client.business.name, "Logout"]) {
      expect(body).not.toContain(own);
    }
    // …and a visitor without a session is then served that copy, campaign parameters or not.
    const again = await call("/benchmarks/722");
    expect(again.headers.get("X-Cache")).toBe("HIT");
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await again.text()).toBe(body);
    // Every answer still carries the security headers, with a policy of its own.
    expect(again.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
    expect(again.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // An invented parameter is no new copy.
    expect((await call("/benchmarks/722?x=random")).headers.get("X-Cache")).toBe("HIT");
  });

  it("prices the plans from the plan data and names the platform fee", async () => {
    const monthly = text(await (await call("/pricing")).text());
    expect(monthly).toContain("STARTER $247/month Billed monthly");
    expect(monthly).toContain("SCALE $559/month Billed monthly");
    expect(monthly).toContain("STARTER: $2,364 a year in place of $2,964, a saving of $600.");
    expect(monthly).toContain("SCALE: $5,364 a year in place of $6,708, a saving of $1,344.");
    expect(monthly).toContain("A diagnostic insight: $495.00 each.");
    expect(monthly).toContain("Partwise keeps 20% of it as its fee and the consultant receives the rest.");
    const yearly = text(await (await call("/pricing?billing=yearly")).text());
    expect(yearly).toContain(
      `STARTER $${PLANS.STANDARD.monthlyPriceCents.YEARLY / 100}/month Billed yearly: $2,364 a year`,
    );
    // Read, not bought: no plan button, and sign-up is where a plan is chosen.
    expect(yearly).not.toContain("Start Free Trial");
    expect(yearly).toContain("Choose a plan after you sign up");
  });

  it("shows an industry's Census figures, its levels, and its sign-up call", async () => {
    const html = await (await call("/benchmarks/722511")).text();
    const page = text(html);
    expect(page).toContain("Full-Service Restaurants NAICS 722511");
    expect(page).toContain("Revenue per employee $");
    expect(page).toContain(
      "Source: U.S. Census Bureau, Annual Business Survey (ABS), Company Summary, 2017 (NAICS 2017).",
    );
    expect(page).toContain("Accommodation and food services (NAICS 72) by firm size, 2017");
    expect(html).toContain('<a href="/benchmarks/7225">Restaurants and Other Eating Places</a>');
    expect(html).toContain('"@type":"Dataset"');
    expect(page).toContain("Compare your own books");
    // What comparing takes, truthfully: benchmarking is not part of the free plan.
    expect(page).toContain(
      "Create a free account and connect QuickBooks; benchmarking comes with the STARTER and SCALE plans (each with a 7-day free trial) or on its own at $299.00 a year.",
    );

    const missing = await call("/benchmarks/999999");
    expect(missing.status).toBe(404);
    expect(text(await missing.text())).toContain("Page not found");
    expect((await call("/benchmarks/not-a-code")).status).toBe(404);
  });

  it("finds industries by everyday words, and says when a search is too short", async () => {
    const bakery = await (await call("/benchmarks?q=bakery")).text();
    expect(bakery).toMatch(/href="\/benchmarks\/311811"/);
    expect(text(await (await call("/benchmarks?q=b")).text())).toContain("Type at least 2 characters to search.");
    expect(text(await (await call("/benchmarks?q=zzzzqqq")).text())).toContain("No industries match “zzzzqqq”");
    // No industry has every word: the page says these are the closest, not matches.
    const closest = text(await (await call("/benchmarks?q=marketing%20agency")).text());
    expect(closest).toMatch(/No industry matches every word of “marketing agency”; the closest \d+ matches/);
    expect(closest).toContain("Marketing Consulting Services");
  });

  it("lists every public page in the sitemap, and every one of them answers 200", async () => {
    const response = await call("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const codes = (naics as unknown as [string][]).map(([code]) => `${ORIGIN}/benchmarks/${code}`);
    expect(locations).toEqual([...PUBLIC_INFO_PAGES.map((page) => `${ORIGIN}${page.path}`), ...codes]);
    // Every one answering 200 is checked over HTTP by the browser tests (tests/e2e/public/): here,
    // where each request through the test pool costs more than the last, the sectors and a code of
    // every level.
    const sample = locations.filter((url) => /\/benchmarks\/(\d{2}(-\d{2})?|3111|31181|311811)$/.test(url));
    expect(sample).toHaveLength(23);
    for (const url of sample) expect((await call(url.slice(ORIGIN.length))).status, url).toBe(200);

    const robots = await (await call("/robots.txt")).text();
    expect(robots).toContain("User-agent: *\nAllow: /api/agreements/\nDisallow: /api/\n");
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("links the login screen to the public pages", async () => {
    const login = await (await call("/login")).text();
    for (const path of ["/how-it-works", "/pricing", "/benchmarks", "/for-consultants"]) {
      expect(login).toContain(`href="${path}"`);
    }
  });

  it("carries an industry page's code through sign-up into the business details, and drops any other", async () => {
    const html = await (await call("/benchmarks/445110")).text();
    expect(html).toContain('href="/Signup/client-personal-details?naics=445110"');
    // A level above the national industries is no business's code: sign-up starts plain.
    expect(await (await call("/benchmarks/4451")).text()).toContain('href="/Signup/client-personal-details"');

    const person = (email: string) => ({
      firstName: "Noor",
      lastName: "Haddad",
      phone: "+1 (207) 555-0143",
      email,
      password: "Harbor-light-42",
      confirmPassword: "Harbor-light-42",
    });
    const stamp = Date.now().toString(36);
    const created = await postForm(
      "/Signup/client-personal-details?naics=445110",
      person(`grocer-${stamp}@example.test`),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/signup-business?naics=445110");
    const form = await (await call("/signup-business?naics=445110", { cookie: sessionTokenFrom(created) })).text();
    expect(form).toMatch(/<input[^>]*name="naics"[^>]*value="445110"/);

    for (const given of ["999999", "4451", "<script>", ""]) {
      const plain = await postForm(
        `/Signup/client-personal-details?naics=${encodeURIComponent(given)}`,
        person(`grocer-${stamp}-${given.length}@example.test`),
      );
      expect(plain.headers.get("Location"), given).toBe("/signup-business");
    }
    const unknown = await (await call("/signup-business?naics=999999", { cookie: sessionTokenFrom(created) })).text();
    expect(unknown).not.toContain('value="999999"');
  });

  it("refuses a write to any public page, and caches nothing for it", async () => {
    for (const path of [
      ...PUBLIC_INFO_PAGES.map((page) => page.path),
      "/benchmarks/722511",
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      const posted = await call(path, {
        method: "POST",
        body: new URLSearchParams({ x: "1" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(posted.status, path).toBe(405);
      expect(posted.headers.get("X-Cache"), path).toBeNull();
      expect(posted.headers.get("Set-Cookie"), path).toBeNull();
    }
  });
});
