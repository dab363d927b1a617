import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insightRequests, purchases } from "~db/schema";
import { clientInsightStatus, insightStatusText } from "~/lib/insights/insight-status";
import { InsightRequestFormSchema } from "~/lib/insights/insight-schemas";
import { createInsightRequest, getInsightAllowance } from "~/server/insights/insight-requests.server";
import {
  appAt,
  create,
  GET_REQUEST,
  PAYMENT_MESSAGE,
  payload,
  requestsOf,
  setPlan,
  STATUS_AWAITING,
  STATUS_COVERED,
  STATUS_PAID,
  SUBMITTED_MESSAGE,
  viewerOf,
  call,
  db,
  ORIGIN,
  postForm,
  signedIn,
  auditOf,
} from "../helpers";
import { signedInClient, signedInManager } from "../../factories";

type View = {
  _id: string;
  businessId: string;
  createdAt: string;
  paymentComplete: boolean;
  coveredByPlan: boolean;
  status: string;
  value: string;
  insightReport: string | null;
  requestInfo: Record<string, string>;
  files: { fileName: string; originalName: string; size: number }[];
};
type Created = { msg: string; insightRequest: View };

async function created(response: Response, status = 201): Promise<View> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as Created;
  return body.insightRequest;
}

describe("POST /api/insight/insightRequest/create — payment or plan allowance", () => {
  it("BASIC: stored awaiting payment with the catalogue text, and answered in the spec's shape", async () => {
    const { user, business, token } = await signedInClient();
    const before = Date.now();
    const response = await create(token, payload(business.id));
    expect(response.status).toBe(201);
    const body = (await response.json()) as Created;
    expect(body.msg).toBe(PAYMENT_MESSAGE);
    const view = body.insightRequest;
    expect(view).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      businessId: business.id,
      createdAt: expect.any(String),
      paymentComplete: false,
      coveredByPlan: false,
      status: "awaiting_payment",
      value: STATUS_AWAITING,
      insightReport: null,
      requestInfo: {
        category: "operations",
        businessNature: "We distribute marine hardware to boatyards across New England.",
        managementStructure: "Owner, two department leads, a part-time controller.",
        resolutionOutcome: "No stockouts on the top 50 items.",
        issueDetails: "Stockouts of fast-moving items every month. Customers wait two weeks.",
        issueCause: "Reorders are placed by feel, not by usage.",
        resolutionHelp: "A short project to set up a reorder routine.",
        annualSales: "5-10 million",
        numEmployees: "25-50",
      },
      files: [],
    });
    expect(Date.parse(view.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(clientInsightStatus(view.value)).toBe("Complete payment to submit your insight request.");

    const [row] = await requestsOf(business.id);
    expect(row).toMatchObject({
      id: view._id,
      createdByUserId: user.id,
      status: "awaiting_payment",
      paymentComplete: false,
      coveredByPlan: false,
      submittedAt: null,
    });

    const read = await call(`${GET_REQUEST}/${view._id}`, { cookie: token });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(view);
  });

  it("STARTER: the month's first request is covered and submitted at once; the second asks for payment", async () => {
    const { business, token } = await signedInClient();
    await setPlan(business.id, "STANDARD");

    const first = await create(token, payload(business.id));
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as Created;
    expect(firstBody.msg).toBe(SUBMITTED_MESSAGE);
    expect(firstBody.insightRequest).toMatchObject({
      status: "submitted",
      paymentComplete: true,
      coveredByPlan: true,
      value: STATUS_COVERED,
    });
    expect(clientInsightStatus(firstBody.insightRequest.value)).toBe("Your insight request has been submitted!");

    const second = await create(token, payload(business.id, { category: "finance" }));
    expect(second.status).toBe(201);
    const secondBody = (await second.json()) as Created;
    expect(secondBody.msg).toBe(PAYMENT_MESSAGE);
    expect(secondBody.insightRequest).toMatchObject({
      status: "awaiting_payment",
      paymentComplete: false,
      coveredByPlan: false,
      value: STATUS_AWAITING,
    });

    const rows = await requestsOf(business.id);
    const covered = rows.find((row) => row.id === firstBody.insightRequest._id)!;
    expect(covered.submittedAt).toBeInstanceOf(Date);
    expect(insightStatusText(covered.status, covered.coveredByPlan)).toBe(STATUS_COVERED);
    expect(rows.filter((row) => row.coveredByPlan)).toHaveLength(1);
  });

  it("SCALE: two covered requests a month, then payment; a subscription in trouble includes none", async () => {
    const { business, token } = await signedInClient();
    await setPlan(business.id, "PREMIUM");
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await created(await create(token, payload(business.id)))).status);
    expect(statuses).toEqual(["submitted", "submitted", "awaiting_payment"]);

    for (const subscriptionStatus of ["past_due", "unpaid", "canceled"]) {
      const other = await signedInClient();
      await setPlan(other.business.id, "PREMIUM", subscriptionStatus);
      const view = await created(await create(other.token, payload(other.business.id)));
      expect(view).toMatchObject({ status: "awaiting_payment", coveredByPlan: false });
    }
  });

  it("a new UTC month resets the allowance", async () => {
    const { user, business } = await signedInClient();
    await setPlan(business.id, "STANDARD");
    const viewer = await viewerOf(user.id, business.id);
    const input = InsightRequestFormSchema.parse(payload(business.id));

    const october = await createInsightRequest(appAt(new Date("2026-10-31T23:59:59.999Z")), viewer, input);
    expect(october).toMatchObject({ ok: true, created: true, request: { status: "submitted", coveredByPlan: true } });
    const alsoOctober = await createInsightRequest(appAt(new Date("2026-10-15T12:00:00Z")), viewer, input);
    expect(alsoOctober).toMatchObject({ ok: true, request: { status: "awaiting_payment", coveredByPlan: false } });
    const november = await createInsightRequest(appAt(new Date("2026-11-01T00:00:00.000Z")), viewer, input);
    expect(november).toMatchObject({ ok: true, request: { status: "submitted", coveredByPlan: true } });

    const app = appAt();
    expect(await getInsightAllowance(app, viewer.business, new Date("2026-10-20T00:00:00Z"))).toEqual({
      included: 1,
      used: 1,
      remaining: 0,
    });
    expect(await getInsightAllowance(app, viewer.business, new Date("2026-12-01T00:00:00Z"))).toEqual({
      included: 1,
      used: 0,
      remaining: 1,
    });
  });

  it("concurrent requests can't both be covered", async () => {
    const starter = await signedInClient();
    await setPlan(starter.business.id, "STANDARD");
    const pair = await Promise.all([0, 1].map(() => create(starter.token, payload(starter.business.id))));
    const views = await Promise.all(pair.map((response) => created(response)));
    expect(views.map((view) => view.status).sort()).toEqual(["awaiting_payment", "submitted"]);

    const scale = await signedInClient();
    await setPlan(scale.business.id, "PREMIUM");
    const viewer = await viewerOf(scale.user.id, scale.business.id);
    const input = () => InsightRequestFormSchema.parse(payload(scale.business.id));
    const app = appAt();
    const results = await Promise.all([0, 1, 2, 3].map(() => createInsightRequest(app, viewer, input())));
    expect(results.every((result) => result.ok && result.created)).toBe(true);
    const rows = await requestsOf(scale.business.id);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.coveredByPlan)).toHaveLength(2);
    expect(rows.filter((row) => row.status === "awaiting_payment")).toHaveLength(2);
    // Each of the four recorded once, whichever of the two inserts made it.
    const recorded = await auditOf(scale.business.id);
    expect(recorded.map((event) => event.subjectId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(new Set(recorded.map((event) => event.action))).toEqual(new Set(["insight.requested"]));
  });
});

