import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, users } from "~db/schema";
import { NAICS_FORMAT_MESSAGE, NAICS_UNKNOWN_MESSAGE } from "~/lib/business/naics";
import { PASSWORD_RULES_MESSAGE } from "~/lib/identity/password-rules";
import { call, createUser, db, html, postForm, sessionTokenFrom, signedIn } from "../helpers";
import { signedInClient, signedInManager } from "../../factories";

let counter = 0;
const newEmail = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}@example.test`;

const person = (email = newEmail()) => ({
  firstName: "Avery",
  lastName: "Nguyen",
  phone: "+1 (207) 555-0142",
  email,
  password: "Harbor-light-42",
  confirmPassword: "Harbor-light-42",
});

const business = {
  name: "Tidewater Bicycle Works",
  clientRole: "Owner",
  city: "Portland",
  state: "ME",
  naics: 459110,
  revenue: "5-10 million",
  employeeCount: "0-25",
};

const signup = (json: unknown, cookie?: string) => call("/api/client/auth/signup", { json, cookie });
const createBusiness = (json: unknown, cookie?: string) => call("/api/client/business/create", { json, cookie });

async function userRow(email: string) {
  return (await db().select().from(users).where(eq(users.email, email)))[0];
}

async function businessesOf(userId: string) {
  return db().select().from(businesses).where(eq(businesses.ownerUserId, userId));
}

describe("GET /api/client/checkEmail/{email}", () => {
  it("answers only whether the address is available, case-insensitively", async () => {
    const { user } = await createUser();
    const available = await call(`/api/client/checkEmail/${encodeURIComponent(newEmail())}`);
    expect(available.status).toBe(200);
    expect(await available.json()).toEqual({ emailAvailable: true });

    const taken = await call(`/api/client/checkEmail/${encodeURIComponent(user.email.toUpperCase())}`);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ emailAvailable: false });
  });

  it("answers 400 with a message for a malformed address", async () => {
    for (const email of ["not-an-email", "a%40", "%20"]) {
      const response = await call(`/api/client/checkEmail/${email}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ msg: expect.stringMatching(/^Enter (a valid|your) email\.$/) });
    }
    const response = await call("/api/client/checkEmail/not-an-email");
    expect(await response.json()).toEqual({ msg: "Enter a valid email." });
  });
});

describe("POST /api/client/auth/signup", () => {
  it("creates a client, signs it in, and stores only a password hash", async () => {
    const input = person(newEmail().replace("new-", "New-"));
    const response = await signup(input);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { _id: string; email: string };
    expect(body).toEqual({ _id: expect.any(String), email: input.email.toLowerCase() });

    const row = await userRow(input.email.toLowerCase());
    expect(row).toMatchObject({
      id: body._id,
      firstName: "Avery",
      lastName: "Nguyen",
      phone: "+1 (207) 555-0142",
      role: "client",
    });
    expect(row.passwordHash).not.toContain(input.password);
    expect(row.passwordHash.length).toBeGreaterThan(40);

    const token = sessionTokenFrom(response);
    expect(token).toBeTruthy();
    const me = await call("/api/client/auth", { cookie: token });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      user: {
        _id: body._id,
        email: input.email.toLowerCase(),
        firstName: "Avery",
        lastName: "Nguyen",
        phone: "+1 (207) 555-0142",
        role: "client",
      },
      business: null,
      member: null,
    });

    // The same credentials sign in.
    const again = await call("/api/client/auth/signin", { json: { email: input.email, password: input.password } });
    expect(again.status).toBe(200);
  });

  it("refuses a taken email with 409 'Email is already taken'", async () => {
    const { user } = await createUser();
    const response = await signup(person(user.email.toUpperCase()));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ msg: "Email is already taken" });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("creates exactly one account when two sign-ups race for one email", async () => {
    const email = newEmail();
    const responses = await Promise.all([signup(person(email)), signup({ ...person(email), firstName: "Blake" })]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const loser = responses.find((response) => response.status === 409)!;
    expect(await loser.json()).toEqual({ msg: "Email is already taken" });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("answers 400 with the spec's texts for a weak password and a mismatch", async () => {
    const weak = await signup({ ...person(), password: "harbor-light", confirmPassword: "harbor-light" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      msg: "Required: 8 characters, 1 uppercase, 1 number, 1 special character.",
      errors: { password: PASSWORD_RULES_MESSAGE },
    });

    const mismatch = await signup({ ...person(), confirmPassword: "Harbor-light-43" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({
      msg: "Passwords do not match",
      errors: { confirmPassword: "Passwords do not match" },
    });
  });

  it("answers 400 naming each missing or invalid field, and writes nothing", async () => {
    const email = newEmail();
    const missing = await signup({ email });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: unknown }).errors).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      phone: "Enter your phone number.",
      password: PASSWORD_RULES_MESSAGE,
      confirmPassword: "Confirm your password.",
    });

    const invalid = await signup({ ...person(email), email: "avery@", phone: "call me" });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { errors: unknown }).errors).toEqual({
      email: "Enter a valid email.",
      phone: "Enter a valid phone number.",
    });
    expect(await userRow(email)).toBeUndefined();
  });

  it("answers 400 for malformed JSON and 405 for GET", async () => {
    const malformed = await call("/api/client/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.test", ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });

    const get = await call("/api/client/auth/signup");
    expect(get.status).toBe(405);
  });
});

