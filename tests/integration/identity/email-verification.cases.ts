import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultantPayoutAccounts, emailChanges, emailOutbox, purchases, staffInvitations, users } from "~db/schema";
import { sendVerificationLink } from "~/server/identity/email-verification.server";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import {
  call,
  createConsultant,
  createInsightRequestRow,
  db,
  html,
  postForm,
  sessionTokenFrom,
  sha256Hex,
} from "../helpers";
import { createSignedOutline, sendWithStripe } from "../helpers/deliverables";
import { paidEngagement, payoutAccount, stubApp, transfersOf } from "../payouts/helpers";

/**
 * Verified email (issue #38 item 4, docs/decisions/070): a new account proves its address by a
 * link (the change-of-address machinery: /verify-email, once, the newest only, expiring); until
 * then the shells show a banner and paying, payouts and invitations wait, refused on the server.
 */

const UNVERIFIED =
  "Confirm your email address first: open the link we sent you, or send it again from the banner at the top of the page.";
const BANNER_TITLE = "Confirm your email address";
const banner = (email: string) =>
  `We sent a link to ${email}. Open it to confirm your address: paying, inviting colleagues and receiving payouts wait until you do.`;
const RESENT = (email: string) => `We sent a new link to ${email}. It works for 7 days.`;
const LIMITED = "You asked for several links in a short time. Please wait an hour and try again.";
const INVALID_LINK = "This link has expired or was already used. Sign in to ask for a new one.";
const CONFIRMED = (email: string) =>
  `Thank you: ${email} is confirmed. Paying, inviting colleagues and payouts are open to you.`;
const ORIGIN = "https://partwise.test";

let counter = 0;
const fresh = (name: string) => `${name}-${Date.now().toString(36)}${counter++}@example.test`;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** The token of the newest verification link emailed to `address`. */
async function linkTo(address: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, "email_verification")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? "");
  if (!match) throw new Error(`no verification link to ${address}`);
  return match[1]!;
}
const mailsTo = (address: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, "email_verification")));
const confirm = (token: string) => postForm("/verify-email", { token });
const resend = (cookie: string, returnTo = "/dashboard") => postForm("/verify-email/send", { returnTo }, cookie);