describe("POST /api/insight/insightRequest/create — idempotency key", () => {
  it("the same requestId creates one request; a repeat answers it with 200", async () => {
    const { business, token } = await signedInClient();
    const requestId = crypto.randomUUID();
    const first = await created(await create(token, payload(business.id, { requestId })));
    expect(first._id).toBe(requestId);
    const again = await create(token, payload(business.id, { requestId, category: "finance" }));
    expect(again.status).toBe(200);
    const body = (await again.json()) as Created;
    expect(body.msg).toBe(PAYMENT_MESSAGE);
    expect(body.insightRequest).toEqual(first);
    expect(await requestsOf(business.id)).toHaveLength(1);

    // A double submit racing itself still makes one request.
    const raceId = crypto.randomUUID();
    const raced = await Promise.all([0, 1].map(() => create(token, payload(business.id, { requestId: raceId }))));
    expect(raced.map((response) => response.status).sort()).toEqual([200, 201]);
    expect((await requestsOf(business.id)).filter((row) => row.id === raceId)).toHaveLength(1);
    expect((await auditOf(business.id)).map(({ action, subjectId }) => [action, subjectId])).toEqual([
      ["insight.requested", requestId],
      ["insight.requested", raceId],
    ]);
  });

  it("another business's requestId → 409 and nothing written", async () => {
    const owner = await signedInClient();
    const requestId = crypto.randomUUID();
    const original = await created(await create(owner.token, payload(owner.business.id, { requestId })));

    const { business, token } = await signedInClient();
    const response = await create(token, payload(business.id, { requestId, issueDetails: "Overwrite attempt." }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ msg: "This request could not be created. Start a new insight request." });
    expect(await requestsOf(business.id)).toHaveLength(0);
    const [row] = await db().select().from(insightRequests).where(eq(insightRequests.id, requestId));
    expect(row.businessId).toBe(owner.business.id);
    expect(row.issueDetails).toBe(original.requestInfo.issueDetails);
  });
});

