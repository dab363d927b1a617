import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { events, learningItems, supportMessages } from "~db/schema";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { payLocalCheckout } from "~/server/payments/stripe-fake/keyless.server";
import {
  consultantEngagementPath,
  consultantNewPlanPath,
  managerEngagementPath,
} from "~/lib/engagements/engagement-paths";
import worker from "../../../functions/worker";
import {
  createCandidateRow,
  createConsultant,
  createDeliveredInsight,
  createMatchRequestRow,
  createMatchedMatch,
  createOutlineRows,
  call,
  db,
  html,
  ORIGIN,
  SESSION_COOKIE,
  sessionTokenFrom,
  signedIn,
  signIn,
} from "../helpers";
import { signedInClient, signedInManager } from "../../factories";
import { consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { createSignedOutline } from "../helpers/deliverables";

/** What the pages say when a form arrives unreadable (app/http/http.server.ts). */
const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";

/** Traces of an exception that must never reach a visitor: stack frames, file paths, error types. */
const LEAKS = [
  /\bat \S+ \(/,
  /\bat (?:async )?\S+:\d+:\d+/,
  /\.(?:ts|tsx|js|mjs|cjs):\d+/,
  /\b(?:TypeError|SyntaxError|RangeError|ReferenceError|EvalError)\b/,
  /"stack"\s*:/,
  /__subType/,
  /node_modules/,
  /\/build\/server\//,
];

function expectNoLeak(body: string, label: string) {
  for (const pattern of LEAKS) expect(body, `${label}: ${pattern}`).not.toMatch(pattern);
}

/** Malformed bodies a broken or hostile client may send to a form action; no page of ours posts them. */
const MALFORMED: { name: string; headers: Record<string, string>; body?: string }[] = [
  {
    name: "a JSON body",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "x@example.test", intent: "login" }),
  },
  { name: "an empty body", headers: {} },
  { name: "a text/plain junk body", headers: { "Content-Type": "text/plain" }, body: "\u0000junk\u00ff{]" },
  {
    name: "a multipart body that does not parse",
    headers: { "Content-Type": "multipart/form-data; boundary=----partwise" },
    body: "this is not multipart at all",
  },
  {
    name: "a urlencoded body missing the fields",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "unexpected=1",
  },
];

type Action = {
  /** The page's URL as its form posts it (index routes carry ?index). */
  path: string;
  /** Its single-fetch twin, as Remix 2.17's client posts a <Form> or fetcher submission. */
  data: string;
  who: "anonymous" | "clientWithoutBusiness" | "client" | "manager" | "consultant";
  /** The page shows FORM_UNREADABLE for a body that is not a form (the others show the error page). */
  showsMessage: boolean;
};