describe("POST /api/client/business/create", () => {
  it("creates the caller's business with the NAICS code as a number and the band's median", async () => {
    const { user, token } = await signedIn();
    const response = await createBusiness(business, token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    const now = new Date();
    const memberSince = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    expect(body).toEqual({
      _id: expect.any(String),
      name: "Tidewater Bicycle Works",
      city: "Portland",
      state: "ME",
      employeeCount: "0-25",
      numberOfEmployees: 13,
      revenue: "5-10 million",
      naics: 459110,
      clientRole: "Owner",
      createdBy: { role: "client" },
      memberTier: "BASIC",
      memberSince,
      stripeId: null,
      quickbooks: null,
      naicsReport: null,
      benchmarking: { yearsPurchased: [] },
      insightMarketingPreferences: expect.any(Object),
      events: { insights: [], valueInsights: [], engagements: [] },
    });

    const rows = await businessesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body._id, naics: "459110", numberOfEmployees: 13, employeeBand: "0-25" });

    const me = (await (await call("/api/client/auth", { cookie: token })).json()) as { business: { _id: string } };
    expect(me.business._id).toBe(body._id);
  });

  it("accepts the NAICS code as a six-digit string and stores each band's median", async () => {
    const medians = { "25-50": 38, "50-100": 75, "100-150": 125, "150+": 150 } as const;
    for (const [employeeCount, median] of Object.entries(medians)) {
      const { token } = await signedIn();
      const response = await createBusiness({ ...business, naics: "541611", employeeCount }, token);
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ naics: 541611, employeeCount, numberOfEmployees: median });
    }
  });

  it("refuses a made-up NAICS code with NAICS_UNKNOWN_MESSAGE and writes nothing", async () => {
    const { user, token } = await signedIn();
    for (const naics of [999999, "999999", 111111]) {
      const response = await createBusiness({ ...business, naics }, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ msg: NAICS_UNKNOWN_MESSAGE, errors: { naics: NAICS_UNKNOWN_MESSAGE } });
    }
    expect(await businessesOf(user.id)).toHaveLength(0);
  });

  it("answers 400 with the spec's texts for a bad NAICS format and the placeholders", async () => {
    const { user, token } = await signedIn();
    for (const naics of [45911, "45911", "45911a", "4591100", null]) {
      const response = await createBusiness({ ...business, naics }, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        msg: "NAICS must be a 6-digit number",
        errors: { naics: NAICS_FORMAT_MESSAGE },
      });
    }
    const placeholders = await createBusiness({ ...business, revenue: "", employeeCount: "25 - 50" }, token);
    expect(placeholders.status).toBe(400);
    expect(((await placeholders.json()) as { errors: unknown }).errors).toEqual({
      revenue: "Please select your revenue",
      employeeCount: "Please select the number of employees",
    });

    const empty = await createBusiness({}, token);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { errors: unknown }).errors).toEqual({
      name: "Enter your company name.",
      clientRole: "Enter your role.",
      city: "Enter your city.",
      state: "Select your state.",
      naics: NAICS_FORMAT_MESSAGE,
      revenue: "Please select your revenue",
      employeeCount: "Please select the number of employees",
    });

    const malformed = await call("/api/client/business/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{name:",
      cookie: token,
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ msg: "The request body is not valid JSON." });
    expect(await businessesOf(user.id)).toHaveLength(0);
  });

  it("answers 401 without a session and 403 for staff", async () => {
    const anonymous = await createBusiness(business);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ msg: "You are not signed in." });

    for (const role of ["manager", "consultant"] as const) {
      const { user, token } = await signedIn({ role });
      const response = await createBusiness(business, token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ msg: "Only business accounts can set up a business." });
      expect(await businessesOf(user.id)).toHaveLength(0);
    }
  });

  it("refuses a second business with 409, also when two requests race", async () => {
    const existing = await signedInClient();
    const second = await createBusiness(business, existing.token);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ msg: "Your business is already set up." });
    expect(await businessesOf(existing.user.id)).toHaveLength(1);

    const racer = await signedIn();
    const responses = await Promise.all([createBusiness(business, racer.token), createBusiness(business, racer.token)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await businessesOf(racer.user.id)).toHaveLength(1);
  });
});

