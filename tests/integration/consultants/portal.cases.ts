import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  consultantPayoutAccounts,
  consultantProfileDrafts,
  consultantTransfers,
  deliveryItems,
  notifications,
} from "~db/schema";
import { heldForSetupText, PORTAL_HOME_TEXTS } from "~/lib/consultants/portal";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  createOutlineRows,
  db,
  html,
  sessionTokenFrom,
  signIn,
  signedIn,
  postForm,
} from "../helpers";
import { createPaidPurchase, createSignedOutline } from "../helpers/deliverables";
import { createClient } from "../../factories";

/**
 * The consultant portal's home: what needs the consultant (their profile while onboarding or under
 * review, the candidacies to answer), only their own, and a plain sentence when nothing does.
 */

async function vettedSession() {
  const { user } = await createConsultant();
  const response = await signIn(user.email);
  expect(response.status).toBe(200);
  return { user, token: sessionTokenFrom(response)! };
}

async function proposed(consultantId: string, businessName: string) {
  const owner = await createClient();
  await db().update(businesses).set({ name: businessName }).where(eq(businesses.id, owner.business.id));
  const request = await createMatchRequestRow(owner.business.id, { status: "candidates_proposed" });
  return createCandidateRow(request.id, owner.business.id, consultantId);
}

describe("the portal home", () => {
  it("says plainly that nothing needs a published consultant without candidacies", async () => {
    const me = await vettedSession();
    const response = await call("/consultant", { cookie: me.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("What needs you");
    expect(body).toContain(
      html("Nothing needs you right now. We email you when a business's request is proposed to you."),
    );
    expect(body).not.toContain("Complete your profile");
  });

  it("lists the candidacies to answer, the consultant's own only, linking to each", async () => {
    const me = await vettedSession();
    const other = await vettedSession();
    const mine = await proposed(me.user.id, "Mine Co.");
    await proposed(other.user.id, "Theirs Co.");
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).toContain("Candidacies to answer");
    expect(body).toContain("1 candidacy waits for your answer.");
    expect(body).toContain(`href="/consultant/candidacies/${mine.id}"`);
    expect(body).toContain("Mine Co.");
    expect(body).not.toContain("Theirs Co.");
    expect(body).toContain('href="/consultant/candidacies"');
    expect(body).not.toContain("Nothing needs you right now.");
  });

  it("shows an onboarding consultant their profile's progress and the link to complete it", async () => {
    const me = await signedIn({ role: "consultant" });
    await db()
      .insert(consultantProfileDrafts)
      .values({ userId: me.user.id, fields: { headline: "Ops lead", bio: "Ten years.", missionStatement: "Calm." } });
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).toContain("Finish your profile");
    expect(body).toMatch(/\d of \d sections complete/);
    expect(body).toContain('href="/consultant/profile"');
    expect(body).toContain("Complete your profile");
  });

  it("shows the manager's notes when changes were requested on a published profile", async () => {
    const me = await vettedSession();
    await db()
      .insert(consultantProfileDrafts)
      .values({
        userId: me.user.id,
        fields: { headline: "New headline" },
        status: "changes_requested",
        reviewNotes: "Name the retailers you worked with.",
      });
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).toContain("Changes requested on your profile");
    expect(body).toContain("Name the retailers you worked with.");
    expect(body).toContain("Revise your profile");
  });

  it("says a submitted change waits for review", async () => {
    const me = await vettedSession();
    await db()
      .insert(consultantProfileDrafts)
      .values({
        userId: me.user.id,
        fields: { headline: "New headline" },
        status: "submitted",
        submittedAt: new Date(),
      });
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).toContain(
      html("Your profile changes are waiting for review. Businesses see your published profile until then."),
    );
  });

  it("names the sections in the navigation", async () => {
    const me = await vettedSession();
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).toContain('href="/consultant"');
    expect(body).toContain(">Home<");
    expect(body).toContain(">Candidacies<");
  });
});

