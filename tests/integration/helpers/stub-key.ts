let key: string | undefined;

/**
 * This test file's own Stripe and Intuit stubs: the stub servers (tests/support/stub-tenants.ts)
 * keep separate state under /t/<key>/, and every module is evaluated afresh for each test file, so
 * two files running at once never share a told failure, an object or a request log (ADR 055).
 */
export function stubKey(): string {
  key ??= crypto.randomUUID();
  return key;
}
