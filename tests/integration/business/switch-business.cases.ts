import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { businessMembers, businesses, sessions } from "~db/schema";
import { SWITCHER_TEXTS } from "~/lib/business/switch-business";
import { signedInClient, signedInMember, type SignedInClient } from "../../factories";
import { call, db, html, postForm, sessionTokenFrom, sha256Hex, signIn } from "../helpers";

/**
 * Switching businesses (issue #38 item 1, docs/decisions/068): an outside accountant who owns a
 * business of their own and is a viewer of another switches between them. POST /switch-business
 * sets the CURRENT session's business on a conditional UPDATE claiming the membership; a business
 * they are not a member of is a 404 and writes nothing; GET /api/client/auth answers the switch.
 */

type Auth = { business: { _id: string; name: string } | null; member: { role: string } | null };

let accountant: SignedInClient;
let client: SignedInClient;
let stranger: SignedInClient;

beforeAll(async () => {
  accountant = await signedInClient();
  client = await signedInClient();
  stranger = await signedInClient();
  await db().update(businesses).set({ name: "Ledger & Co." }).where(eq(businesses.id, accountant.business.id));
  await db().update(businesses).set({ name: "Birch Bakery" }).where(eq(businesses.id, client.business.id));
  await db().update(businesses).set({ name: "Stranger Things Ltd" }).where(eq(businesses.id, stranger.business.id));
  await db()
    .insert(businessMembers)
    .values({ businessId: client.business.id, userId: accountant.user.id, role: "viewer" });
});

const auth = async (token: string) => (await (await call("/api/client/auth", { cookie: token })).json()) as Auth;
const sessionBusiness = async (token: string) =>
  (
    await db()
      .select({ businessId: sessions.businessId })
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(token)))
  )[0]?.businessId;

describe("the app shell", () => {
  it("names the current business and, for a person in several, lists them with their role in a labelled form", async () => {
    const page = await (await call("/dashboard", { cookie: accountant.token })).text();
    expect(page).toContain(`>${SWITCHER_TEXTS.current}</p>`);
    expect(page).toContain(`data-testid="current-business">${html("Ledger & Co.")}</p>`);
    expect(page).toContain(`action="/switch-business"`);
    expect(page).toContain(`>${SWITCHER_TEXTS.label}</label>`);
    expect(page).toContain(`>${html(SWITCHER_TEXTS.option("Ledger & Co.", "Owner"))}</option>`);
    expect(page).toContain(`>${html(SWITCHER_TEXTS.option("Birch Bakery", "Viewer"))}</option>`);
    expect(page).not.toContain("Stranger Things Ltd");
    expect(page).toContain(`>${SWITCHER_TEXTS.button}</button>`);
  });

  it("shows a person with one business its name and no switcher", async () => {
    const page = await (await call("/dashboard", { cookie: stranger.token })).text();
    expect(page).toContain(`data-testid="current-business">Stranger Things Ltd</p>`);
    expect(page).not.toContain(`action="/switch-business"`);
  });
});

describe("POST /switch-business", () => {
  it("switches this session only to a business the person belongs to, then the dashboard; GET /api/client/auth follows", async () => {
    const other = sessionTokenFrom(await signIn(accountant.user.email));
    expect(other).toBeTruthy();
    expect(await auth(accountant.token)).toMatchObject({
      business: { _id: accountant.business.id },
      member: { role: "owner" },
    });

    const switched = await postForm("/switch-business", { businessId: client.business.id }, accountant.token);
    expect(switched.status).toBe(303);
    expect(switched.headers.get("Location")).toBe("/dashboard");
    expect(await sessionBusiness(accountant.token)).toBe(client.business.id);
    expect(await auth(accountant.token)).toMatchObject({
      business: { _id: client.business.id, name: "Birch Bakery" },
      member: { role: "viewer" },
    });
    const page = await (await call("/dashboard", { cookie: accountant.token })).text();
    expect(page).toContain(`data-testid="current-business">Birch Bakery</p>`);

    // The person's other session still works in the business it had.
    expect(await sessionBusiness(other!)).toBeNull();
    expect(await auth(other!)).toMatchObject({ business: { _id: accountant.business.id }, member: { role: "owner" } });

    // And back.
    const back = await postForm("/switch-business", { businessId: accountant.business.id }, accountant.token);
    expect(back.status).toBe(303);
    expect(await auth(accountant.token)).toMatchObject({
      business: { _id: accountant.business.id },
      member: { role: "owner" },
    });
  });

  it("answers 404 and writes nothing for a business the person is not a member of, or none at all", async () => {
    const before = await sessionBusiness(accountant.token);
    for (const businessId of [stranger.business.id, "biz-does-not-exist"]) {
      const refused = await postForm("/switch-business", { businessId }, accountant.token);
      expect(refused.status, businessId).toBe(404);
      expect(await sessionBusiness(accountant.token)).toBe(before);
    }
    expect((await auth(accountant.token)).business?._id).not.toBe(stranger.business.id);
  });

  it("answers 400 for a missing business, redirects a GET to the dashboard, and sends a signed-out visitor to the login", async () => {
    expect((await postForm("/switch-business", {}, accountant.token)).status).toBe(400);
    const get = await call("/switch-business", { cookie: accountant.token });
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe("/dashboard");
    const anonymous = await postForm("/switch-business", { businessId: client.business.id });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });

  it("lets a viewer switch (switching is not a business action) and a member removed from a business fall back", async () => {
    const member = await signedInMember(client.business.id, "member");
    await db()
      .insert(businessMembers)
      .values({ businessId: stranger.business.id, userId: member.user.id, role: "viewer" });
    expect((await postForm("/switch-business", { businessId: stranger.business.id }, member.token)).status).toBe(303);
    expect(await auth(member.token)).toMatchObject({
      business: { _id: stranger.business.id },
      member: { role: "viewer" },
    });
    await db().delete(businessMembers).where(eq(businessMembers.userId, member.user.id));
    await db()
      .insert(businessMembers)
      .values({ businessId: client.business.id, userId: member.user.id, role: "member" });
    expect(await auth(member.token)).toMatchObject({
      business: { _id: client.business.id },
      member: { role: "member" },
    });
  });
});

