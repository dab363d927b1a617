import type { AppContext } from "~/server/load-context";

/**
 * Encryption at rest for third-party secrets (the QuickBooks access and refresh tokens):
 * AES-256-GCM with a key from TOKEN_ENCRYPTION_KEY and a random 12-byte IV per value.
 * Stored form: `v1.<iv base64url>.<ciphertext+tag base64url>`; the version prefix leaves room for a
 * key rotation later. GCM's tag makes a tampered or foreign value fail to decrypt instead of
 * decrypting to garbage.
 */

const VERSION = "v1";
const IV_BYTES = 12;

export class TokenDecryptError extends Error {
  constructor(message = "The stored secret cannot be decrypted.") {
    super(message);
    this.name = "TokenDecryptError";
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new TokenDecryptError();
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new TokenDecryptError();
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The CryptoKey of this invocation, imported once and shared through the per-request memo. */
function encryptionKey(app: AppContext): Promise<CryptoKey> {
  const memoKey = "token-crypto:key";
  let key = app.memo.get(memoKey) as Promise<CryptoKey> | undefined;
  if (!key) {
    const raw = Uint8Array.from(atob(app.env.TOKEN_ENCRYPTION_KEY), (c) => c.charCodeAt(0));
    key = crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    app.memo.set(memoKey, key);
  }
  return key;
}

export async function encryptSecret(app: AppContext, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await encryptionKey(app),
    new TextEncoder().encode(plaintext),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/** Throws TokenDecryptError for a malformed value, another key's value or a tampered one. */
export async function decryptSecret(app: AppContext, ciphertext: string): Promise<string> {
  const parts = ciphertext.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) throw new TokenDecryptError();
  const iv = fromBase64Url(parts[1]);
  const data = fromBase64Url(parts[2]);
  if (iv.length !== IV_BYTES || data.length < 16) throw new TokenDecryptError();
  try {
    const plaintext = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await encryptionKey(app), data);
    return new TextDecoder().decode(plaintext);
  } catch {
    throw new TokenDecryptError();
  }
}
