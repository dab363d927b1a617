import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { stripVTControlCharacters } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject, test } from "vitest";
import { DEMO_CLIENT } from "../../db/seed/demo";
import { withSharedTurn } from "./server-turns";

/** Base URL of the running app, e.g. http://127.0.0.1:41234 (no trailing slash). */
export const baseURL = inject("baseURL");

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 800 };

/** Flags that keep Debian's Chromium headless, offline and quiet inside containers and CI. */
const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browser: Promise<Browser> | undefined;

/** The stream's browser; a new one if the last has crashed or did not start. */
async function getBrowser(): Promise<Browser> {
  const current = await browser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  browser = chromium.launch({ executablePath: inject("chromiumPath"), headless: true, args: LAUNCH_ARGS });
  return browser;
}

// One browser per stream of files: the files share this module (isolate: false in
// vitest.e2e.config.ts), so the first test launches it and the rest reuse it; every test gets its
// own context (cookies, storage) below. Chromium ends with the stream's process (its pipe closes).

export type BrowserFixtures = { page: Page; context: BrowserContext };

export type BrowserTestOptions = {
  viewport?: { width: number; height: number };
  /** Console errors this test expects (e.g. the 401 of a refused sign-in), matched against the text. */
  allowConsoleErrors?: RegExp[];
  /** The browser's time zone (IANA name), e.g. to check that dates hydrate without a mismatch. */
  timezoneId?: string;
  /** A longer limit for a journey of several people (ms; default the config's testTimeout). */
  timeout?: number;
  /** False: the browser runs no page script, as for a visitor with JavaScript off (axe still checks). */
  javaScriptEnabled?: boolean;
};

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}

/**
 * A browser test: fresh context and page, fails on any unexpected console.error or uncaught page
 * error, and when it fails saves to test-results/e2e-screenshots/ a full-page screenshot and, beside
 * it, the error with the page's state (failureState).
 */
/** How long a browser action or wait may take before the test fails. */
export const ACTION_TIMEOUT_MS = 20_000;
/**
 * How long a navigation may take: longer than an action, within the 60 s test timeout, because on
 * a two-core CI machine the local wrangler server now and then stalls for seconds under the
 * suite's load (a clean-clone run once timed out loading /login at 20 s).
 */
export const NAVIGATION_TIMEOUT_MS = 40_000;

export function browserTest(
  name: string,
  fn: (fixtures: BrowserFixtures) => Promise<void>,
  options: BrowserTestOptions = {},
) {
  test(
    name,
    () =>
      withSharedTurn(async () => {
        const context = await (
          await getBrowser()
        ).newContext({
          baseURL,
          viewport: options.viewport ?? DESKTOP,
          // The product's 0.15 s hover and focus transitions would let axe read a colour half-way
          // (the pointer rests where the last click was, over whatever the next page puts there):
          // a clean-clone run once failed on such a state. Reduced motion makes them instant
          // (app.css), so axe reads the colours a person sees once the transition ends.
          reducedMotion: "reduce",
          ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
          ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
        });
        await loadAxeInEveryDocument(context);
        // Generous: CI runs the browser, wrangler and the queue consumers on two busy CPUs. A wait
        // that times out still fails the test; it only stops a slow machine from looking broken.
        context.setDefaultTimeout(ACTION_TIMEOUT_MS);
        context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
        const page = await context.newPage();
        const problems: string[] = [];
        waitForHydrationAfterGoto(page, problems);
        accessibilityFindings.set(page, problems);
        page.on("console", (message) => {
          if (message.type() !== "error") return;
          const text = message.text();
          if (options.allowConsoleErrors?.some((pattern) => pattern.test(text))) return;
          problems.push(`console.error at ${page.url()}: ${text}`);
        });
        page.on("pageerror", (error) => problems.push(`page error at ${page.url()}: ${error.message}`));
        try {
          await fn({ page, context });
          // The state each test ends in, and any page it opened (e.g. a document in a new tab).
          for (const open of context.pages()) problems.push(...(await axeFindings(open)));
          const unexpected = [...new Set(problems)];
          if (unexpected.length > 0) {
            throw new Error(
              // The first finding on the first line: CI reports keep only a failure's first line.
              `Unexpected console errors, page errors or accessibility violations (${unexpected.length}): ${unexpected[0]}\n${unexpected.slice(1).join("\n")}`,
            );
          }
        } catch (error) {
          mkdirSync("test-results/e2e-screenshots", { recursive: true });
          await page
            .screenshot({ path: `test-results/e2e-screenshots/${slug(name)}.png`, fullPage: true })
            .catch(() => undefined);
          const state = await failureState(page).catch((reason: unknown) => `page state unreadable: ${String(reason)}`);
          writeFileSync(
            `test-results/e2e-screenshots/${slug(name)}.txt`,
            `${stripVTControlCharacters(String(error))}\n\n${state}\n`,
          );
          // Also in the message, so a CI log that keeps no files still tells the causes apart.
          if (error instanceof Error) error.message = `${error.message}\n\n${state}`;
          throw error;
        } finally {
          await context.close();
        }
      }),
    options.timeout,
  );
}

