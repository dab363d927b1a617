/**
 * Password hashing: PBKDF2-SHA256 over HMAC-SHA256(pepper, password), with a random 16-byte salt.
 *
 * Stored format (self-describing, so the parameters can be raised later and old hashes upgraded
 * on the next successful sign-in):  pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>
 *
 * Hosted Workers refuse PBKDF2 above 100,000 iterations per deriveBits call, so this is the most
 * the platform allows (see docs/decisions/004-password-hashing.md). Runs on WebCrypto only, so the
 * seed script in Node produces the same hashes as the Worker.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function pepper(password: string, secret: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(password.normalize("NFKC")));
}

async function derive(password: string, secret: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await crypto.subtle.importKey("raw", await pepper(password, secret), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    material,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, secret: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, secret, salt, PBKDF2_ITERATIONS);
  return [SCHEME, PBKDF2_ITERATIONS, toBase64Url(salt), toBase64Url(hash)].join("$");
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export type PasswordCheck = { valid: boolean; needsRehash: boolean };

/**
 * Checks a password against a stored hash. A malformed stored value is simply "not valid".
 * `needsRehash` says the hash uses older parameters and should be replaced after sign-in.
 */
export async function verifyPassword(password: string, stored: string, secret: string): Promise<PasswordCheck> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (
    scheme !== SCHEME ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PBKDF2_ITERATIONS ||
    !saltText ||
    !hashText
  ) {
    return { valid: false, needsRehash: false };
  }
  const expected = fromBase64Url(hashText);
  const actual = await derive(password, secret, fromBase64Url(saltText), iterations);
  const valid = constantTimeEqual(actual, expected);
  return { valid, needsRehash: valid && iterations !== PBKDF2_ITERATIONS };
}

/**
 * A fixed hash to verify against when the email is unknown, so that an unknown email costs the
 * same time as a wrong password.
 */
export const DUMMY_PASSWORD_HASH =
  "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
