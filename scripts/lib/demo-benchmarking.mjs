// The demo's benchmarking, reached the way people reach it: over HTTP, as the demo business,
// through the same API routes and pages the screens use. Run after the engagements' flows
// (demo-engagements.mjs), which connect the demo company's books: the report is built from them.
// A second run changes nothing (it stops when the year is already bought).
//
// What a new user finds afterwards: demo@partwise.test (BASIC) has bought this year's
// benchmarking through the local test checkout ($299), the success page ran the update and then
// the creation, and the `benchmarking` queue job built Harbor & Pine Outfitters' report (its peer
// group, measures, readings and benchmark_gap value insights), shown at /benchmarking.

import { CLIENT, Session } from "./demo-session.mjs";

/** A test card the local checkout accepts. */
const TEST_CARD = "4242 4242 4242 4242";
/** How long the queue jobs (finance report, then benchmarking) may take locally. */
const WAIT_MS = 60_000;

async function waitFor(what, check) {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`demo benchmarking: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Buys the year through the test checkout and opens the success page, as the browser does. */
async function buyYear(client, businessId) {
  const { url } = await client.json("PUT", "/api/payments/update-business-benchmarking", { businessId });
  if (!url) throw new Error("demo benchmarking: the checkout answered no url");
  const path = new URL(url, client.baseURL).pathname;
  const paid = await client.form(path, { intent: "pay", cardNumber: TEST_CARD, expiry: "12 / 34", cvc: "123" });
  const next = paid.headers.get("Location");
  if (paid.status !== 303 || !next) throw new Error(`demo benchmarking: the test checkout answered ${paid.status}`);
  const success = new URL(next, client.baseURL);
  if (success.pathname !== "/benchmarking-payment-success")
    throw new Error(`demo benchmarking: the checkout returned to ${success.pathname}`);
  // The success page runs the update (fulfilment) and then the creation (the queue job).
  await client.page(`${success.pathname}${success.search}`);
}

export async function playBenchmarkingFlows(baseURL, { log = console.log } = {}) {
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  const { business } = await client.json("GET", "/api/client/auth");
  const year = new Date().getUTCFullYear();
  if ((business?.benchmarking?.yearsPurchased ?? []).includes(year)) {
    log("demo flows: the demo business already has its benchmarking");
    return { played: false };
  }
  const began = Date.now();
  // Her books first (connected by the engagements' flows): the report compares them.
  await waitFor("the finance report", async () => {
    const status = await client.json("GET", "/api/quickbooks/finance-report-status");
    if (status?.job?.status === "failed") throw new Error("demo benchmarking: the finance report failed");
    return status?.report ? status : null;
  });
  await buyYear(client, business._id);
  const report = await waitFor("the benchmarking report", async () => {
    const { business: now } = await client.json("GET", "/api/client/auth");
    const summary = now?.naicsReport;
    if (summary?.status === "failed") throw new Error("demo benchmarking: the benchmarking job failed");
    return summary?.status === "ready" ? summary : null;
  });
  log(
    `demo flows: demo@partwise.test bought ${year} benchmarking; report built against ${report.peerGroup} ` +
      `(${((Date.now() - began) / 1000).toFixed(1)} s)`,
  );
  return { played: true };
}
