import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import type { AppContext } from "~/server/load-context";
import { decryptSecret, encryptSecret, TokenDecryptError } from "~/server/platform/token-crypto.server";

/** Only env and memo are used by the module. */
function appWithKey(key?: string): AppContext {
  return { env: parseEnv({ APP_ENV: "local", TOKEN_ENCRYPTION_KEY: key }), memo: new Map() } as unknown as AppContext;
}

const OTHER_KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => (i * 53 + 7) % 256)));

/** Changes the third character (a whole 6-bit group; the last one may hold only padding bits). */
function tamper(text: string): string {
  return text.slice(0, 2) + (text[2] === "A" ? "g" : "A") + text.slice(3);
}

describe("token encryption at rest", () => {
  it("round-trips a token in the v1.<iv>.<ciphertext> format, never containing the plaintext", async () => {
    const app = appWithKey();
    const token = "eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..access-token-value";
    const stored = await encryptSecret(app, token);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain("access-token-value");
    expect(await decryptSecret(app, stored)).toBe(token);
    expect(await decryptSecret(app, await encryptSecret(app, ""))).toBe("");
    expect(await decryptSecret(app, await encryptSecret(app, "naïve ✓ token"))).toBe("naïve ✓ token");
  });

  it("uses a fresh IV for every value", async () => {
    const app = appWithKey();
    const a = await encryptSecret(app, "same token");
    const b = await encryptSecret(app, "same token");
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
  });

  it("cannot be read with another key", async () => {
    const stored = await encryptSecret(appWithKey(), "refresh-token");
    await expect(decryptSecret(appWithKey(OTHER_KEY), stored)).rejects.toThrow(TokenDecryptError);
    expect(await decryptSecret(appWithKey(OTHER_KEY), await encryptSecret(appWithKey(OTHER_KEY), "x"))).toBe("x");
  });

  it("refuses tampered and malformed values", async () => {
    const app = appWithKey();
    const stored = await encryptSecret(app, "refresh-token");
    const [version, iv, data] = stored.split(".");
    for (const bad of [
      `${version}.${iv}.${tamper(data)}`,
      `${version}.${tamper(iv)}.${data}`,
      `v2.${iv}.${data}`,
      `${iv}.${data}`,
      "refresh-token",
      "",
      `v1.${iv}.${data}.extra`,
      "v1.!!!.???",
      "v1.A.B",
      `v1.${iv}.AAAA`,
    ]) {
      await expect(decryptSecret(app, bad), bad).rejects.toThrow(TokenDecryptError);
    }
  });
});