describe("sign-up: a new client starts unverified and gets a link", () => {
  it("POST /api/client/auth/signup → unverified, the link by email; GET shows, POST confirms, once", async () => {
    const email = fresh("newcomer");
    const password = "Partwise-new-1";
    const signup = await call("/api/client/auth/signup", {
      json: { firstName: "Nia", lastName: "Cole", phone: "(207) 555-0101", email, password, confirmPassword: password },
    });
    expect(signup.status).toBe(201);
    const cookie = sessionTokenFrom(signup)!;
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: "Confirm your email address for Partwise", status: "sent" });
    expect(mail!.textBody).toContain("The link works once and expires in 7 days.");

    // The shell's banner, once the business exists.
    const business = await call("/api/client/business/create", {
      cookie,
      json: {
        name: "Cole Bakery",
        city: "Portland",
        state: "ME",
        employeeCount: "0-25",
        revenue: "5-10 million",
        naics: 459110,
        clientRole: "Owner",
      },
    });
    expect(business.status).toBe(201);
    const dashboard = await (await call("/dashboard", { cookie })).text();
    expect(dashboard).toContain(BANNER_TITLE);
    expect(dashboard).toContain(html(banner(email)));
    expect(dashboard).toContain("Send the link again");

    const token = await linkTo(email);
    // Opening it (a mail scanner) changes nothing.
    const page = await call(`/verify-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(html(`Confirm that ${email} is your email address?`));
    expect((await userRow(user!.id)).emailVerifiedAt).toBeNull();

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(html(CONFIRMED(email)));
    const after = await userRow(user!.id);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(after.email).toBe(email);
    // Nobody is told the address "changed".
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "email_changed"))),
    ).toEqual([]);
    // Once: the same link again says it is used.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(INVALID_LINK));
    // And the banner is gone.
    expect(await (await call("/dashboard", { cookie })).text()).not.toContain(BANNER_TITLE);
  });
});

describe("the link: the newest only, expiring; resend limited", () => {
  it("a resent link makes the older one dead; an expired one does nothing", async () => {
    const client = await signedInClient({ unverified: true });
    const first = await resend(client.token);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/dashboard?verify-email=sent");
    const older = await linkTo(client.user.email);
    await resend(client.token);
    const newer = await linkTo(client.user.email);
    expect(newer).not.toBe(older);
    expect((await confirm(older)).status).toBe(400);
    expect((await userRow(client.user.id)).emailVerifiedAt).toBeNull();

    // Expired: the row's end is passed.
    await db()
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, client.user.id));
    const expired = await confirm(newer);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain(html(INVALID_LINK));
    expect((await userRow(client.user.id)).emailVerifiedAt).toBeNull();

    await resend(client.token);
    expect((await confirm(await linkTo(client.user.email))).status).toBe(200);
    expect((await userRow(client.user.id)).emailVerifiedAt).not.toBeNull();
  });

  it("two confirmations of one link at once verify once", async () => {
    const client = await signedInClient({ unverified: true });
    await resend(client.token);
    const token = await linkTo(client.user.email);
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
  });

  it("'Send the link again' is limited per account, and says so on the page it came from", async () => {
    const client = await signedInClient({ unverified: true });
    for (let i = 0; i < 5; i++) {
      expect((await resend(client.token, "/features?focus=Insights")).headers.get("Location")).toBe(
        "/features?focus=Insights&verify-email=sent",
      );
    }
    const limited = await resend(client.token, "/features?focus=Insights");
    expect(limited.headers.get("Location")).toBe("/features?focus=Insights&verify-email=limited");
    expect(await mailsTo(client.user.email)).toHaveLength(5);
    const page = await (await call("/dashboard?verify-email=limited", { cookie: client.token })).text();
    expect(page).toContain(html(LIMITED));
    const sent = await (await call("/dashboard?verify-email=sent", { cookie: client.token })).text();
    expect(sent).toContain(html(RESENT(client.user.email)));
    // A return address off the site goes home instead.
    expect(
      (await postForm("/verify-email/send", { returnTo: "//evil.test/x" }, client.token)).headers.get("Location"),
    ).toBe("/?verify-email=limited");
    // No session: the login screen; nothing sent.
    expect((await postForm("/verify-email/send", { returnTo: "/" })).status).toBe(302);
  });

  it("a verified account is sent nothing", async () => {
    const client = await signedInClient();
    expect((await resend(client.token)).headers.get("Location")).toBe("/dashboard?verify-email=sent");
    expect(await mailsTo(client.user.email)).toEqual([]);
    expect(await (await call("/dashboard", { cookie: client.token })).text()).not.toContain(BANNER_TITLE);
  });
});

describe("paying waits for the verified email", () => {
  it("every checkout is refused with the reason and writes nothing; after the link, it starts", async () => {
    const client = await signedInClient({ unverified: true });
    const businessId = client.business.id;
    const insight = await createInsightRequestRow(businessId);
    const consultant = await createConsultant();
    const { outline, items } = await createSignedOutline(businessId, consultant.user.id);

    const insightCheckout = () =>
      call("/api/payments/create-insight-checkout", {
        cookie: client.token,
        json: { businessId, insightId: insight.id },
      });
    const refusedInsight = await insightCheckout();
    expect(refusedInsight.status).toBe(403);
    expect(await refusedInsight.json()).toEqual({ msg: UNVERIFIED });

    const item = await call("/api/payments/create-item-session", {
      cookie: client.token,
      json: { deliveryItemId: items[0]!.id, deliveryOutlineId: outline.id },
    });
    expect(item.status).toBe(403);
    expect(await item.json()).toEqual({ msg: UNVERIFIED });

    const benchmarking = await call("/api/payments/update-business-benchmarking", {
      cookie: client.token,
      method: "PUT",
      json: { businessId },
    });
    expect(benchmarking.status).toBe(403);
    expect(await benchmarking.json()).toEqual({ msg: UNVERIFIED });

    const plan = await call("/api/payments/create-checkout-session", {
      cookie: client.token,
      json: { lookup_key: "STANDARD_PLAN_MONTHLY" },
    });
    expect(plan.status).toBe(303);
    expect(plan.headers.get("Location")).toBe("/plan-select?notice=email-unverified");
    const planPage = await (await call("/plan-select?notice=email-unverified", { cookie: client.token })).text();
    expect(planPage).toContain(html(UNVERIFIED));
    expect(planPage).toContain(BANNER_TITLE);

    // The pages' buttons: the insight's Pay Now, the engagement's Prepay, the wizard's pay.
    const payNow = await postForm("/features", { intent: "pay", insightId: insight.id }, client.token);
    expect(payNow.headers.get("Location")).toBe("/features?focus=Insights&notice=email-unverified");
    expect(
      await (await call("/features?focus=Insights&notice=email-unverified", { cookie: client.token })).text(),
    ).toContain(html(UNVERIFIED));
    const prepay = await postForm("/features", { intent: "prepay", deliveryOutlineId: outline.id }, client.token);
    expect(prepay.status).toBe(403);
    expect(await prepay.text()).toContain(html(UNVERIFIED));
    const buy = await postForm("/benchmarking", { intent: "buy" }, client.token);
    expect(buy.status).toBe(403);
    expect(await buy.text()).toContain(html(UNVERIFIED));

    expect(await db().select().from(purchases).where(eq(purchases.businessId, businessId))).toEqual([]);

    // Verified through the link: the same click starts the checkout.
    await resend(client.token);
    expect((await confirm(await linkTo(client.user.email))).status).toBe(200);
    const started = await insightCheckout();
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ url: expect.any(String) });
    expect(await db().select().from(purchases).where(eq(purchases.businessId, businessId))).toHaveLength(1);
  });

  it("'approve and prepay the next' waits (nothing decided); pause still works", async () => {
    const { client, outline, item } = await paidEngagement({ count: 2 });
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, client.user.id));
    const review = (decision: string) =>
      call("/api/delivery-outline/business/item-review", {
        cookie: client.token,
        method: "PUT",
        json: { deliveryItemId: item.id, deliveryOutlineId: outline.id, decision, businessNotes: "" },
      });
    const refused = await review("prepay");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ msg: UNVERIFIED });
    expect(await transfersOf(item.id)).toEqual([]);
    expect((await review("pause")).status).toBe(200);
  });
});

describe("payouts wait for the verified email", () => {
  it("Set up payouts is refused with the reason, and no account is made", async () => {
    const consultant = await signedInConsultant({ unverified: true });
    const portal = await (await call("/consultant", { cookie: consultant.token })).text();
    expect(portal).toContain(html(banner(consultant.user.email)));
    const setup = await postForm("/consultant/payouts", { intent: "setup" }, consultant.token);
    expect(setup.status).toBe(403);
    expect(await setup.text()).toContain(html(UNVERIFIED));
    expect(
      await db()
        .select()
        .from(consultantPayoutAccounts)
        .where(eq(consultantPayoutAccounts.consultantUserId, consultant.user.id)),
    ).toEqual([]);
  });

  it("a transfer to an unverified consultant is held, and sent when the link is opened", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, consultant.user.id));
    const approved = await sendWithStripe("/api/delivery-outline/business/item-review", {
      token: client.token,
      method: "PUT",
      json: { deliveryItemId: item.id, deliveryOutlineId: outline.id, decision: "pause", businessNotes: "" },
    });
    expect(approved.status).toBe(200);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "held", attempts: 0 }]);

    expect(await sendVerificationLink(stubApp(), consultant.user.id, ORIGIN)).toEqual({ ok: true, sent: true });
    const token = await linkTo(consultant.user.email);
    const confirmed = await sendWithStripe("/verify-email", { form: { token } });
    expect(confirmed.status).toBe(200);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 1 }]);
  });
});

describe("accounts made from an emailed invitation are verified", () => {
  it("staff invited by an admin: verified at acceptance, no banner; the command line's printed link: a link is sent", async () => {
    const admin = await signedInManager();
    const email = fresh("staff");
    await postForm(
      "/manage/staff",
      { intent: "invite", firstName: "Riley", lastName: "Park", email, staffRole: "manager" },
      admin.token,
    );
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "staff_invitation")));
    const invitation = /\/staff-invitation\/([A-Za-z0-9_-]{43})/.exec(mail!.textBody)![1]!;
    const accepted = await postForm(`/staff-invitation/${invitation}`, {
      password: "Staff-member-2026!",
      confirmPassword: "Staff-member-2026!",
    });
    expect(accepted.status).toBe(302);
    const [staff] = await db().select().from(users).where(eq(users.email, email));
    expect(staff!.emailVerifiedAt).not.toBeNull();
    expect(await mailsTo(email)).toEqual([]);
    const console = await (await call("/manage", { cookie: sessionTokenFrom(accepted) })).text();
    expect(console).not.toContain(BANNER_TITLE);

    // `npm run staff:invite`'s invitation has no inviter: its link was printed, not emailed.
    const printed = fresh("first-admin");
    const realToken = `${crypto.randomUUID().replace(/-/g, "")}abcdefghijk`;
    await db()
      .insert(staffInvitations)
      .values({
        id: crypto.randomUUID(),
        email: printed,
        firstName: "Ada",
        lastName: "First",
        staffRole: "admin",
        tokenHash: await sha256Hex(realToken),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const first = await postForm(`/staff-invitation/${realToken}`, {
      password: "Staff-member-2026!",
      confirmPassword: "Staff-member-2026!",
    });
    expect(first.status).toBe(302);
    const [firstAdmin] = await db().select().from(users).where(eq(users.email, printed));
    expect(firstAdmin!.emailVerifiedAt).toBeNull();
    expect(await mailsTo(printed)).toHaveLength(1);
    const unverifiedConsole = await (await call("/manage", { cookie: sessionTokenFrom(first) })).text();
    expect(unverifiedConsole).toContain(html(banner(printed)));
  });
});
