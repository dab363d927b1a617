import { isNotificationGroup, type NotificationGroup } from "~/lib/notifications/notification-kinds";

/**
 * One-click unsubscribe tokens (RFC 8058): `<payload>.<mac>`, both base64url. The payload names
 * the user, the preference group and an expiry; the MAC is HMAC-SHA256 under the password pepper
 * with its own purpose label ("unsubscribe:"), so a token can never stand in for anything else.
 * A token works without signing in: it can only turn one group of non-essential emails off.
 */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export type UnsubscribeClaim = { userId: string; group: NotificationGroup; expiresAt: number };

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return null;
  try {
    const text = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(text, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

async function mac(secret: string, payload: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`unsubscribe:${payload}`)));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** A token that turns off `group` emails for `userId`, valid for 90 days from `now`. */
export async function signUnsubscribeToken(
  secret: string,
  userId: string,
  group: NotificationGroup,
  now: Date,
): Promise<string> {
  const payload = base64url(
    encoder.encode(JSON.stringify({ u: userId, g: group, e: now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS })),
  );
  return `${payload}.${base64url(await mac(secret, payload))}`;
}

/** The token's claim, or null when it is malformed, forged (wrong MAC) or expired at `now`. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): Promise<UnsubscribeClaim | null> {
  if (token.length > 1000) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const given = fromBase64url(signature);
  if (!given || !constantTimeEqual(given, await mac(secret, payload))) return null;
  const bytes = fromBase64url(payload);
  if (!bytes) return null;
  let claim: unknown;
  try {
    claim = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const { u, g, e } = (claim ?? {}) as { u?: unknown; g?: unknown; e?: unknown };
  if (typeof u !== "string" || typeof g !== "string" || typeof e !== "number") return null;
  if (!isNotificationGroup(g) || e <= now.getTime()) return null;
  return { userId: u, group: g, expiresAt: e };
}