describe("the portal home's engagement work", () => {
  /**
   * For `me`: a match with no plan yet, a plan the manager sent back, a signed engagement with a
   * paid deliverable to deliver, one sent back for revision and an approved one whose transfer is
   * held (no payout account).
   */
  async function busyConsultant(me: { id: string }) {
    const owner = await createClient();
    await db().update(businesses).set({ name: "Work Co." }).where(eq(businesses.id, owner.business.id));
    const toDraft = await createMatchRequestRow(owner.business.id, {
      status: "consultant_matched",
      matchedConsultantId: me.id,
      category: "finance",
    });
    const sentBackMatch = await createMatchRequestRow(owner.business.id, {
      status: "outline_proposed",
      matchedConsultantId: me.id,
    });
    const sentBack = await createOutlineRows(sentBackMatch, {
      outline: { title: "Cash plan", state: "proposed", egmReviewStatus: "revision" },
    });
    const running = await createSignedOutline(owner.business.id, me.id, {
      outline: { title: "Growth plan" },
      items: [
        { title: "Approved part", status: "approved", position: 1 },
        { title: "Part to deliver", status: "active", position: 2, deliveryDate: "2026-12-16" },
        { title: "Part to redo", status: "revision", position: 3 },
        { title: "Unpaid part", status: "upcoming", position: 4 },
      ],
    });
    for (const item of running.items.slice(0, 3)) {
      const purchaseId = await createPaidPurchase(owner.business.id, item.id);
      await db().update(deliveryItems).set({ paidPurchaseId: purchaseId }).where(eq(deliveryItems.id, item.id));
    }
    await db().insert(consultantTransfers).values({
      id: crypto.randomUUID(),
      itemId: running.items[0]!.id,
      outlineId: running.outline.id,
      businessId: owner.business.id,
      consultantUserId: me.id,
      chargedCents: 150_000,
      feeCents: 30_000,
      amountCents: 120_000,
      status: "held",
    });
    return { toDraft, sentBack, running };
  }

  it("lists the deliverables to deliver, the plans to revise or draft and the money held, linking to each; another consultant sees none of it", async () => {
    const me = await vettedSession();
    const other = await vettedSession();
    const { toDraft, sentBack, running } = await busyConsultant(me.user);
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).not.toContain(html(PORTAL_HOME_TEXTS.nothingNeeded));

    expect(body).toContain("Deliverables to deliver");
    const [, toDeliver, toRedo, unpaid] = running.items;
    expect(body).toContain(`href="/consultant/engagements/${running.outline.id}/items/${toDeliver!.id}"`);
    expect(body).toContain(`href="/consultant/engagements/${running.outline.id}/items/${toRedo!.id}"`);
    expect(body).not.toContain(`/items/${unpaid!.id}"`);
    expect(body).toContain("Due Dec 16, 2026");
    expect(body).toContain(">In revision<");

    expect(body).toContain("Plans to finish or revise");
    expect(body).toContain(`href="/consultant/engagements/${sentBack.outline.id}"`);
    expect(body).toContain("Sent back by the engagement manager");
    expect(body).not.toContain(`href="/consultant/engagements/${running.outline.id}"`);

    expect(body).toContain("Plans to draft");
    expect(body).toContain(`href="/consultant/engagements/new?matchId=${toDraft.id}"`);

    expect(body).toContain(html(heldForSetupText("$1,200.00")));
    expect(body).toContain('href="/consultant/payouts"');

    const theirs = await (await call("/consultant", { cookie: other.token })).text();
    expect(theirs).toContain(html(PORTAL_HOME_TEXTS.nothingNeeded));
    expect(theirs).not.toContain("Work Co.");
    expect(theirs).not.toContain("$1,200.00");
  });

  it("no longer asks for payouts once they are enabled, nor for a deliverable once delivered", async () => {
    const me = await vettedSession();
    const { running } = await busyConsultant(me.user);
    await db()
      .insert(consultantPayoutAccounts)
      .values({
        consultantUserId: me.user.id,
        stripeAccountId: `acct_${crypto.randomUUID().slice(0, 12)}`,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      });
    await db()
      .update(deliveryItems)
      .set({ status: "delivered", consultantConfirmedDelivery: true })
      .where(eq(deliveryItems.id, running.items[1]!.id));
    const body = await (await call("/consultant", { cookie: me.token })).text();
    expect(body).not.toContain(html(heldForSetupText("$1,200.00")));
    expect(body).not.toContain(`/items/${running.items[1]!.id}"`);
    expect(body).toContain(`/items/${running.items[2]!.id}"`);
  });
});