describe("POST /api/client/business/create by a member of another business", () => {
  it("creates their own business (one at most), the session then works in it, and the other membership stays", async () => {
    const member = await signedInMember(client.business.id, "admin");
    const fields = {
      name: "Outside Books LLC",
      city: "Portland",
      state: "ME",
      employeeCount: "0-25",
      revenue: "5-10 million",
      naics: 541211,
      clientRole: "Owner",
    };
    const created = await call("/api/client/business/create", { json: fields, cookie: member.token });
    expect(created.status, await created.clone().text()).toBe(201);
    const body = (await created.json()) as { _id: string };
    expect(await auth(member.token)).toMatchObject({ business: { _id: body._id }, member: { role: "owner" } });
    const again = await call("/api/client/business/create", {
      json: { ...fields, name: "Second" },
      cookie: member.token,
    });
    expect(again.status).toBe(409);
    const page = await (await call("/dashboard", { cookie: member.token })).text();
    expect(page).toContain(`>${html(SWITCHER_TEXTS.option("Birch Bakery", "Admin"))}</option>`);
    expect(page).toContain(`>${html(SWITCHER_TEXTS.option("Outside Books LLC", "Owner"))}</option>`);
  });
});

describe("/signup-business for a member of other businesses who owns none", () => {
  it("is linked from the shell, shows the form without the sign-up step, creates theirs and goes on to the plans", async () => {
    const member = await signedInMember(client.business.id, "viewer");
    const shell = await (await call("/dashboard", { cookie: member.token })).text();
    expect(shell).toContain(`href="/signup-business"`);
    expect(shell).toContain(`>${SWITCHER_TEXTS.createOwn}</a>`);
    // An owner is not offered it, and the page sends them home.
    const ownerShell = await (await call("/dashboard", { cookie: client.token })).text();
    expect(ownerShell).not.toContain(SWITCHER_TEXTS.createOwn);
    const ownerPage = await call("/signup-business", { cookie: client.token });
    expect(ownerPage.status).toBe(302);
    expect(ownerPage.headers.get("Location")).toBe("/dashboard");

    const form = await call("/signup-business", { cookie: member.token });
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain("Tell us about your business");
    expect(page).not.toContain("Step 2 of 3");
    expect(page).toContain(`href="/dashboard">${html(SWITCHER_TEXTS.backTo("Birch Bakery"))}</a>`);

    const created = await postForm(
      "/signup-business",
      {
        name: "Viewer Books LLC",
        city: "Portland",
        state: "ME",
        employeeCount: "0-25",
        revenue: "5-10 million",
        naics: "541211",
        clientRole: "Owner",
      },
      member.token,
    );
    expect(created.status, await created.clone().text()).toBe(302);
    expect(created.headers.get("Location")).toBe("/plan-select");
    expect(await auth(member.token)).toMatchObject({
      business: { name: "Viewer Books LLC" },
      member: { role: "owner" },
    });
    // Now an owner: no more link, and the page sends them home.
    const after = await (await call("/dashboard", { cookie: member.token })).text();
    expect(after).not.toContain(SWITCHER_TEXTS.createOwn);
    expect((await call("/signup-business", { cookie: member.token })).headers.get("Location")).toBe("/dashboard");
  });
});