/**
 * What a failed action needs to be explained and a screenshot does not show: the address, whether
 * React had hydrated the document (a click before it is the browser's own form post), whether a
 * navigation was under way (the loading bar: every pending post disables its page's buttons),
 * the disabled buttons, the focused element and, for each button, what lies on top of its centre.
 */
async function failureState(page: Page): Promise<string> {
  if (page.isClosed()) return "page closed";
  return page.evaluate(() => {
    const describe = (element: Element | null) =>
      element
        ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> ${(element.textContent ?? "").trim().slice(0, 60)}`
        : "none";
    const buttons = Array.from(document.querySelectorAll("button")).map((button) => {
      const box = button.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const covered = onTop && onTop !== button && !button.contains(onTop) ? ` covered by ${describe(onTop)}` : "";
      return `  ${describe(button)}${button.disabled ? " (disabled)" : ""}${covered}`;
    });
    return [
      `url: ${location.href}`,
      `hydrated: ${document.documentElement.dataset.hydrated === "true"}`,
      `navigation under way: ${document.querySelector(".navigation-progress") !== null}`,
      `focused: ${describe(document.activeElement)}`,
      `viewport: ${innerWidth}x${innerHeight}, scrolled to ${scrollX},${scrollY}`,
      "buttons:",
      ...buttons,
    ].join("\n");
  });
}

/**
 * After page.goto, waits until React has hydrated a Remix document (root marks <html
 * data-hydrated>), so the next click is handled by the app rather than racing hydration.
 * Documents without Remix scripts (e.g. an email's HTML view) are ready as loaded.
 */
function waitForHydrationAfterGoto(page: Page, problems: string[]) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(
      () => !("__remixContext" in window) || document.documentElement.dataset.hydrated === "true",
    );
    if (response?.headers()["content-type"]?.startsWith("text/html")) {
      problems.push(...(await axeFindings(page)));
    }
    return response;
  };
}

/** axe-core's browser build, read from node_modules: nothing is fetched from the web. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core in every document of `context`, run before the page's own scripts: Chromium compiles the
 * half-megabyte source once per renderer and reuses it for each later document, where evaluating it
 * in each checked document cost 0.2 to 0.5 s every time (docs/decisions/087). It is added through
 * the DevTools protocol, which the app's CSP does not govern, and only defines `window.axe`.
 */
export async function loadAxeInEveryDocument(context: BrowserContext) {
  await context.addInitScript({ content: AXE_SOURCE });
}

/**
 * The findings of every page state this stream has checked, by `pageState`. axe's result depends only
 * on the document, its styles (one build per run), the viewport, the scroll position, the focused
 * element and the controls' values, so a state met again (the login page, in every test that signs
 * in) is not checked again: a fifth of the browser tests' time went to such repeats.
 */
const checkedStates = new Map<string, string[]>();

/** Where the checks of a test's main page report to (expectPath has only the page). */
const accessibilityFindings = new WeakMap<Page, string[]>();

/**
 * Runs axe-core on the page as it is now and returns one readable line per serious or critical
 * violation (rule, impact, the offending elements' selectors). The source is evaluated through
 * the DevTools protocol, which the app's CSP does not govern, so the page's own policy stays
 * enforced. Pages that are not HTML documents, or have JavaScript off, are skipped.
 */
async function axeFindings(page: Page): Promise<string[]> {
  // A page that never navigated (about:blank) is the browser's, not the app's.
  if (page.isClosed() || page.url() === "about:blank") return [];
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState("load");
      const isHtml = await page.evaluate(() => document.contentType === "text/html");
      if (!isHtml) return [];
      const state = await pageState(page);
      const known = checkedStates.get(state);
      if (known) return known;
      // A context of browserTest's has it in every document already (loadAxeInEveryDocument);
      // another context's document gets it here, once.
      if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE};undefined`);
      const violations = await page.evaluate(async () => {
        // Check the settled page, not a colour halfway through a transition (endless ones, such as
        // spinners, are not waited for; a second at most).
        const finite = document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
        await Promise.race([
          Promise.allSettled(finite.map((animation) => animation.finished)),
          new Promise((resolve) => setTimeout(resolve, 1000)),
        ]);
        const axe = (window as unknown as { axe: AxeApi }).axe;
        // Only serious and critical findings count, and axe gives every finding its rule's impact:
        // a rule of minor or moderate impact cannot change the result, so it does not run (a tenth
        // of axe's time in these tests). A rule without an impact runs.
        const rules = Object.fromEntries(
          (axe._audit?.rules ?? [])
            .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
            .map((rule) => [rule.id, { enabled: false }]),
        );
        const result = await axe.run(document, { resultTypes: ["violations"], rules });
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
      });
      const where = new URL(page.url()).pathname;
      const findings = violations.map(
        (v) => `axe ${v.impact} ${v.id} at ${where}: ${v.help} — ${v.targets.join(" | ")}`,
      );
      checkedStates.set(state, findings);
      return findings;
    } catch (error) {
      // A navigation that starts while axe runs destroys its context: check the new page instead.
      if (attempt < 2 && /context was destroyed|navigat/i.test(String(error))) continue;
      if (/javascript is disabled|Target (page, context or browser )?(has been )?closed/i.test(String(error))) {
        return [];
      }
      throw error;
    }
  }
}

