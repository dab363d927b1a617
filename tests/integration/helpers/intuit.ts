import { env } from "cloudflare:test";
import { inject } from "vitest";
import { stubKey } from "./stub-key";

/** The Intuit stub's base URL (tests/support/intuit-stub.ts, started by global-setup.ts). */
export function intuitStubUrl(): string {
  return `${inject("intuitStubUrl")}/t/${stubKey()}`;
}

/** The client credentials the stub accepts (HTTP Basic on its token and revoke endpoints). */
export const STUB_CLIENT_ID = "test-client-id";
export const STUB_CLIENT_SECRET = "test-client-secret";

export type TestEnv = typeof env;

/**
 * The Worker's env pointed at the stub with client credentials set (i.e. real, non-demo mode):
 * pass it to `worker.fetch(request, intuitEnv(env), ctx)` / `worker.queue(batch, intuitEnv(env), ctx)`.
 */
export function intuitEnv<E extends object = TestEnv>(base: E = env as unknown as E, url: string = intuitStubUrl()) {
  return {
    ...base,
    INTUIT_CLIENT_ID: STUB_CLIENT_ID,
    INTUIT_CLIENT_SECRET: STUB_CLIENT_SECRET,
    INTUIT_AUTH_URL: `${url}/connect/oauth2`,
    INTUIT_TOKEN_URL: `${url}/oauth2/v1/tokens/bearer`,
    INTUIT_REVOKE_URL: `${url}/v2/oauth2/tokens/revoke`,
    QUICKBOOKS_API_BASE: url,
  };
}

/** Everything the stub received since the last reset (method, path, query, authorization, body). */
export async function stubRequests(): Promise<
  { method: string; path: string; query: Record<string, string>; authorization: string | null; body: string }[]
> {
  const response = await fetch(`${intuitStubUrl()}/__requests`);
  if (!response.ok) throw new Error(`intuit stub: /__requests answered ${response.status}`);
  return response.json();
}

/** Clears the stub's request log and its per-realm / refresh counters. */
export async function resetStub(): Promise<void> {
  const response = await fetch(`${intuitStubUrl()}/__reset`, { method: "POST" });
  if (!response.ok) throw new Error(`intuit stub: /__reset answered ${response.status}`);
  await response.body?.cancel();
}
