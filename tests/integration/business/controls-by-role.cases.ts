import { beforeAll, describe, expect, it } from "vitest";
import { events } from "~db/schema";
import { roleCannotText, waitsForText } from "~/lib/business/role-notice";
import { PREFERENCES_READ_HEADING } from "~/lib/business/settings-schemas";
import { EVENT_COPY } from "~/lib/events/event-copy";
import { NEXT_STEP_REVIEW_PLAN, NEXT_STEP_WAITING_REVIEW_PLAN } from "~/lib/engagements/engagement-copy";
import { pdf } from "../../support/sample-files";
import { signedInTeam } from "../../factories";
import { CLIENT_INSIGHT_STATUS, INSIGHT_AWAITING_PAYER_TEXT, PAY_NOW_LABEL } from "~/lib/insights/insight-status";
import { call, createBusinessEngagement, createInsightRequestRow, db, html } from "../helpers";

/**
 * Controls by role (issue #38 item 1, docs/decisions/071): the pages of the client app render, for
 * a viewer, no control their role cannot use but the one line naming it
 * (`roleCannotText(role, action)`), and for the owner the control and no such line. The server's
 * refusals are the permission matrix's (permissions-matrix.test.ts); this is what the pages offer.
 */

let team: Awaited<ReturnType<typeof signedInTeam>>;
const EVENT_TITLE = "Controls by role webinar";

beforeAll(async () => {
  team = await signedInTeam();
  // One company document (the owner's upload), one upcoming event, one plan waiting for a signature.
  const body = new FormData();
  body.append("intent", "document-upload");
  body.append("folder", "");
  body.append("files", new File([pdf({ pageText: "Board pack" })], "Board pack.pdf", { type: "application/pdf" }));
  const uploaded = await call("/features?focus=Documents", { method: "POST", body, cookie: team.owner.token });
  expect(uploaded.status).toBe(200);
  await db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: EVENT_TITLE,
      kind: "webinar",
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 90_000_000),
      timeZone: "UTC",
      capacity: 5,
      joinUrl: "https://meet.example.test/controls-by-role",
      allowedTiers: ["BASIC", "STANDARD", "PREMIUM"],
    });
  await createBusinessEngagement(team.business.id, "awaiting", { title: "Plan to sign" });
  await createInsightRequestRow(team.business.id, { createdByUserId: team.member.user.id });
});

async function page(path: string, token: string) {
  const response = await call(path, { cookie: token });
  expect(response.status, path).toBe(200);
  return response.text();
}

const notice = (action: Parameters<typeof roleCannotText>[1]) => html(roleCannotText("viewer", action));

describe("/plan-select (outside the app layout: its own loader names the role)", () => {
  it("shows a viewer the plans without a button, with the line; the owner the buttons", async () => {
    const viewer = await page("/plan-select", team.viewer.token);
    expect(viewer).toContain("Best Plans for Business");
    expect(viewer).toContain(notice("changePlan"));
    expect(viewer).not.toContain("Continue with Basic");
    expect(viewer).not.toContain('action="/api/payments/create-checkout-session"');
    expect(viewer).not.toContain('value="trial"');

    const owner = await page("/plan-select", team.owner.token);
    expect(owner).toContain("Continue with Basic");
    expect(owner).toContain('action="/api/payments/create-checkout-session"');
    expect(owner).not.toContain(notice("changePlan"));
  });
});

describe("/profile-progress (outside the app layout: its own loader names the role)", () => {
  it("gives a viewer the open steps as plain blocks saying whom they wait for; the owner the links", async () => {
    const viewer = await page("/profile-progress", team.viewer.token);
    expect(viewer).toContain("Profile Completion");
    expect(viewer).not.toContain('href="/plan-select"');
    expect(viewer).not.toContain('href="/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS"');
    expect(viewer).toContain(html(waitsForText("changePlan")));
    expect(viewer).toContain(html(waitsForText("changeSettings")));

    const owner = await page("/profile-progress", team.owner.token);
    expect(owner).toContain('href="/plan-select"');
    expect(owner).toContain('href="/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS"');
    expect(owner).toContain("Choose the plan that fits your business.");
    expect(owner).not.toContain(html(waitsForText("changePlan")));
  });
});