/**
 * A digest of everything axe's result depends on: the path, the viewport, the scroll position, the
 * focused element, every control's value and state, and the document's markup (Chromium hides
 * nonces from the markup, so a page served twice reads the same).
 */
async function pageState(page: Page): Promise<string> {
  const state = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll("*"));
    const controls = Array.from(document.querySelectorAll("input, select, textarea"), (element) => {
      const control = element as HTMLInputElement;
      return `${control.value}|${control.checked}|${control.indeterminate}`;
    });
    return [
      location.pathname,
      innerWidth,
      innerHeight,
      scrollX,
      scrollY,
      document.activeElement ? all.indexOf(document.activeElement) : -1,
      controls.join("\u0000"),
      document.documentElement.outerHTML,
    ].join("\u0001");
  });
  return createHash("sha256").update(state).digest("hex");
}

type AxeApi = {
  /** axe's loaded rules (not a documented API: read only for their impact, and optional). */
  _audit?: { rules: { id: string; impact?: string | null }[] };
  run(
    context: Document,
    options: { resultTypes: string[]; rules: Record<string, { enabled: boolean }> },
  ): Promise<{
    violations: { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }[];
  }>;
};

/** Checks the page with axe now (e.g. after an in-page change a test wants covered). */
export async function expectNoAxeViolations(page: Page) {
  const findings = await axeFindings(page);
  if (findings.length > 0) throw new Error(`Accessibility violations:\n${findings.join("\n")}`);
}

export type Viewport = { width: number; height: number };

/**
 * Keeps a full-page screenshot of the page as it is, named `<name>-<width>.png`, for people to
 * read, when E2E_SCREENSHOTS names a folder (`E2E_SCREENSHOTS=test-results/screens npm run
 * test:e2e`). A run without it takes none: a screenshot checks nothing, and each costs Chromium
 * a full-page render and a PNG (a failing test's screenshot is always kept, by browserTest).
 */
export async function keepScreen(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/**
 * One flow, its screens checked at several widths: at each viewport in turn the page must not
 * scroll sideways, `check` must pass and axe must find nothing; then the page goes to `end`, by
 * default the viewport it had. Replaying a whole flow per width cost the browser tests a fifth of
 * their time.
 */
export async function atEachWidth(
  page: Page,
  sizes: Viewport[],
  check: (size: Viewport) => Promise<void>,
  end: Viewport | null = page.viewportSize(),
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await check(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  }
  if (end) await page.setViewportSize(end);
}

/** Waits until the page's path (and optional search) is `path`. */
export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname + (path.includes("?") ? url.search : "") === path, {
    timeout: ACTION_TIMEOUT_MS,
  });
  expect(new URL(page.url()).pathname).toBe(path.split("?")[0]);
  accessibilityFindings.get(page)?.push(...(await axeFindings(page)));
}

export const DEMO_PASSWORD = "Partwise-demo-1";

/** Signs in through the login form, the way a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/**
 * Another person in the same browser: a context of their own at desk width, signed in as `email`
 * and on `home`; close it when done.
 */
export async function signedInAs(context: BrowserContext, email: string, home: string) {
  const own = await context.browser()!.newContext({ baseURL, viewport: DESKTOP, reducedMotion: "reduce" });
  await loadAxeInEveryDocument(own);
  const page = await own.newPage();
  await signIn(page, email);
  await expectPath(page, home);
  return { page, close: () => own.close() };
}

/** Signs in as the demo business client and waits for the dashboard. */
export async function signInAsDemoClient(page: Page) {
  await signIn(page, DEMO_CLIENT.email);
  await expectPath(page, "/dashboard");
}

