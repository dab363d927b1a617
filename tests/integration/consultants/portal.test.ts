import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, consultantProfileDrafts, notifications } from "~db/schema";
import {
  call,
  createCandidateRow,
  createConsultant,
  createMatchRequestRow,
  db,
  html,
  sessionTokenFrom,
  signIn,
  signedIn,
  postForm,
} from "../helpers";
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
