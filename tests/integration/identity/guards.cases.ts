import { beforeAll, describe, expect, it } from "vitest";
import { PLANS_CLIENTS_ONLY_MESSAGE } from "~/lib/payments/payment-copy";
import type { ApiOperation } from "~/server/platform/api-contract.server";
import { API_OPERATIONS } from "~/routes/api.openapi[.]json";
import { call, signedIn } from "../helpers";

/**
 * Staff accounts (managers and consultants) act through their own consoles: every endpoint of the
 * JSON API that needs the session and is not one of the few any account may use answers them 403
 * `{ msg }`, before any body is read or any record is looked up. The list comes from the contracts
 * the API routes export (gathered in app/routes/api.openapi[.]json.ts), so a new client endpoint is
 * covered as it is added.
 */

/** Session endpoints open to every role, each with the reason. */
const OPEN_TO_STAFF: Record<string, string> = {
  getSession: "every account reads its own session",
  getFile: "a manager downloads the files assigned to them, a consultant those of their candidacies",
  startQuickBooksConnect: "a browser navigation: staff are sent to their own home",
  // Conversations (docs/decisions/075): each side reads and writes the threads it takes part in.
  listThreads: "each side lists the conversations it takes part in",
  listThreadMessages: "the consultant and the engagement manager read their threads",
  postThreadMessage: "the consultant and the engagement manager write in their threads",
  markThreadRead: "every participant marks a thread read",
  getMessageAttachment: "every participant downloads the files of their threads' messages (docs/decisions/076)",
  // Calls in threads (docs/decisions/074): each side proposes and answers in its threads.
  listThreadMeetings: "each side reads the calls of its threads",
  proposeThreadMeeting: "the consultant and the engagement manager propose calls in their threads",
  answerThreadMeeting: "the consultant and the engagement manager book, decline and cancel calls",
};

/** Endpoints open to every role that still answer 403 for another reason, each with it. */
const FORBIDDEN_FOR_ANOTHER_REASON: Record<string, string> = {
  postThreadMessage: "a business member whose role only reads (a viewer)",
  proposeThreadMeeting: "a business member whose role only reads (a viewer)",
  answerThreadMeeting: "a business member whose role only reads (a viewer)",
};

const sessionOperations = API_OPERATIONS.filter((operation) => operation.access === "session");
const clientOnly = sessionOperations.filter((operation) => !(operation.operationId in OPEN_TO_STAFF));
const label = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.path}`;
const sample = (path: string) => path.replace(/\{[^}]+\}/g, "no-such-record");

function send(operation: ApiOperation, cookie: string) {
  return call(sample(operation.path), {
    method: operation.method.toUpperCase(),
    cookie,
    ...(operation.body?.reader === "json" ? { json: {} } : {}),
  });
}

describe("client-only API endpoints and staff accounts", () => {
  const cookies: Record<"manager" | "consultant", string> = { manager: "", consultant: "" };
  beforeAll(async () => {
    cookies.manager = (await signedIn({ role: "manager" })).token;
    cookies.consultant = (await signedIn({ role: "consultant" })).token;
  });

  it("covers every session endpoint but the ones open to every role", () => {
    for (const id of Object.keys(OPEN_TO_STAFF)) expect(sessionOperations.map((o) => o.operationId)).toContain(id);
    expect(clientOnly.length).toBeGreaterThan(25);
  });

  it("describes 403 exactly for the client-only endpoints", () => {
    for (const operation of sessionOperations) {
      expect(operation.errors.includes(403), label(operation)).toBe(
        !(operation.operationId in OPEN_TO_STAFF) || operation.operationId in FORBIDDEN_FOR_ANOTHER_REASON,
      );
    }
  });

  it.each(["manager", "consultant"] as const)("answers a %s 403 {msg} on every client-only endpoint", async (role) => {
    for (const operation of clientOnly) {
      const response = await send(operation, cookies[role]);
      expect(response.status, label(operation)).toBe(403);
      expect(response.headers.get("Content-Type"), label(operation)).toBe("application/json; charset=utf-8");
      const body = (await response.json()) as { msg?: unknown };
      expect(typeof body.msg, label(operation)).toBe("string");
      expect(body.msg, label(operation)).toMatch(/^Only business accounts /);
    }
  });

  it("refuses staff the plan checkout and the billing portal with 403, not 404", async () => {
    for (const path of ["/api/payments/create-checkout-session", "/api/payments/create-portal-session"]) {
      const response = await call(path, {
        method: "POST",
        cookie: cookies.manager,
        json: { lookup_key: "PREMIUM_PLAN_YEARLY" },
      });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ msg: PLANS_CLIENTS_ONLY_MESSAGE });
    }
  });

  it("still lets a client without a business learn that the business is missing (404)", async () => {
    const { token } = await signedIn();
    const response = await call("/api/payments/create-portal-session", { method: "POST", cookie: token });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: "Business not found." });
  });
});