/** The password of every client made by `signUpNewClient`. */
export const NEW_CLIENT_PASSWORD = "Harbor-light7";

const NEW_CLIENT_PERSON = { firstName: "Avery", lastName: "Lindqvist", phone: "(207) 555-0177" };
const NEW_CLIENT_BUSINESS = {
  name: "Fore River Provisions",
  city: "Portland",
  state: "ME",
  employeeCount: "25-50",
  revenue: "5-10 million",
  naics: 459110,
  clientRole: "Owner",
};

export type NewClientOptions = {
  /** Starts the new address, e.g. `settings` gives `settings-…@example.test`. */
  emailPrefix: string;
  person?: Partial<typeof NEW_CLIENT_PERSON>;
  business?: Partial<typeof NEW_CLIENT_BUSINESS>;
  /** Logs out afterwards, leaving an account nobody is signed in to in this browser. */
  signOut?: boolean;
  /** Confirm the address from the outbox's link as well (paying and inviting wait for it, ADR 070). */
  verifyEmail?: boolean;
};

let newClientCounter = 0;

/**
 * A call to the app's JSON API as the page's signed-in person, without loading a page: the browser
 * context's cookies go with it and any it sets land in the context (Playwright's `page.request`),
 * and it names the app as its origin, as the app's own pages do (the CSRF check).
 */
export function apiCall(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  return page.request.fetch(`${baseURL}${path}`, { method, data, headers: { Origin: baseURL } });
}

/**
 * A brand-new business client, signed in in this page's browser context (unless `signOut`): sign-up
 * and business creation through the JSON API (apiCall), so the session cookie lands in the browser
 * without a page loaded only to send them. The page stays where it was (a new test's is blank). The
 * demo account stays untouched for the other tests.
 */
export async function signUpNewClient(page: Page, options: NewClientOptions): Promise<{ email: string }> {
  // Unique across the two streams of files running at once (scripts/lib/e2e-streams.mjs).
  const email = `${options.emailPrefix}-${Date.now().toString(36)}-${newClientCounter++}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const account = {
    ...NEW_CLIENT_PERSON,
    ...options.person,
    email,
    password: NEW_CLIENT_PASSWORD,
    confirmPassword: NEW_CLIENT_PASSWORD,
  };
  const statuses = [(await apiCall(page, "POST", "/api/client/auth/signup", account)).status()];
  const business = { ...NEW_CLIENT_BUSINESS, ...options.business };
  statuses.push((await apiCall(page, "POST", "/api/client/business/create", business)).status());
  if (options.signOut) statuses.push((await apiCall(page, "POST", "/api/client/auth/logout")).status());
  expect(statuses).toEqual(options.signOut ? [201, 201, 200] : [201, 201]);
  if (options.verifyEmail) await verifyEmailFromOutbox(page, email);
  return { email };
}

/**
 * Confirms `email`'s address the way its owner would (docs/decisions/070): the verification link
 * from the local outbox, then "Confirm my email" on /verify-email. A new account pays only once
 * this is done. Leaves the page on the confirmation.
 */
export async function verifyEmailFromOutbox(page: Page, email: string) {
  let link: string | null = null;
  for (let attempt = 0; attempt < 25 && !link; attempt++) {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("heading", { name: "Local email outbox", level: 1 }).waitFor();
    const mail = page.getByRole("article").filter({ hasText: "Confirm your email address" }).first();
    if ((await mail.count()) > 0) {
      link = /\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec((await mail.textContent()) ?? "")?.[0] ?? null;
    } else await page.waitForTimeout(200);
  }
  expect(link, `no verification link in the outbox for ${email}`).not.toBeNull();
  await page.goto(link!);
  await page.getByRole("button", { name: "Confirm my email", exact: true }).click();
  await page.getByRole("heading", { name: "Your email is confirmed", level: 1 }).waitFor();
}

/** On the built-in demo company's consent page (no Intuit keys locally): connects it. */
export async function connectDemoCompany(page: Page) {
  await expectPath(page, "/quickbooks/demo-consent");
  await page.getByRole("heading", { name: "Connect the demo company", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Connect demo company", exact: true }).click();
}

/** connectDemoCompany, then waits for the books to be read and opens the analytics on /dashboard. */
export async function connectDemoCompanyAndOpenDashboard(page: Page) {
  await connectDemoCompany(page);
  await page.getByRole("heading", { name: "Your Finance Profile is Complete!", level: 1 }).waitFor({ timeout: 40_000 });
  await page.getByRole("link", { name: "View Your Analytics", exact: true }).click();
  await expectPath(page, "/dashboard");
}