describe("Settings", () => {
  it("Business tab: a viewer reads the details as a list with the line, no form; the owner the form", async () => {
    const viewer = await page("/company-profile?tab=business", team.viewer.token);
    expect(viewer).toContain(notice("changeSettings"));
    expect(viewer).not.toContain('value="business"');
    expect(viewer).not.toContain('id="settings-business"');
    expect(viewer).toContain(`<dt>Company Name</dt><dd>${html(team.business.name)}</dd>`);

    const owner = await page("/company-profile?tab=business", team.owner.token);
    expect(owner).toContain('value="business"');
    expect(owner).not.toContain(notice("changeSettings"));
  });

  it("Preferences tab: a viewer reads the chosen industries with the line; their own email choices stay a form", async () => {
    const viewer = await page("/company-profile?tab=preferences", team.viewer.token);
    expect(viewer).toContain(html(PREFERENCES_READ_HEADING));
    expect(viewer).toContain(notice("changeSettings"));
    expect(viewer).not.toContain('value="preferences"');

    const owner = await page("/company-profile?tab=preferences", team.owner.token);
    expect(owner).toContain('value="preferences"');
    expect(owner).not.toContain(html(PREFERENCES_READ_HEADING));
  });

  it("Account tab: a viewer changes their password but finds no Manage Payment, the line instead", async () => {
    const viewer = await page("/company-profile?tab=account", team.viewer.token);
    expect(viewer).toContain('value="account"');
    expect(viewer).toContain(notice("changePlan"));
    expect(viewer).not.toMatch(/>Manage Payment<\/(a|button)>/);
    expect(viewer).toContain(notice("changeSettings")); // Connect Company Data (docs/decisions/068)

    const owner = await page("/company-profile?tab=account", team.owner.token);
    expect(owner).toMatch(/>Manage Payment<\/(a|button)>/);
    expect(owner).not.toContain(notice("changePlan"));
  });
});

describe("the Documents Hub's per-document forms", () => {
  it("are the owner's; a viewer reads the document, with the hub's line", async () => {
    const viewer = await page("/features?focus=Documents", team.viewer.token);
    expect(viewer).toContain("Board pack.pdf");
    expect(viewer).toContain(notice("useHub"));
    for (const intent of ["document-upload", "document-rename", "document-move", "document-delete"]) {
      expect(viewer).not.toContain(`value="${intent}"`);
    }

    const owner = await page("/features?focus=Documents", team.owner.token);
    for (const intent of ["document-upload", "document-rename", "document-move", "document-delete"]) {
      expect(owner).toContain(`value="${intent}"`);
    }
    expect(owner).not.toContain(notice("useHub"));
  });
});

describe("/benchmarking", () => {
  it("offers the owner the way in; a viewer the line and no button", async () => {
    const viewer = await page("/benchmarking", team.viewer.token);
    expect(viewer).toContain(notice("pay"));
    expect(viewer).not.toMatch(/name="intent" value="(buy|start)"/);

    const owner = await page("/benchmarking", team.owner.token);
    expect(owner).toMatch(/name="intent" value="(buy|start)"/);
    expect(owner).not.toContain(notice("pay"));
  });
});

describe("/events", () => {
  it("offers the owner Register; a viewer reads the event with the line", async () => {
    const viewer = await page("/events", team.viewer.token);
    expect(viewer).toContain(EVENT_TITLE);
    expect(viewer).toContain(notice("registerForEvents"));
    expect(viewer).not.toContain('value="register"');
    expect(viewer).not.toContain(html(EVENT_COPY.registerFor(EVENT_TITLE)));

    const owner = await page("/events", team.owner.token);
    expect(owner).toContain(html(EVENT_COPY.registerFor(EVENT_TITLE)));
    expect(owner).not.toContain(notice("registerForEvents"));
  });
});

describe("the next step of an engagement", () => {
  it("calls the signer to sign and tells a viewer or a member who it waits for", async () => {
    for (const path of ["/dashboard", "/features?focus=Engagements"]) {
      const owner = await page(path, team.owner.token);
      expect(owner, path).toContain(html(NEXT_STEP_REVIEW_PLAN));
      expect(owner, path).not.toContain(html(NEXT_STEP_WAITING_REVIEW_PLAN));
      for (const reader of [team.viewer, team.member]) {
        const text = await page(path, reader.token);
        expect(text, path).toContain(html(NEXT_STEP_WAITING_REVIEW_PLAN));
        expect(text, path).not.toContain(html(NEXT_STEP_REVIEW_PLAN));
      }
    }
  });
});

describe("an insight request waiting for its payment", () => {
  it("calls the payer to pay and tells a member who it waits for", async () => {
    const owner = await page("/features?focus=Insights", team.owner.token);
    // The tile's status line (the server's sentence itself is also in the page's data).
    expect(owner).toContain(`class="insight-tile-status">${html(CLIENT_INSIGHT_STATUS.payment)}</p>`);
    expect(owner).toContain(`>${PAY_NOW_LABEL}</button>`);
    const member = await page("/features?focus=Insights", team.member.token);
    expect(member).toContain(`class="insight-tile-status">${html(INSIGHT_AWAITING_PAYER_TEXT)}</p>`);
    expect(member).not.toContain(`class="insight-tile-status">${html(CLIENT_INSIGHT_STATUS.payment)}</p>`);
    expect(member).toContain(html(roleCannotText("member", "pay")));
    expect(member).not.toContain(`>${PAY_NOW_LABEL}</button>`);
  });
});