describe("the portal's engagements", () => {
  it("lists the requests matched to the consultant, their own only, with where each stands", async () => {
    const me = await vettedSession();
    const other = await vettedSession();
    const owner = await createClient();
    await db().update(businesses).set({ name: "Chosen Co." }).where(eq(businesses.id, owner.business.id));
    await createMatchRequestRow(owner.business.id, {
      status: "outline_draft",
      category: "finance",
      consultingType: "fractional",
      matchedConsultantId: me.user.id,
      matchedAt: new Date("2026-10-05T12:00:00Z"),
    });
    const theirs = await createClient();
    await db().update(businesses).set({ name: "Someone Else Co." }).where(eq(businesses.id, theirs.business.id));
    await createMatchRequestRow(theirs.business.id, {
      status: "consultant_matched",
      matchedConsultantId: other.user.id,
      matchedAt: new Date(),
    });
    const response = await call("/consultant/engagements", { cookie: me.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Chosen Co.");
    expect(body).toContain("Engagement plan in draft");
    expect(body).toContain("Oct 5, 2026");
    expect(body).toContain("Finance");
    expect(body).toContain("Fractional");
    expect(body).not.toContain("Someone Else Co.");
  });

  it("says plainly when there are none", async () => {
    const me = await vettedSession();
    const body = await (await call("/consultant/engagements", { cookie: me.token })).text();
    expect(body).toContain(
      html("You have no engagements yet. When a business chooses you for its request, the engagement appears here."),
    );
  });

  it("is not there for a client or a visitor", async () => {
    const client = await signedIn({ role: "client", withBusiness: true });
    expect((await call("/consultant/engagements", { cookie: client.token })).status).toBe(404);
    const anonymous = await call("/consultant/engagements");
    expect([302, 303]).toContain(anonymous.status);
  });
});

describe("the portal's notifications", () => {
  it("lists the consultant's own notifications, newest first, with their links", async () => {
    const me = await vettedSession();
    const other = await vettedSession();
    await db()
      .insert(notifications)
      .values([
        {
          id: `n-old-${me.user.id}`,
          userId: me.user.id,
          kind: "candidacy_proposed",
          title: "Older notice",
          body: "First things first.",
          link: "/consultant/candidacies",
          createdAt: new Date("2026-10-01T09:00:00Z"),
        },
        {
          id: `n-new-${me.user.id}`,
          userId: me.user.id,
          kind: "profile_reviewed",
          title: "Newer notice",
          body: "Then this.",
          link: "/consultant/profile",
          createdAt: new Date("2026-10-03T09:00:00Z"),
        },
        {
          id: `n-other-${other.user.id}`,
          userId: other.user.id,
          kind: "candidacy_proposed",
          title: "Not yours",
          body: "",
          createdAt: new Date("2026-10-02T09:00:00Z"),
        },
      ]);
    const response = await call("/consultant/notifications", { cookie: me.token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body.indexOf("Newer notice")).toBeGreaterThan(0);
    expect(body.indexOf("Newer notice")).toBeLessThan(body.indexOf("Older notice"));
    expect(body).toContain("Oct 3, 2026");
    expect(body).not.toContain("Not yours");
    // A title opens its notification: the post marks it read, then goes to its link.
    expect(body).toContain(`value="n-new-${me.user.id}"`);
    const opened = await postForm("/consultant/notifications", { intent: "open", id: `n-new-${me.user.id}` }, me.token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/consultant/profile");
  });

  it("says plainly when there are none", async () => {
    const me = await vettedSession();
    const body = await (await call("/consultant/notifications", { cookie: me.token })).text();
    expect(body).toContain(
      html("You have no notifications yet. We tell you here, and by email, when something needs you."),
    );
  });
});