describe("POST /api/insight/insightRequest/create — bad input", () => {
  it("answers 400 with the texts and writes nothing", async () => {
    const { business, token } = await signedInClient();
    const id = business.id;
    const cases: [unknown, string][] = [
      [payload(id, { category: "86" }), "Select a business area"],
      [payload(id, { category: undefined }), "Select a business area"],
      [payload(id, { category: "astrology" }), "Select a business area"],
      [payload(id, { businessNature: "   " }), "Describe the nature of your business."],
      [payload(id, { issueDetails: undefined }), "Describe the issue you want solved."],
      [payload(id, { resolutionOutcome: "" }), "Describe the outcome you want."],
      [payload(id, { issueCause: "x".repeat(4001) }), "Keep this to 4,000 characters or fewer."],
      [payload(id, { annualSales: "x".repeat(101) }), "Keep this to 100 characters or fewer."],
      [payload(id, { files: Array.from({ length: 11 }, (_, i) => `${i}.pdf`) }), "Attach at most 10 files."],
      [payload(id, { businessId: undefined }), "businessId is required."],
      [payload(id, { businessNature: 42 }), "Describe the nature of your business."],
    ];
    for (const [body, msg] of cases) {
      const response = await create(token, body);
      expect(response.status, msg).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(msg);
    }

    const badId = await create(token, payload(id, { requestId: "not-a-uuid" }));
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { errors: Record<string, string> }).errors).toHaveProperty("requestId");

    const malformed = await call("/api/insight/insightRequest/create", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
      cookie: token,
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });

    const get = await call("/api/insight/insightRequest/create", { cookie: token });
    expect(get.status).toBe(405);

    expect(await requestsOf(id)).toHaveLength(0);
  });

  it("accepts an urlencoded (no-JS) post", async () => {
    const { business, token } = await signedInClient();
    const fields = Object.fromEntries(
      Object.entries(payload(business.id, { files: undefined })).filter(([, value]) => typeof value === "string"),
    ) as Record<string, string>;
    const response = await call("/api/insight/insightRequest/create", {
      method: "POST",
      body: new URLSearchParams(fields),
      cookie: token,
    });
    const view = await created(response);
    expect(view.requestInfo.category).toBe("operations");
  });

  it("another business's id → 404 'Business not found.', nothing written; no session → 401; staff → 403", async () => {
    const other = await signedInClient();
    const { business, token } = await signedInClient();
    const foreign = await create(token, payload(other.business.id));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ msg: "Business not found." });
    expect(await requestsOf(other.business.id)).toHaveLength(0);
    expect(await requestsOf(business.id)).toHaveLength(0);

    const anonymous = await create(null, payload(business.id));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ msg: "You are not signed in." });

    const noBusiness = await signedIn();
    const withoutBusiness = await create(noBusiness.token, payload(business.id));
    expect(withoutBusiness.status).toBe(404);
    expect(await withoutBusiness.json()).toEqual({ msg: "Business not found." });

    for (const role of ["manager", "consultant"] as const) {
      const staff = await signedIn({ role });
      const response = await create(staff.token, payload(business.id));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ msg: "Only business accounts can request insights." });
    }
    expect(await requestsOf(business.id)).toHaveLength(0);
  });
});

