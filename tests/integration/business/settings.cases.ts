import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, emailOutbox, financeReports, sessions, users } from "~db/schema";
import { monthKey, monthSpan } from "~/lib/finance/finance";
import {
  call,
  connectAccounting,
  createUser,
  db,
  html,
  PASSWORD,
  postForm,
  sessionTokenFrom,
  signedIn,
  signIn,
} from "../helpers";
import { createClient, signedInClient, signedInManager } from "../../factories";

const UPDATED = "Your information was updated!";
const PREFERENCES_UPDATED = "Your preferences have been updated!";
const WRONG_OLD_PASSWORD = "You did not enter your old password in correctly.";
const RULES = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";
const MISMATCH = "New passwords do not match!";
const FIX_ERRORS = "Please fix the errors and try again.";
const NOT_FOUND = { msg: "Business not found." };
const NEW_PASSWORD = "Fresh@start1!";

const put = (path: string, json: unknown, cookie?: string | null) => call(path, { method: "PUT", json, cookie });
const putRaw = (path: string, body: string, cookie?: string | null) =>
  call(path, { method: "PUT", body, cookie, headers: { "Content-Type": "application/json" } });

async function userRow(id: string) {
  return (await db().select().from(users).where(eq(users.id, id)))[0];
}

async function businessRow(id: string) {
  return (await db().select().from(businesses).where(eq(businesses.id, id)))[0];
}

const ALL_AREAS = {
  finance: true,
  hr: true,
  leadership: true,
  management: true,
  marketing: true,
  operations: true,
  sales: true,
  strategy: true,
  technology: true,
};

describe("PUT /api/client/updateInfo", () => {
  it("updates name and phone and answers the user; a new email waits for its link (ADR 050)", async () => {
    const { user, token } = await signedInClient();
    const email = `Renamed-${user.id}@Example.TEST`;
    const response = await put(
      "/api/client/updateInfo",
      { firstName: " Robin ", lastName: "Okafor", phone: "(207) 555-0199", email, password: PASSWORD },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      _id: user.id,
      email: user.email,
      firstName: "Robin",
      lastName: "Okafor",
      phone: "(207) 555-0199",
      role: "client",
      pendingEmail: email.toLowerCase(),
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ email: user.email, firstName: "Robin", lastName: "Okafor", phone: "(207) 555-0199" });
    // Until the link is opened the current email signs in (tests/integration/identity/email-change.cases.ts).
    expect((await signIn(user.email)).status).toBe(200);
  });

  it("keeps the same email without calling it taken", async () => {
    const { user, token } = await signedInClient();
    const response = await put(
      "/api/client/updateInfo",
      { firstName: "Same", lastName: "Mail", phone: user.phone, email: user.email.toUpperCase() },
      token,
    );
    expect(response.status).toBe(200);
    expect((await userRow(user.id)).firstName).toBe("Same");
  });

  it("refuses an email another account has with 409 'Email is already taken' and changes nothing", async () => {
    const other = await createUser();
    const { user, token } = await signedInClient();
    const response = await put(
      "/api/client/updateInfo",
      {
        firstName: "Taken",
        lastName: "Email",
        phone: user.phone,
        email: other.user.email.toUpperCase(),
        password: PASSWORD,
      },
      token,
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ msg: "Email is already taken" });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: "Test" });
  });

  it("gives one of two racing changes to the same email a 409, at the link", async () => {
    const a = await signedInClient();
    const b = await signedInClient();
    const email = `race-${a.user.id}@example.test`;
    const body = { firstName: "Race", lastName: "Condition", phone: a.user.phone, email, password: PASSWORD };
    const asked = await Promise.all([
      put("/api/client/updateInfo", body, a.token),
      put("/api/client/updateInfo", body, b.token),
    ]);
    expect(asked.map((answer) => answer.status)).toEqual([200, 200]);
    const links = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "email_change_verify")));
    const tokens = links.map((link) => /token=([A-Za-z0-9_-]{43})/.exec(link.text)![1]);
    expect(tokens).toHaveLength(2);
    const answers = await Promise.all(tokens.map((token) => postForm("/verify-email", { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const holders = await db().select().from(users).where(eq(users.email, email));
    expect(holders).toHaveLength(1);
  });

  it("answers 400 with the field's text for invalid fields and for malformed JSON", async () => {
    const { user, token } = await signedInClient();
    const invalid = await put(
      "/api/client/updateInfo",
      { firstName: "", lastName: "Okafor", phone: "(207) 555-0199", email: "nope" },
      token,
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      errors: { firstName: "Enter your first name.", email: "Enter a valid email." },
    });

    const malformed = await putRaw("/api/client/updateInfo", "{not json", token);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });
    expect((await userRow(user.id)).firstName).toBe("Test");
  });

  it("answers 401 without a session", async () => {
    const response = await put("/api/client/updateInfo", {
      firstName: "A",
      lastName: "B",
      phone: "2075550100",
      email: "a@b.test",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "You are not signed in." });
  });
});

