import { describe, expect, it } from "vitest";
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_MS,
  verifyUnsubscribeToken,
} from "~/server/notifications/unsubscribe-token.server";

const SECRET = "a-test-secret-that-is-long-enough-0123";
const NOW = new Date("2026-11-03T12:00:00Z");

describe("unsubscribe tokens", () => {
  it("round-trips the user and group until they expire", async () => {
    const token = await signUnsubscribeToken(SECRET, "user-1", "matching", NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyUnsubscribeToken(SECRET, token, NOW)).toEqual({
      userId: "user-1",
      group: "matching",
      expiresAt: NOW.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS,
    });
    const late = new Date(NOW.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS);
    expect(await verifyUnsubscribeToken(SECRET, token, late)).toBeNull();
  });

  it("refuses another secret, a changed payload, a changed signature and junk", async () => {
    const token = await signUnsubscribeToken(SECRET, "user-1", "matching", NOW);
    expect(await verifyUnsubscribeToken("another-secret-that-is-long-enough-99", token, NOW)).toBeNull();
    const [payload, signature] = token.split(".") as [string, string];
    const other = await signUnsubscribeToken(SECRET, "user-2", "matching", NOW);
    expect(await verifyUnsubscribeToken(SECRET, `${other.split(".")[0]}.${signature}`, NOW)).toBeNull();
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(await verifyUnsubscribeToken(SECRET, `${payload}.${flipped}`, NOW)).toBeNull();
    for (const junk of ["", ".", "a.b", `${token}.x`, "!!!.???", "x".repeat(2000)]) {
      expect(await verifyUnsubscribeToken(SECRET, junk, NOW), junk.slice(0, 20)).toBeNull();
    }
  });
});