describe("GET /api/insight/insightRequest/get-insight-request/{id}", () => {
  it("answers the caller's request only: foreign or unknown → 404, no session → 401, staff → 403", async () => {
    const owner = await signedInClient();
    const view = await created(await create(owner.token, payload(owner.business.id)));

    const mine = await call(`${GET_REQUEST}/${view._id}`, { cookie: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("no-store");

    const stranger = await signedInClient();
    for (const id of [view._id, crypto.randomUUID(), "x"]) {
      const response = await call(`${GET_REQUEST}/${id}`, { cookie: stranger.token });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ msg: "Insight not found." });
    }
    const anonymous = await call(`${GET_REQUEST}/${view._id}`);
    expect(anonymous.status).toBe(401);
    const manager = await signedInManager();
    const staff = await call(`${GET_REQUEST}/${view._id}`, { cookie: manager.token });
    expect(staff.status).toBe(403);
  });
});

describe("payment of an insight request (test checkout → fulfilment)", () => {
  it("moves awaiting_payment to submitted with the paid text, once", async () => {
    const { business, token } = await signedInClient();
    const view = await created(await create(token, payload(business.id)));
    expect(view.status).toBe("awaiting_payment");

    const checkout = await call("/api/payments/create-insight-checkout", {
      json: { businessId: business.id, insightId: view._id },
      cookie: token,
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${ORIGIN}/test-checkout/`));
    const sessionId = url.split("/").pop()!;

    const pay = await postForm(`/test-checkout/${sessionId}`, {
      intent: "pay",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
    });
    expect(pay.status).toBe(303);

    const [paid] = await db().select().from(insightRequests).where(eq(insightRequests.id, view._id));
    expect(paid).toMatchObject({
      status: "submitted",
      paymentComplete: true,
      coveredByPlan: false,
    });
    expect(paid.submittedAt).toBeInstanceOf(Date);

    const read = (await (await call(`${GET_REQUEST}/${view._id}`, { cookie: token })).json()) as View;
    expect(read).toMatchObject({ status: "submitted", paymentComplete: true, value: STATUS_PAID });
    expect(clientInsightStatus(read.value)).toBe("Your insight request has been submitted!");

    // The success page fulfils nothing more.
    const success = await call(`/insight-payment-success?session_id=${sessionId}&insightId=${view._id}`, {
      cookie: token,
    });
    expect(success.status).toBe(200);
    expect(await success.text()).toContain("Preparing your Insight request.");
    const [after] = await db().select().from(insightRequests).where(eq(insightRequests.id, view._id));
    expect(after.submittedAt?.getTime()).toBe(paid.submittedAt?.getTime());
    expect(after.updatedAt.getTime()).toBe(paid.updatedAt.getTime());
    const bought = await db().select().from(purchases).where(eq(purchases.referenceId, view._id));
    expect(bought.map((purchase) => purchase.status)).toEqual(["paid"]);

    // A covered request can't be paid for.
    await setPlan(business.id, "STANDARD");
    const covered = await created(await create(token, payload(business.id)));
    const refused = await call("/api/payments/create-insight-checkout", {
      json: { businessId: business.id, insightId: covered._id },
      cookie: token,
    });
    expect(refused.status).toBe(409);
  });
});

describe("storage failure", () => {
  it("answers 500 with the spec's text and no stack", async () => {
    const { action } = await import("~/routes/api.insight.insightRequest.create");
    const { business, token } = await signedInClient();
    const app = appAt();
    const realDb = app.db;
    // The session read works; every batch (the request's reads and writes) fails like D1 down.
    app.db = new Proxy(realDb, {
      get: (target, key, receiver) =>
        key === "batch"
          ? () => Promise.reject(new Error("D1_ERROR: storage unavailable"))
          : Reflect.get(target, key, receiver),
    });
    const request = new Request(`${ORIGIN}/api/insight/insightRequest/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: `__Host-partwise_session=${token}` },
      body: JSON.stringify(payload(business.id)),
    });
    const response = (await action({ request, context: { app } as never, params: {} })) as Response;
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ msg: "Unable to process your request at this time" });
    expect(await requestsOf(business.id)).toHaveLength(0);
  });
});