describe("PUT /api/client/business/updateInfo", () => {
  const payload = (businessId: string) => ({
    businessId,
    name: "Harbor Supply Cooperative",
    role: "President",
    city: "Bangor",
    state: "ME",
    revenue: "5-10 million",
    employeeCount: "100-150",
    naics: 423840,
  });

  it("updates the business, sets the band's median and answers the business with its preferences", async () => {
    const { business, token } = await signedInClient();
    const response = await put("/api/client/business/updateInfo", payload(business.id), token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      _id: business.id,
      name: "Harbor Supply Cooperative",
      clientRole: "President",
      city: "Bangor",
      state: "ME",
      employeeCount: "100-150",
      numberOfEmployees: 125,
      revenue: "5-10 million",
      naics: 423840,
      insightMarketingPreferences: ALL_AREAS,
    });
    expect(await businessRow(business.id)).toMatchObject({
      name: "Harbor Supply Cooperative",
      clientRole: "President",
      city: "Bangor",
      state: "ME",
      employeeBand: "100-150",
      numberOfEmployees: 125,
    });
  });

  it("works without businessId, revenue and naics", async () => {
    const { business, token } = await signedInClient();
    const { businessId: _id, revenue: _revenue, naics: _naics, ...rest } = payload(business.id);
    const response = await put("/api/client/business/updateInfo", { ...rest, employeeCount: "150+" }, token);
    expect(response.status).toBe(200);
    expect((await businessRow(business.id)).numberOfEmployees).toBe(150);
  });

  it("refuses a change of revenue or NAICS with 400 and writes nothing", async () => {
    const { business, token } = await signedInClient();
    for (const change of [{ revenue: "> 20 million" }, { naics: 459110 }]) {
      const response = await put("/api/client/business/updateInfo", { ...payload(business.id), ...change }, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ msg: "Revenue and NAICS cannot be changed here." });
    }
    expect((await businessRow(business.id)).name).toBe("Harbor Supply Co.");
  });

  it("answers 404 for another business's id and changes neither business", async () => {
    const mine = await signedInClient();
    const theirs = await createClient();
    const response = await put("/api/client/business/updateInfo", payload(theirs.business.id), mine.token);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
    expect((await businessRow(theirs.business.id)).name).toBe("Harbor Supply Co.");
    expect((await businessRow(mine.business.id)).name).toBe("Harbor Supply Co.");
  });

  it("answers 404 to a client without a business", async () => {
    const { token } = await signedIn();
    const response = await put("/api/client/business/updateInfo", { ...payload("x"), businessId: undefined }, token);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  it("answers 400 for invalid fields and malformed JSON, 401 without a session", async () => {
    const { business, token } = await signedInClient();
    const invalid = await put(
      "/api/client/business/updateInfo",
      { ...payload(business.id), name: " ", employeeCount: "25 - 50", state: "Atlantis" },
      token,
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      msg: "Enter your company name.",
      errors: {
        name: "Enter your company name.",
        state: "Enter a US state after the comma, e.g. Portland, ME.",
        employeeCount: "Please select the number of employees",
      },
    });
    const malformed = await putRaw("/api/client/business/updateInfo", "[", token);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });
    const anonymous = await put("/api/client/business/updateInfo", payload(business.id));
    expect(anonymous.status).toBe(401);
    expect((await businessRow(business.id)).name).toBe("Harbor Supply Co.");
  });

  it("refuses staff accounts with 403", async () => {
    const { token } = await signedInManager();
    const response = await put("/api/client/business/updateInfo", payload("x"), token);
    expect(response.status).toBe(403);
  });
});

