import { describe, expect, it } from "vitest";
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from "~/server/identity/password.server";

const PEPPER = "unit-test-pepper-that-is-long-enough-0123";

describe("password hashing", () => {
  it("stays within the 100,000 PBKDF2 iterations hosted Workers allow", () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("stores a self-describing hash that verifies the right password only", async () => {
    const stored = await hashPassword("Partwise-demo-1", PEPPER);
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("Partwise-demo-1", stored, PEPPER)).toEqual({ valid: true, needsRehash: false });
    expect((await verifyPassword("Partwise-demo-2", stored, PEPPER)).valid).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same", PEPPER), hashPassword("same", PEPPER)]);
    expect(a).not.toBe(b);
  });

  it("depends on the pepper", async () => {
    const stored = await hashPassword("Partwise-demo-1", PEPPER);
    expect((await verifyPassword("Partwise-demo-1", stored, `${PEPPER}x`)).valid).toBe(false);
  });

  it("asks for a rehash when the stored hash used fewer iterations", async () => {
    const stored = await hashPassword("Partwise-demo-1", PEPPER);
    const [scheme, , salt] = stored.split("$");
    // Re-derive with 1,000 iterations by verifying against a forged lower-iteration hash.
    const weaker = await (async () => {
      const enc = new TextEncoder();
      const key = await crypto.subtle.importKey("raw", enc.encode(PEPPER), { name: "HMAC", hash: "SHA-256" }, false, [
        "sign",
      ]);
      const peppered = await crypto.subtle.sign("HMAC", key, enc.encode("Partwise-demo-1"));
      const material = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
      const saltBytes = Uint8Array.from(atob(salt.replace(/-/g, "+").replace(/_/g, "/") + "=="), (c) =>
        c.charCodeAt(0),
      );
      const bits = await crypto.subtle.deriveBits(
        { name: "PBKDF2", hash: "SHA-256", salt: saltBytes, iterations: 1000 },
        material,
        256,
      );
      const hash = btoa(String.fromCharCode(...new Uint8Array(bits)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      return [scheme, 1000, salt, hash].join("$");
    })();
    expect(await verifyPassword("Partwise-demo-1", weaker, PEPPER)).toEqual({ valid: true, needsRehash: true });
  });

  it("treats malformed or over-budget stored values as not valid", async () => {
    for (const stored of ["", "plain", "md5$1$a$b", "pbkdf2-sha256$200000$AAAA$AAAA", "pbkdf2-sha256$x$AAAA$AAAA"]) {
      expect(await verifyPassword("anything", stored, PEPPER)).toEqual({ valid: false, needsRehash: false });
    }
  });

  it("has a dummy hash that parses and never matches", async () => {
    expect((await verifyPassword("", DUMMY_PASSWORD_HASH, PEPPER)).valid).toBe(false);
  });
});
