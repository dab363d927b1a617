import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, type NewDeliveryItem, type NewDeliveryOutline } from "~db/schema";
import { retainerMonthRow } from "~/server/engagements/retainers.server";
import worker from "../../../functions/worker";
import { createOutlineRows } from "./engagements";
import { createCandidateRow, createMatchRequestRow } from "./matching";
import { createPurchaseRow } from "./purchases";
import { db, ORIGIN, SESSION_COOKIE } from "./session";
import { signedEvent, stripeEnv } from "./stripe";

/** H4's helpers for the deliverables' tests: running engagements, paid items, the Stripe stub's Worker. */

type ItemOverrides = Partial<Omit<NewDeliveryItem, "outlineId" | "businessId">>;

/**
 * A signed, running engagement: a match where the business accepted `consultantId`
 * (engagement_active), its outline approved by the manager and signed for version 1 (state
 * active, started a month ago), with its items (three unpaid by default; `items` overrides them).
 */
export async function createSignedOutline(
  businessId: string,
  consultantId: string,
  options: { outline?: Partial<NewDeliveryOutline>; items?: ItemOverrides[] } = {},
) {
  const match = await createMatchRequestRow(businessId, {
    status: "engagement_active",
    matchedConsultantId: consultantId,
  });
  const rows = await createOutlineRows(match, {
    outline: {
      state: "active",
      egmReviewStatus: "approved",
      businessReviewStatus: "approved",
      version: 1,
      signedVersion: 1,
      submittedAt: new Date(Date.now() - 40 * 86_400_000),
      startedAt: new Date(Date.now() - 30 * 86_400_000),
      businessSignature: "Dana Reyes",
      businessSignatureDate: "2026-10-20",
      ...options.outline,
    },
    items: options.items,
  });
  return { match, ...rows };
}

/** A paid purchase of an item (for outlines that start mid-flow); its id goes in paidPurchaseId. */
export async function createPaidPurchase(businessId: string, itemId: string, amountCents = 150_000) {
  const row = await createPurchaseRow(businessId, { referenceId: itemId, amountCents, paidAt: new Date() });
  return row.id;
}

/**
 * A signed fractional retainer ($4,000.00 a month for 20 h, one month's notice, docs/decisions/082)
 * starting on `start`, its first month open, paid and in progress.
 */
export async function createRunningRetainer(businessId: string, consultantId: string, start: string) {
  const { outline: created } = await createSignedOutline(businessId, consultantId, {
    outline: {
      kind: "retainer",
      title: "Fractional CFO",
      monthlyFeeCents: 400_000,
      monthlyBudgetMinutes: 1200,
      retainerStartDate: start,
      noticeMonths: 1,
    },
    items: [],
  });
  const [outline] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, created.id));
  const row = retainerMonthRow(outline!, 0, new Date())!;
  const paidPurchaseId = await createPaidPurchase(businessId, row.id!, 400_000);
  const [month] = await db()
    .insert(deliveryItems)
    .values({ ...row, status: "active", paidPurchaseId })
    .returning();
  return { outline: outline!, month: month! };
}

/**
 * A signed coaching plan ($1,200.00 a month for 2 sessions of 60 minutes, the 24-hour rule, no
 * notice, docs/decisions/085) starting on `start`, its first month paid and in progress, and the
 * engagement's conversation (the consultant's accepted candidacy) where sessions are booked.
 */
export async function createRunningCoaching(businessId: string, consultantId: string, start: string) {
  const { outline: created, match } = await createSignedOutline(businessId, consultantId, {
    outline: {
      kind: "coaching",
      title: "Leadership coaching",
      monthlyFeeCents: 120_000,
      monthlySessions: 2,
      sessionMinutes: 60,
      cancelNoticeHours: 24,
      retainerStartDate: start,
      noticeMonths: 0,
    },
    items: [],
  });
  const thread = await createCandidateRow(match.id, businessId, consultantId, {
    status: "accepted",
    businessDecisionStatus: "accepted",
  });
  const [outline] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, created.id));
  const row = retainerMonthRow(outline!, 0, new Date())!;
  const paidPurchaseId = await createPaidPurchase(businessId, row.id!, 120_000);
  const [month] = await db()
    .insert(deliveryItems)
    .values({ ...row, status: "active", paidPurchaseId })
    .returning();
  return { outline: outline!, month: month!, threadId: thread.id };
}

/**
 * A request through the real Worker entry with the env pointed at the Stripe stub (checkouts,
 * webhooks), as a same-origin browser sends it. `form` may be a FormData (multipart).
 */
export async function sendWithStripe(
  path: string,
  options: {
    token?: string | null;
    method?: string;
    json?: unknown;
    form?: Record<string, string> | FormData;
    headers?: Record<string, string>;
    body?: string;
  } = {},
) {
  const headers = new Headers({ Host: new URL(ORIGIN).host, ...options.headers });
  if (options.token) headers.set("Cookie", `${SESSION_COOKIE}=${options.token}`);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form instanceof FormData) {
    body = options.form;
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const method = options.method ?? (body !== undefined ? "POST" : "GET");
  if (method !== "GET" && !headers.has("Stripe-Signature")) headers.set("Origin", ORIGIN);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], stripeEnv(env) as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A signed Stripe webhook delivery of `event` through the Worker. */
export async function deliverStripeEvent(event: Record<string, unknown>) {
  const { body, header } = await signedEvent(event);
  return sendWithStripe("/api/payments/webhook", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": header },
  });
}