describe("PUT /api/client/business/updateInsightMarketing", () => {
  const preferences = { ...ALL_AREAS, hr: false, sales: false };

  it("saves the preferences and when they were saved, and answers the business", async () => {
    const { business, token } = await signedInClient();
    const response = await put(
      "/api/client/business/updateInsightMarketing",
      { businessId: business.id, insightPreferences: preferences },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _id: business.id, insightMarketingPreferences: preferences });
    const row = await businessRow(business.id);
    expect(row.insightPreferences).toEqual(preferences);
    expect(row.insightPreferencesSavedAt).toBeInstanceOf(Date);
  });

  it("answers 404 for another business's id and writes nothing", async () => {
    const mine = await signedInClient();
    const theirs = await createClient();
    const response = await put(
      "/api/client/business/updateInsightMarketing",
      { businessId: theirs.business.id, insightPreferences: preferences },
      mine.token,
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
    for (const id of [theirs.business.id, mine.business.id]) {
      const row = await businessRow(id);
      expect(row.insightPreferences).toEqual(ALL_AREAS);
      expect(row.insightPreferencesSavedAt).toBeNull();
    }
  });

  it("answers 400 for a missing area, a non-boolean and malformed JSON; 401 without a session", async () => {
    const { business, token } = await signedInClient();
    const { technology: _t, ...missing } = preferences;
    const missingArea = await put(
      "/api/client/business/updateInsightMarketing",
      { insightPreferences: missing },
      token,
    );
    expect(missingArea.status).toBe(400);
    expect(await missingArea.json()).toMatchObject({ msg: "insightPreferences.technology must be true or false." });
    const notBoolean = await put(
      "/api/client/business/updateInsightMarketing",
      { insightPreferences: { ...preferences, hr: "no" } },
      token,
    );
    expect(notBoolean.status).toBe(400);
    const malformed = await putRaw("/api/client/business/updateInsightMarketing", "{", token);
    expect(malformed.status).toBe(400);
    const anonymous = await put("/api/client/business/updateInsightMarketing", { insightPreferences: preferences });
    expect(anonymous.status).toBe(401);
    expect((await businessRow(business.id)).insightPreferencesSavedAt).toBeNull();
  });
});

describe("PUT /api/client/auth/updatePassword", () => {
  const change = { password: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD };

  it("changes the password, ends every other session and keeps this one", async () => {
    const { user, token } = await signedInClient();
    const otherToken = sessionTokenFrom(await signIn(user.email))!;
    const before = await userRow(user.id);

    const response = await put("/api/client/auth/updatePassword", change, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _id: user.id, email: user.email });

    const after = await userRow(user.id);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordChangedAt).toBeInstanceOf(Date);
    expect((await call("/api/client/auth", { cookie: token })).status).toBe(200);
    expect((await call("/api/client/auth", { cookie: otherToken })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
  });

  it("answers a wrong current password with 400 and an array whose first item has the spec's msg", async () => {
    const { user, token } = await signedInClient();
    const otherToken = sessionTokenFrom(await signIn(user.email))!;
    const before = await userRow(user.id);
    const response = await put("/api/client/auth/updatePassword", { ...change, password: "Not-the-password1" }, token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([{ msg: WRONG_OLD_PASSWORD }]);
    expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
    expect((await call("/api/client/auth", { cookie: otherToken })).status).toBe(200);
  });

  it("answers broken rules, a mismatch and malformed JSON with 400 arrays", async () => {
    const { user, token } = await signedInClient();
    const before = await userRow(user.id);

    const rules = await put(
      "/api/client/auth/updatePassword",
      { ...change, newPassword: "Freshstart12", confirmNewPassword: "Freshstart12" },
      token,
    );
    expect(rules.status).toBe(400);
    expect(await rules.json()).toEqual([{ msg: RULES, field: "newPassword" }]);

    const mismatch = await put(
      "/api/client/auth/updatePassword",
      { ...change, confirmNewPassword: "Other@pass1" },
      token,
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual([{ msg: MISMATCH, field: "confirmNewPassword" }]);

    const malformed = await putRaw("/api/client/auth/updatePassword", "{", token);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual([{ msg: "The request body is not valid JSON." }]);

    expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
  });

  it("answers 401 without a session", async () => {
    const response = await put("/api/client/auth/updatePassword", change);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "You are not signed in." });
  });
});