describe("agreements", () => {
  const documents = [
    { path: "/api/agreements/privacy-policy", heading: "Privacy Policy", section: "5. How long we keep information" },
    {
      path: "/api/agreements/terms-and-conditions",
      heading: "Terms and Conditions",
      section: "6. Engagements and billing by phase",
    },
  ];

  for (const { path, heading, section } of documents) {
    it(`serves ${heading} as a readable page, with and without the trailing slash`, async () => {
      for (const url of [`${path}/`, path]) {
        const response = await call(url);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toContain("text/html");
        expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
        const page = await response.text();
        expect(page).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
        expect(page).toContain(`>${section}</h2>`);
        expect(page).toContain("Effective date: <!-- -->Nov 21, 2026");
        expect(page).toContain("support@partwise.com");
      }
    });
  }
});

describe("sign-up pages", () => {
  it("shows the chooser and the consultant answer; a signed-in visitor goes home", async () => {
    const chooser = await call("/Signup");
    expect(chooser.status).toBe(200);
    const page = await chooser.text();
    expect(page).toContain("Join our community");
    expect(page).toContain(html("I'm a Business"));
    expect(page).toContain("Already have an account? Sign in!");
    expect(page).not.toContain("Consulting Sign Up Not Yet Available");

    // Both cards are links; the consultant's leads to its own page (the old query redirects there).
    expect(page).toContain('href="/Signup/client-personal-details"');
    expect(page).toContain('href="/Signup/consultant"');
    const old = await call("/Signup?type=consultant");
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe("/Signup/consultant");
    const consultant = await (await call("/Signup/consultant")).text();
    expect(consultant).toContain("Consulting Sign Up Not Yet Available");
    expect(consultant).toContain("Consultants join Partwise by invitation from an Engagement Manager.");
    expect(consultant).toContain('href="mailto:support@partwise.com?subject=Consultant%20application"');

    const client = await signedInClient();
    const redirected = await call("/Signup", { cookie: client.token });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe("/dashboard");
    const details = await call("/signup/client-personal-details", { cookie: client.token });
    expect(details.headers.get("Location")).toBe("/dashboard");
    const consultantPage = await call("/Signup/consultant", { cookie: client.token });
    expect(consultantPage.headers.get("Location")).toBe("/dashboard");
  });

  it("serves personal details at both spellings of the path", async () => {
    for (const path of ["/Signup/client-personal-details", "/signup/client-personal-details"]) {
      const response = await call(path);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain(html("Let's Get Started"));
      expect(page).toContain('href="/api/agreements/privacy-policy/"');
      expect(page).toContain('href="/api/agreements/terms-and-conditions/"');
    }
  });

  it("goes from personal details to business details to plan selection with form posts", async () => {
    const input = person();
    const mismatch = await postForm("/Signup/client-personal-details", {
      ...input,
      confirmPassword: "Harbor-light-43",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");

    const weak = await postForm("/Signup/client-personal-details", {
      ...input,
      password: "weak",
      confirmPassword: "weak",
    });
    expect(weak.status).toBe(400);
    const weakPage = await weak.text();
    expect(weakPage).toContain(PASSWORD_RULES_MESSAGE);
    expect(weakPage).not.toContain('value="weak"');

    const { user } = await createUser();
    const taken = await postForm("/Signup/client-personal-details", { ...input, email: user.email });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Email is already taken");

    const created = await postForm("/signup/client-personal-details", input);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/signup-business");
    const token = sessionTokenFrom(created)!;
    expect(token).toBeTruthy();
    const newUser = await userRow(input.email);
    expect(newUser.firstName).toBe("Avery");

    const form = await call("/signup-business", { cookie: token });
    expect(form.status).toBe(200);
    const formPage = await form.text();
    expect(formPage).toContain("Tell us about your business");
    expect(formPage).toContain("Select revenue");
    expect(formPage).toContain("5-10 Million");
    expect(formPage).toContain("Select number of employees");
    expect(formPage).toContain('href="/naics"');

    const fields = { ...business, naics: "999999" };
    const unknown = await postForm("/signup-business", fields, token);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(NAICS_UNKNOWN_MESSAGE));

    const unchosen = await postForm(
      "/signup-business",
      { ...fields, naics: "4591", revenue: "", employeeCount: "" },
      token,
    );
    expect(unchosen.status).toBe(400);
    const unchosenPage = await unchosen.text();
    expect(unchosenPage).toContain("NAICS must be a 6-digit number");
    expect(unchosenPage).toContain("Please select your revenue");
    expect(unchosenPage).toContain("Please select the number of employees");
    expect(await businessesOf(newUser.id)).toHaveLength(0);

    const done = await postForm("/signup-business", { ...fields, naics: "459110" }, token);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/plan-select");
    const rows = await businessesOf(newUser.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Tidewater Bicycle Works", naics: "459110", numberOfEmployees: 13 });

    // Set up now: business details send the client to the dashboard.
    const after = await call("/signup-business", { cookie: token });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/dashboard");
    const repost = await postForm("/signup-business", { ...fields, naics: "459110" }, token);
    expect(repost.headers.get("Location")).toBe("/dashboard");
    expect(await businessesOf(newUser.id)).toHaveLength(1);
  });

  it("sends visitors without a session to / and staff to their home", async () => {
    const anonymous = await call("/signup-business");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const anonymousPost = await postForm("/signup-business", { ...business, naics: "459110" });
    expect(anonymousPost.headers.get("Location")).toBe("/");

    const manager = await signedInManager();
    const page = await call("/signup-business", { cookie: manager.token });
    expect(page.headers.get("Location")).toBe("/manage");
    const managerPost = await postForm("/signup-business", { ...business, naics: "459110" }, manager.token);
    expect(managerPost.headers.get("Location")).toBe("/manage");
    expect(await businessesOf(manager.user.id)).toHaveLength(0);
  });
});