/** The single-fetch URL of a page action: `/x` → `/x.data`, the root index → `/_root.data?index`. */
function dataUrl(path: string): string {
  const url = new URL(path, ORIGIN);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname}.data`;
  return `${url.pathname}${url.search}`;
}

const tokens: Record<Action["who"], string | null> = {
  anonymous: null,
  clientWithoutBusiness: null,
  client: null,
  manager: null,
  consultant: null,
};
const actions: Action[] = [];

function page(path: string, who: Action["who"], showsMessage = true) {
  actions.push({ path, data: dataUrl(path), who, showsMessage });
}

beforeAll(async () => {
  const client = await signedInClient();
  tokens.client = client.token;
  tokens.clientWithoutBusiness = (await signedIn()).token;
  tokens.manager = (await signedInManager()).token;
  const businessId = client.business.id;
  const consultant = await createConsultant();
  tokens.consultant = sessionTokenFrom(await signIn(consultant.user.email));
  const match = await createMatchRequestRow(businessId, { status: "candidates_proposed" });
  const candidacy = await createCandidateRow(match.id, businessId, consultant.user.id);
  const toDraft = await createMatchedMatch(businessId, consultant.user.id);
  const drafted = await createMatchedMatch(businessId, consultant.user.id);
  const { outline } = await createOutlineRows(
    { ...drafted, matchedConsultantId: consultant.user.id },
    { outline: { state: "proposed", submittedAt: new Date() } },
  );

  const delivered = await createDeliveredInsight(businessId);
  const messageId = crypto.randomUUID();
  await db().insert(supportMessages).values({
    id: messageId,
    userId: client.user.id,
    businessId,
    subject: "techSupport",
    message: "The chart is empty.",
    status: "open",
    createdAt: new Date(),
  });

  // A built-in test checkout and, once it is paid, a billing portal (no Stripe keys: local mode).
  const app = createAppContext(env as unknown as CloudflareBindings, () => {});
  const provider = paymentProvider(app);
  const customer = await provider.createCustomer(
    { businessId, email: client.user.email, name: client.business.name },
    `customer-${businessId}`,
  );
  const subscription = () =>
    provider.createSubscriptionCheckout(
      {
        customerId: customer.id,
        lookupKey: "STANDARD_PLAN_MONTHLY",
        trialDays: 7,
        successUrl: `${ORIGIN}/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`,
        clientReferenceId: businessId,
        metadata: { businessId, kind: "subscription", purchaseId: `pur-${businessId}` },
      },
      `sub-${businessId}-${crypto.randomUUID()}`,
    );
  const paid = await subscription();
  await payLocalCheckout(app, paid.id, async () => ({ status: 200, msg: "ok" }));
  const open = await subscription();
  const { url: portalUrl } = await provider.createPortalSession({
    customerId: customer.id,
    returnUrl: `${ORIGIN}/company-profile`,
  });

  page("/login", "anonymous");
  page("/?index", "anonymous");
  page("/password-reset", "anonymous");
  page("/Signup/client-personal-details", "anonymous");
  page("/signup-business", "clientWithoutBusiness");
  page("/plan-select", "client", false);
  page("/quickbooks/demo-consent", "client", false);
  page("/contact-us", "client");
  page("/create-insight", "client");
  page("/features?focus=Insights", "client", false);
  page("/benchmarking", "client");
  page(`/insight-discovery?type=REPORT&id=${delivered.requestId}`, "client", false);
  page("/company-profile?tab=personal", "client");
  page(`/test-checkout/${open.id}`, "anonymous");
  page(new URL(portalUrl).pathname, "anonymous", false);
  page(`/manage/insights/${delivered.requestId}`, "manager");
  page(`/manage/insights/${delivered.requestId}/preview`, "manager");
  page(`/manage/support/${messageId}`, "manager");
  page("/create-match", "client");
  page(`/features?focus=Matching&matchId=${match.id}`, "client", false);
  page(`/manage/matches/${match.id}`, "manager");
  page(`/consultant/candidacies/${candidacy.id}`, "consultant");
  page("/consultant/settings", "consultant");
  page("/signup/consultant", "anonymous");
  page("/manage/consultants/invitations", "manager");
  page(`/manage/consultants/${consultant.user.id}`, "manager");
  page(`/manage/consultants/${consultant.user.id}/review`, "manager");
  page("/consultant/profile", "consultant");
  const engagement = await createSignedOutline(businessId, consultant.user.id);
  page(consultantDeliveryPath(engagement.outline.id, engagement.items[0]!.id), "consultant");
  page(consultantNewPlanPath(toDraft.id), "consultant");
  page(consultantEngagementPath(outline.id), "consultant");
  page(managerEngagementPath(outline.id), "manager");
  page("/notifications", "client");
  page("/consultant/notifications", "consultant");
  page("/manage/notifications", "manager");
  page("/manage/settings", "manager");
  page("/unsubscribe?token=x", "anonymous");
  const eventId = crypto.randomUUID();
  await db()
    .insert(events)
    .values({
      id: eventId,
      title: "Malformed bodies webinar",
      kind: "webinar",
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 90_000_000),
      timeZone: "UTC",
      capacity: 5,
      joinUrl: "https://meet.example.test/malformed",
      allowedTiers: ["BASIC", "STANDARD", "PREMIUM"],
    });
  page("/events", "client");
  page("/manage/events?index", "manager");
  page(`/manage/events/${eventId}`, "manager");
  const learningId = crypto.randomUUID();
  await db()
    .insert(learningItems)
    .values({
      id: learningId,
      kind: "article",
      title: "Malformed bodies article",
      area: "finance",
      bodyMarkdown: "Hello.",
      allowedTiers: ["BASIC", "STANDARD", "PREMIUM"],
      publishedAt: new Date(),
    });
  page("/learning", "client");
  page(`/learning/${learningId}`, "client");
  page("/manage/learning?index", "manager");
  page(`/manage/learning/${learningId}`, "manager");
  page("/features?focus=Documents", "client", false);
  // Payouts (issue #18): the consultant's Payouts page and the local test onboarding of their account.
  page("/consultant/payouts", "consultant");
  const payoutsConsultant = await createConsultant();
  const onboardingAccount = await provider.createConnectAccount(
    { consultantUserId: payoutsConsultant.user.id, email: payoutsConsultant.user.email },
    `connect-account-${payoutsConsultant.user.id}`,
  );
  await provider.createAccountLink({
    accountId: onboardingAccount.id,
    refreshUrl: `${ORIGIN}/consultant/payouts/refresh`,
    returnUrl: `${ORIGIN}/consultant/payouts/return`,
  });
  page(`/test-onboarding/${onboardingAccount.id}`, "anonymous");
  // pay Q2: the managers' money desk (its transfers' Retry action, docs/decisions/080).
  page("/manage/money", "manager");
});

describe("malformed bodies sent to every page action", () => {
  it("answer 400 or 415 with the form's error, never a 500 or a stack, in both the page and the .data form", async () => {
    expect(actions.length).toBe(48);
    for (const action of actions) {
      for (const variant of [action.path, action.data]) {
        for (const malformed of MALFORMED) {
          const label = `${variant} with ${malformed.name}`;
          const response = await call(variant, {
            method: "POST",
            headers: malformed.headers,
            body: malformed.body,
            cookie: tokens[action.who],
          });
          const text = await response.text();
          expect([400, 415], `${label} answered ${response.status}: ${text.slice(0, 300)}`).toContain(response.status);
          expectNoLeak(text, label);
          const notAForm = malformed.name !== "a urlencoded body missing the fields";
          if (action.showsMessage && notAForm && variant === action.path) {
            expect(text, label).toContain(html(FORM_UNREADABLE));
          }
        }
      }
    }
    // 48 actions × 2 URLs × 5 bodies, one after another: more than the default 20 s on a busy machine.
  }, 180_000);

  it("a form over the size limit answers 413, declared or not", async () => {
    const big = `email=${"a".repeat(1024 * 1024)}`;
    const declared = await call("/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("The request is too large.");
  });
});

/** A database binding that fails every call, with a message that names a file like a stack would. */
const brokenDb = new Proxy(
  {},
  {
    get() {
      return () => {
        throw new TypeError("D1 exploded at /app/server/session.server.ts:42:7");
      };
    },
  },
);

async function withBrokenDatabase(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", `${SESSION_COOKIE}=${"A".repeat(43)}`);
  if (init.method && init.method !== "GET") {
    headers.set("Origin", ORIGIN);
    headers.set("Host", new URL(ORIGIN).host);
  }
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, APP_ENV: "local", DB: brokenDb as unknown as D1Database } as typeof env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("a route that throws", () => {
  it("shows no stack, file path, error type or message in the page, its .data or an action's answer (APP_ENV=local)", async () => {
    const form = {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "subject=techSupport&message=Hello",
    };
    const cases: [string, RequestInit][] = [
      ["/dashboard", {}],
      ["/dashboard.data", {}],
      ["/contact-us", form],
      ["/contact-us.data", form],
      ["/api/client/auth", {}],
    ];
    for (const [path, init] of cases) {
      const response = await withBrokenDatabase(path, init);
      const text = await response.text();
      expect(response.status, `${path}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(500);
      expectNoLeak(text, path);
      expect(text, path).not.toContain("D1 exploded");
    }
  });
});