describe("/company-profile page", () => {
  it("redirects to / without a session", async () => {
    const page = await call("/company-profile");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    const posted = await postForm("/company-profile?tab=personal", { intent: "personal", firstName: "X" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
  });

  it("shows the four tabs, Personal selected, with the current values prefilled", async () => {
    const { user, token } = await signedInClient();
    const page = await call("/company-profile", { cookie: token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('role="tablist"');
    for (const tab of ["personal", "business", "account", "preferences"])
      expect(text).toContain(`href="/company-profile?tab=${tab}"`);
    expect(text).toMatch(
      /id="settings-tab-personal"[^>]*aria-selected="true"|aria-selected="true"[^>]*id="settings-tab-personal"/,
    );
    expect(text).toContain(`value="${user.email}"`);
    expect(text).toContain(`placeholder="${user.email}"`);
  });

  it("Personal: saves through a form post and shows the success text", async () => {
    const { user, token } = await signedInClient();
    const response = await postForm(
      "/company-profile?tab=personal",
      { intent: "personal", email: user.email, phone: "(207) 555-0142", firstName: "Jordan", lastName: "Pike" },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(UPDATED);
    expect(await userRow(user.id)).toMatchObject({ firstName: "Jordan", lastName: "Pike", phone: "(207) 555-0142" });
  });

  it("Personal: a taken email is refused on the email field", async () => {
    const other = await createUser();
    const { user, token } = await signedInClient();
    const response = await postForm(
      "/company-profile?tab=personal",
      {
        intent: "personal",
        email: other.user.email,
        phone: user.phone,
        firstName: "A",
        lastName: "B",
        password: PASSWORD,
      },
      token,
    );
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(text).toContain("Email is already taken");
    expect(text).not.toContain(UPDATED);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("Business: splits 'City, State' and saves", async () => {
    const { business, token } = await signedInClient();
    const response = await postForm(
      "/company-profile?tab=business",
      {
        intent: "business",
        name: "Casco Bay Goods",
        role: "CEO",
        location: " South Portland ,  maine ",
        employeeCount: "0-25",
      },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(UPDATED);
    expect(await businessRow(business.id)).toMatchObject({
      name: "Casco Bay Goods",
      clientRole: "CEO",
      city: "South Portland",
      state: "ME",
      employeeBand: "0-25",
      numberOfEmployees: 13,
      naics: "423840",
      revenueBand: "5-10 million",
    });
  });

  it("Business: saving the form unchanged keeps an exact headcount (the revenue-per-employee divisor)", async () => {
    const { business, token } = await signedInClient();
    // A headcount that is not its band's median (38), like the demo business's 37.
    await db()
      .update(businesses)
      .set({ employeeBand: "25-50", numberOfEmployees: 37 })
      .where(eq(businesses.id, business.id));
    const before = await businessRow(business.id);

    // What the form shows is what it posts back.
    const page = await (await call("/company-profile?tab=business", { cookie: token })).text();
    const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1];
    const selected = /<option value="([^"]+)" selected="">/.exec(page)?.[1];
    const fields = { name: value("name"), role: value("role"), location: value("location"), employeeCount: selected };
    expect(fields).toEqual({
      name: before.name,
      role: before.clientRole,
      location: `${before.city}, ${before.state}`,
      employeeCount: "25-50",
    });

    const response = await postForm(
      "/company-profile?tab=business",
      { intent: "business", ...(fields as Record<string, string>) },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(UPDATED);
    expect(await businessRow(business.id)).toMatchObject({ employeeBand: "25-50", numberOfEmployees: 37 });

    // The API too; a different band is a new answer and takes its median.
    const api = {
      businessId: business.id,
      name: before.name,
      role: before.clientRole,
      city: before.city,
      state: before.state,
      employeeCount: "25-50",
    };
    expect((await put("/api/client/business/updateInfo", api, token)).status).toBe(200);
    expect((await businessRow(business.id)).numberOfEmployees).toBe(37);
    expect((await put("/api/client/business/updateInfo", { ...api, employeeCount: "50-100" }, token)).status).toBe(200);
    expect(await businessRow(business.id)).toMatchObject({ employeeBand: "50-100", numberOfEmployees: 75 });
  });

  it("Business: a location without a comma is refused with its message", async () => {
    const { business, token } = await signedInClient();
    const response = await postForm(
      "/company-profile?tab=business",
      { intent: "business", name: "Casco Bay Goods", role: "CEO", location: "Portland ME", employeeCount: "0-25" },
      token,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter your location as City, State.");
    expect((await businessRow(business.id)).name).toBe("Harbor Supply Co.");
  });

  it("Account: wrong current password, rule and mismatch texts, then success", async () => {
    const { user, token } = await signedInClient();
    const form = (fields: Record<string, string>) =>
      postForm("/company-profile?tab=account", { intent: "account", ...fields }, token);

    const wrong = await form({
      password: "Wrong-password1",
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(html(WRONG_OLD_PASSWORD));

    const invalid = await form({ password: PASSWORD, newPassword: "short", confirmNewPassword: "shorter" });
    expect(invalid.status).toBe(400);
    const invalidText = await invalid.text();
    expect(invalidText).toContain(RULES);
    expect(invalidText).toContain(MISMATCH);
    expect(invalidText).toContain(FIX_ERRORS);
    // Passwords are never echoed back into the page.
    expect(invalidText).not.toContain('value="short"');

    const ok = await form({ password: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(UPDATED);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("Account: shows the membership and where Manage Payment goes", async () => {
    const { business, token } = await signedInClient();
    const basic = await (await call("/company-profile?tab=account", { cookie: token })).text();
    expect(basic).toContain("Basic");
    expect(basic).toMatch(/<a[^>]*href="\/plan-select"[^>]*>Manage Payment<\/a>/);

    await db()
      .update(businesses)
      .set({ memberTier: "PREMIUM", stripeCustomerId: `cus_${business.id}` })
      .where(eq(businesses.id, business.id));
    const scale = await (await call("/company-profile?tab=account", { cookie: token })).text();
    expect(scale).toContain("Scale");
    expect(scale).toContain('action="/api/payments/create-portal-session"');
    expect(scale).toContain(`name="session_id" value="cus_${business.id}"`);
  });

  it("Preferences: unticked boxes become false, and the success text shows", async () => {
    const { business, token } = await signedInClient();
    const response = await postForm(
      "/company-profile?tab=preferences",
      { intent: "preferences", finance: "on", strategy: "on" },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(PREFERENCES_UPDATED);
    const row = await businessRow(business.id);
    expect(row.insightPreferences).toEqual({
      finance: true,
      hr: false,
      leadership: false,
      management: false,
      marketing: false,
      operations: false,
      sales: false,
      strategy: true,
      technology: false,
    });
    expect(row.insightPreferencesSavedAt).toBeInstanceOf(Date);
  });

  it("refuses a cross-site form post", async () => {
    const { user, token } = await signedInClient();
    const response = await call("/company-profile?tab=personal", {
      method: "POST",
      body: new URLSearchParams({
        intent: "personal",
        email: user.email,
        phone: user.phone,
        firstName: "Evil",
        lastName: "Site",
      }),
      cookie: token,
      headers: { Origin: "https://evil.test" },
    });
    expect(response.status).toBe(403);
    expect((await userRow(user.id)).firstName).toBe("Test");
  });
});

describe("the revenue band against the books (ADR 050)", () => {
  const CONFIRM = "/company-profile?tab=business&confirm=revenue-band";
  const statement = (period: string) =>
    `Your books show $7,200,000.00 of income for ${period}, in the &quot;5-10 Million&quot; band, but the revenue band you chose is &quot;&lt; 5 Million&quot;.`;

  /** Books of 24 months up to this one at $600,000 a month: $7.2 million a year. */
  async function booksOf(businessId: string, monthly = 600_000) {
    const now = new Date();
    const rows = Array.from({ length: 24 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 23 + i, 1));
      return { date: monthKey(d), Income: monthly, NetIncome: monthly / 10 };
    });
    await db()
      .insert(financeReports)
      .values({
        businessId,
        profitAndLoss: rows,
        source: "demo",
        periodStart: rows[0]!.date,
        periodEnd: rows.at(-1)!.date,
        lastUpdate: now,
      });
    const last = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    const first = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1)));
    return monthSpan(first, last);
  }

  const setBand = (businessId: string, revenueBand: "< 5 million" | "5-10 million") =>
    db().update(businesses).set({ revenueBand }).where(eq(businesses.id, businessId));

  it("says so on the dashboard and the Business tab, and updates the band to the books' once confirmed", async () => {
    const { business, token } = await signedInClient();
    await setBand(business.id, "< 5 million");
    await connectAccounting(business.id);
    const period = await booksOf(business.id);

    const dashboard = await (await call("/dashboard", { cookie: token })).text();
    expect(dashboard).toContain(statement(period));
    expect(dashboard).toContain(`href="${CONFIRM.replace(/&/g, "&amp;")}"`);
    const asked = await (await call(CONFIRM, { cookie: token })).text();
    expect(asked).toContain(
      "Change your revenue band from &quot;&lt; 5 Million&quot; to &quot;5-10 Million&quot;, the band your books show?",
    );

    // Only the band the books show, as confirmed; twice at once changes it once.
    const wrong = await postForm(CONFIRM, { intent: "revenue-band-from-books", band: "> 20 million" }, token);
    expect(wrong.status).toBe(409);
    expect((await businessRow(business.id)).revenueBand).toBe("< 5 million");
    const junk = await postForm(CONFIRM, { intent: "revenue-band-from-books", band: "lots" }, token);
    expect(junk.status).toBe(400);
    const answers = await Promise.all([
      postForm(CONFIRM, { intent: "revenue-band-from-books", band: "5-10 million" }, token),
      postForm(CONFIRM, { intent: "revenue-band-from-books", band: "5-10 million" }, token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const done = answers.find((answer) => answer.status === 200)!;
    expect(await done.text()).toContain("Your revenue band is now &quot;5-10 Million&quot;, from your books.");
    expect((await businessRow(business.id)).revenueBand).toBe("5-10 million");
    expect(await (await call("/dashboard", { cookie: token })).text()).not.toContain("of income for");
  });

  it("offers nothing when the books agree or are not a full year, and never for another business", async () => {
    const agreeing = await signedInClient();
    await setBand(agreeing.business.id, "5-10 million");
    await connectAccounting(agreeing.business.id);
    await booksOf(agreeing.business.id);
    expect(await (await call("/dashboard", { cookie: agreeing.token })).text()).not.toContain(
      "Your books and your revenue band disagree",
    );
    const refused = await postForm(
      CONFIRM,
      { intent: "revenue-band-from-books", band: "5-10 million" },
      agreeing.token,
    );
    expect(refused.status).toBe(409);

    // Another business's books are never read: the caller's own have no report.
    const other = await signedInClient();
    await setBand(other.business.id, "< 5 million");
    const mine = await signedInClient();
    await setBand(mine.business.id, "< 5 million");
    await connectAccounting(other.business.id);
    await booksOf(other.business.id);
    const foreign = await postForm(
      CONFIRM,
      { intent: "revenue-band-from-books", band: "5-10 million", businessId: other.business.id },
      mine.token,
    );
    expect(foreign.status).toBe(409);
    expect((await businessRow(other.business.id)).revenueBand).toBe("< 5 million");
    expect((await businessRow(mine.business.id)).revenueBand).toBe("< 5 million");
    // The API keeps the band read-only.
    const api = await put(
      "/api/client/business/updateInfo",
      {
        businessId: mine.business.id,
        name: "X",
        role: "Owner",
        city: "Portland",
        state: "ME",
        revenue: "5-10 million",
        employeeCount: "25-50",
        naics: 459110,
      },
      mine.token,
    );
    expect(api.status).toBe(400);
  });
});
