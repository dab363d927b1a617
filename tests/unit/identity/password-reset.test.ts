import { describe, expect, it } from "vitest";
import { PasswordRecoverySchema, PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import {
  hashRecoveryPassword,
  newRecoveryPassword,
  normalizeRecoveryPassword,
  recoveryEmail,
} from "~/server/identity/password-reset.server";
import { clientNetwork, IP_POLICY, verdictOf, ACCOUNT_POLICY } from "~/server/platform/rate-limit.server";

describe("recovery passwords", () => {
  it("are 12 characters from an alphabet without look-alikes, shown in groups of four", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newRecoveryPassword();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(code).not.toMatch(/[01IO]/);
      seen.add(code);
    }
    expect(seen.size).toBe(200);
  });

  it("accept any case, spaces and dashes, and hash to the same keyed value", async () => {
    expect(normalizeRecoveryPassword(" abcd-efgh jkmn ")).toBe("ABCDEFGHJKMN");
    const pepper = "p".repeat(40);
    const hash = await hashRecoveryPassword("ABCD-EFGH-JKMN", pepper);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashRecoveryPassword("abcdefghjkmn", pepper)).toBe(hash);
    expect(await hashRecoveryPassword("ABCD-EFGH-JKMN", "q".repeat(40))).not.toBe(hash);
  });

  it("are emailed with both parts, the HTML escaped", () => {
    const email = recoveryEmail("<Dana>", "ABCD-EFGH-JKMN", "https://partwise.test/password-reset?email=a%40b.test");
    expect(email.subject).toBe("Your Partwise recovery password");
    expect(email.text).toContain("Hi <Dana>,");
    expect(email.text).toContain("Recovery password: ABCD-EFGH-JKMN");
    expect(email.text).toContain("Choose a new password: https://partwise.test/password-reset?email=a%40b.test");
    expect(email.html).toContain("Hi &lt;Dana&gt;,");
    expect(email.html).toContain("ABCD-EFGH-JKMN");
  });
});

describe("the reset schemas", () => {
  it("apply the sign-up password rules and texts", () => {
    const base = {
      email: "a@b.test",
      recoveryPassword: "ABCD-EFGH-JKMN",
      password: "Good-pass-1",
      confirmPassword: "Good-pass-1",
    };
    expect(PasswordRecoverySchema.safeParse(base).success).toBe(true);
    const weak = PasswordRecoverySchema.safeParse({ ...base, password: "weak", confirmPassword: "weak" });
    expect(weak.error?.issues.map((issue) => issue.message)).toEqual([
      "Required: 8 characters, 1 uppercase, 1 number, 1 special character.",
    ]);
    const mismatch = PasswordRecoverySchema.safeParse({ ...base, confirmPassword: "Good-pass-2" });
    expect(mismatch.error?.issues).toMatchObject([{ path: ["confirmPassword"], message: "Passwords do not match" }]);
    expect(PasswordResetRequestSchema.safeParse({ email: " " }).error?.issues[0].message).toBe("Enter your email.");
  });
});

describe("throttling helpers", () => {
  it("key IPv4 as is and IPv6 by /64", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("2001:DB8:0:1::7")).toBe("2001:db8:0:1::/64");
    expect(clientNetwork("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork(null)).toBeNull();
    expect(clientNetwork("not an ip")).toBeNull();
  });

  it("refuse a locked key or a full window, and say when to retry", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    const limits = [
      { key: "login:email:x", policy: ACCOUNT_POLICY },
      { key: "auth:ip:y", policy: IP_POLICY },
    ];
    const row = (values: Partial<{ count: number; lockedUntil: Date | null; windowStart: Date }>) => [
      { key: "k", count: 1, windowStart: now, failuresInRow: 0, lockedUntil: null, updatedAt: now, ...values },
    ];
    expect(verdictOf(limits, [row({}), row({ count: 100 })], now)).toEqual({ allowed: true });
    expect(verdictOf(limits, [row({ lockedUntil: new Date(now.getTime() + 4500) }), row({})], now)).toEqual({
      allowed: false,
      retryAfterSeconds: 5,
    });
    expect(
      verdictOf(limits, [row({}), row({ count: 101, windowStart: new Date(now.getTime() - 59 * 60 * 1000) })], now),
    ).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(verdictOf(limits, [row({ lockedUntil: new Date(now.getTime() - 1) }), row({})], now)).toEqual({
      allowed: true,
    });
  });
});
