import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "~db/schema";
import {
  call,
  createUser,
  db,
  PASSWORD,
  SESSION_COOKIE,
  sessionTokenFrom,
  sha256Hex,
  signedIn,
  signIn,
} from "../helpers";
import { signedInClient, signedInManager, signedInConsultant } from "../../factories";

const SIGN_IN_FAILED = { msg: "The email or password you entered is incorrect." };
const DAY_MS = 24 * 60 * 60 * 1000;

async function sessionRow(token: string) {
  return (
    await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(token)))
  )[0];
}

describe("POST /api/client/auth/signin", () => {
  it("signs in, sets a __Host- session cookie and stores only the token's hash", async () => {
    const { user } = await createUser();
    const response = await signIn(user.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: {
        _id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        role: "client",
      },
      msg: "You have been signed in.",
    });

    const cookie = response.headers.get("Set-Cookie") ?? "";
    const attributes = cookie.split(";").map((part) => part.trim());
    expect(attributes[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(attributes).toContain("Path=/");
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("Secure");
    expect(attributes).toContain("SameSite=Lax");
    expect(attributes.some((a) => /^Max-Age=\d+$/.test(a) && Number(a.slice(8)) > 0)).toBe(true);
    expect(attributes.some((a) => /^Domain=/i.test(a))).toBe(false);

    const token = sessionTokenFrom(response)!;
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(await sha256Hex(token));
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("gives a wrong password and an unknown email the same 401 answer", async () => {
    const { user } = await createUser();
    const wrongPassword = await signIn(user.email, "not-the-password");
    const unknownEmail = await signIn("nobody-here@example.test", PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(SIGN_IN_FAILED);
    expect(await unknownEmail.json()).toEqual(SIGN_IN_FAILED);
    expect(wrongPassword.headers.get("Set-Cookie")).toBeNull();
    expect(unknownEmail.headers.get("Set-Cookie")).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("answers 400 with a message for malformed JSON and for missing fields", async () => {
    const malformed = await call("/api/client/auth/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.test", "password": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });

    for (const body of [{}, { email: "someone@example.test" }, { password: PASSWORD }, { email: "", password: "" }]) {
      const response = await call("/api/client/auth/signin", { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { msg?: unknown };
      expect(typeof answer.msg).toBe("string");
      expect(String(answer.msg).length).toBeGreaterThan(0);
    }
  });

  it("refuses a body over 64 KB with a 400 that says why", async () => {
    const response = await call("/api/client/auth/signin", {
      json: { email: "someone@example.test", password: "x".repeat(70 * 1024) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "The request is too large." });
  });

  it("refuses a body over 1 MB at the Worker before any route reads it", async () => {
    const response = await call("/api/client/auth/signin", {
      json: { email: "someone@example.test", password: "x".repeat(1100 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("The request is too large.");
  });

  it("rotates the session: signing in while presenting an old cookie deletes the old session", async () => {
    const { user, token: oldToken } = await signedIn();
    expect(await sessionRow(oldToken)).toBeDefined();
    const response = await signIn(user.email, PASSWORD, oldToken);
    expect(response.status).toBe(200);
    const newToken = sessionTokenFrom(response)!;
    expect(newToken).not.toBe(oldToken);
    expect(await sessionRow(oldToken)).toBeUndefined();
    expect(await sessionRow(newToken)).toBeDefined();
    expect((await call("/api/client/auth", { cookie: oldToken })).status).toBe(401);
    expect((await call("/api/client/auth", { cookie: newToken })).status).toBe(200);
  });
});

describe("GET /api/client/auth", () => {
  it("returns the signed-in user, with business null before one is created", async () => {
    const { user, token } = await signedIn();
    const response = await call("/api/client/auth", { cookie: token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { _id: string; email: string }; business: unknown };
    expect(body.user).toMatchObject({ _id: user.id, email: user.email, role: "client" });
    expect(body.business).toBeNull();
  });

  it("includes the business once it exists", async () => {
    const { business, token } = await signedInClient();
    const response = await call("/api/client/auth", { cookie: token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { business: Record<string, unknown> };
    expect(body.business).toMatchObject({ _id: business.id, name: business.name, city: "Portland", state: "ME" });
  });

  it("answers 401 without a session, or with a forged cookie", async () => {
    for (const cookie of [null, "A".repeat(43), "not-a-token"]) {
      const response = await call("/api/client/auth", { cookie });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ msg: "You are not signed in." });
    }
  });

  it("refuses a session past its absolute expiry", async () => {
    const { token } = await signedIn();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, await sha256Hex(token)));
    expect((await call("/api/client/auth", { cookie: token })).status).toBe(401);
  });

  it("refuses a session idle for more than 7 days", async () => {
    const { token } = await signedIn();
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(sessions.id, await sha256Hex(token)));
    expect((await call("/api/client/auth", { cookie: token })).status).toBe(401);
  });
});

describe("POST /api/client/auth/logout", () => {
  it("deletes the session and clears the cookie; the old cookie stops working", async () => {
    const { token } = await signedIn();
    const response = await call("/api/client/auth/logout", { method: "POST", cookie: token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: "You have been logged out." });
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cookie).toContain("Max-Age=0");
    expect(await sessionRow(token)).toBeUndefined();
    expect((await call("/api/client/auth", { cookie: token })).status).toBe(401);
  });
});

describe("startup routing", () => {
  const location = (response: Response) => {
    const value = response.headers.get("Location");
    return value ? new URL(value, "https://partwise.test").pathname : null;
  };

  it("sends a visitor without a session from /dashboard to the login at /", async () => {
    const response = await call("/dashboard");
    expect([302, 303]).toContain(response.status);
    expect(location(response)).toBe("/");
  });

  it("sends a client without a business to /signup-business", async () => {
    const { token } = await signedIn();
    const response = await call("/dashboard", { cookie: token });
    expect([302, 303]).toContain(response.status);
    expect(location(response)).toBe("/signup-business");
  });

  it("shows the dashboard to a client with a business, and sends them from / to /dashboard", async () => {
    const { token } = await signedInClient();
    const dashboard = await call("/dashboard", { cookie: token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("Content-Type")).toContain("text/html");
    await dashboard.text();
    const home = await call("/", { cookie: token });
    expect([302, 303]).toContain(home.status);
    expect(location(home)).toBe("/dashboard");
  });

  it("sends a manager to /manage and a consultant to /consultant", async () => {
    const manager = await signedInManager();
    const managerResponse = await call("/dashboard", { cookie: manager.token });
    expect(location(managerResponse)).toBe("/manage");
    const consultant = await signedInConsultant();
    const consultantResponse = await call("/dashboard", { cookie: consultant.token });
    expect(location(consultantResponse)).toBe("/consultant");
  });

  it("hides the manager pages from a client with a 404", async () => {
    const { token } = await signedInClient();
    const response = await call("/manage", { cookie: token });
    expect(response.status).toBe(404);
    await response.text();
  });
});
