// The demo's marketplace states, reached the way people reach them: over HTTP, as the demo
// business, the engagement manager and the consultants, through the same API routes and page
// actions the screens use. Run once the local server answers (npm start, the browser tests'
// server); a second run changes nothing (it stops when the demo business already has its
// requests).
//
// What a new user finds afterwards:
//  - demo@partwise.test: one request at Smart Matching (the engine's shortlist waits for the
//    manager), one being paired (consultant1 has not answered yet), and one with a suggested
//    candidate (consultant5, who accepted) waiting for her decision;
//  - manager@partwise.test: the first request's shortlist to review in /manage/matches;
//  - consultant1@partwise.test: a candidacy to accept at /consultant;
//  - every demo consultant: a portrait uploaded through their profile editor and approved by the
//    manager; leila.haddad@partwise.test: invited, password set, half her profile written;
//    jordan.alvarez@partwise.test: an application waiting in the manager's queue;
//  - then the engagements (demo-engagements.mjs): a completed one, one with a delivery to review
//    and a plan to sign for demo@partwise.test, a plan to draft for consultant2@partwise.test;
//  - then the conversations (demo-conversations.mjs): an interview with the candidate, a thread
//    in the active engagement with a call booked in it;
//  - then benchmarking (demo-benchmarking.mjs): demo@partwise.test buys this year's benchmarking
//    through the local test checkout and her report is built from the demo company's books.

import { demoPortraitPng } from "./demo-photos.mjs";
import { DEMO_PASSWORD as PASSWORD } from "./demo-sign-in.mjs";
import {
  CLIENT,
  CONSULTANT1,
  CONSULTANT5,
  DEMO_MATCH_REQUESTS,
  inputAfter,
  MANAGER,
  Session,
} from "./demo-session.mjs";

/** The consultant's candidacy on a request, from the links of their inbox (newest first). */
function firstCandidacyId(html) {
  const match = /href="\/consultant\/candidacies\/([^"?]+)"/.exec(html);
  return match ? match[1] : null;
}

/** The manager proposes the named consultant from a request's shortlist, as the console's Propose button does. */
async function propose(manager, matchRequestId, consultantName) {
  const path = `/manage/matches/${encodeURIComponent(matchRequestId)}`;
  const html = await manager.page(path);
  const suggestionId = inputAfter(html, `>${consultantName}</h3>`, "suggestionId");
  if (!suggestionId) throw new Error(`demo flows: ${consultantName} is not on the shortlist of ${matchRequestId}`);
  await manager.form(path, { intent: "propose", suggestionId });
}

/**
 * All the demo's flows, in order. `persistTo`: the running server's local state directory (for
 * the engagements' one back-dating step; wrangler's default .wrangler/state when unset).
 */
export async function playDemoFlows(baseURL, { log = console.log, persistTo } = {}) {
  const matching = await playMatchingFlows(baseURL, log);
  const consultants = await playConsultantFlows(baseURL, log);
  const { playEngagementFlows } = await import("./demo-engagements.mjs");
  const engagements = await playEngagementFlows(baseURL, { log, persistTo });
  const { playBenchmarkingFlows } = await import("./demo-benchmarking.mjs");
  const benchmarking = await playBenchmarkingFlows(baseURL, { log });
  const { playEventFlows } = await import("./demo-events.mjs");
  const events = await playEventFlows(baseURL, { log });
  const { playLearningFlows } = await import("./demo-learning.mjs");
  const learning = await playLearningFlows(baseURL, { log });
  const { playDocumentFlows } = await import("./demo-documents.mjs");
  const documents = await playDocumentFlows(baseURL, { log });
  const { playPayoutFlows } = await import("./demo-payouts.mjs");
  const payouts = await playPayoutFlows(baseURL, { log });
  const { playTeamFlows } = await import("./demo-team.mjs");
  const team = await playTeamFlows(baseURL, { log });
  const { playConversationFlows } = await import("./demo-conversations.mjs");
  const conversations = await playConversationFlows(baseURL, { log });
  return {
    played:
      matching.played ||
      consultants.played ||
      engagements.played ||
      benchmarking.played ||
      events.played ||
      learning.played ||
      documents.played ||
      payouts.played ||
      team.played ||
      conversations.played,
    ids: matching.ids,
  };
}

async function playMatchingFlows(baseURL, log) {
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  const { business } = await client.json("GET", "/api/client/auth");
  if ((business?.events?.engagements ?? []).length > 0) {
    log("demo flows: the demo business already has its match requests");
    return { played: false };
  }
  const ids = {};
  for (const request of DEMO_MATCH_REQUESTS) {
    const { key, ...body } = request;
    const answer = await client.json("POST", "/api/matching/matchRequest/create", {
      businessId: business._id,
      ...body,
      files: [],
    });
    ids[key] = answer.matchRequest._id;
  }

  const manager = await new Session(baseURL, "engagement manager").signIn(MANAGER);
  await propose(manager, ids.candidate, "Aisha Thompson");
  await propose(manager, ids.paired, "Marcus Okafor");

  const aisha = await new Session(baseURL, "consultant5").signIn(CONSULTANT5);
  const candidacyId = firstCandidacyId(await aisha.page("/consultant"));
  if (!candidacyId) throw new Error("demo flows: consultant5 has no candidacy to accept");
  await aisha.form(`/consultant/candidacies/${candidacyId}`, { intent: "accept" });

  log(
    "demo flows: demo@partwise.test has a request at Smart Matching, one being paired and one with a candidate to decide on",
  );
  return { played: true, ids };
}

export { Session, CLIENT, MANAGER, CONSULTANT1, CONSULTANT5, DEMO_MATCH_REQUESTS, inputAfter };

/** The consultant who is mid-onboarding in the demo, and the pending applicant. */
export const DEMO_INVITEE = { firstName: "Leila", lastName: "Haddad", email: "leila.haddad@partwise.test" };
export const DEMO_APPLICANT = { name: "Jordan Alvarez", email: "jordan.alvarez@partwise.test" };

/** The invitation link emailed to `email`, read from the local outbox page. */
async function invitationPathFromOutbox(baseURL, email) {
  const html = await (await fetch(`${baseURL}/dev/outbox`)).text();
  const at = html.indexOf(email);
  const match = at < 0 ? null : /\/consultant-invitation\/[A-Za-z0-9_-]{43}/.exec(html.slice(at));
  if (!match) throw new Error(`demo flows: no invitation link for ${email} in the outbox`);
  return match[0];
}

/**
 * The consultants' demo states: each of the twelve uploads a portrait and sends it for review,
 * and the manager approves them; ten show their profiles in public; the manager invites Leila Haddad, who sets her password and
 * writes half her profile; Jordan Alvarez applies from the sign-up page. Stops when the
 * application is already in the manager's queue.
 */
async function playConsultantFlows(baseURL, log) {
  const manager = await new Session(baseURL, "engagement manager").signIn(MANAGER);
  if ((await manager.page("/manage/consultants/invitations")).includes(DEMO_APPLICANT.email)) {
    log("demo flows: the consultants already have their photos, invitation and application");
    return { played: false };
  }
  for (let n = 1; n <= 12; n++) {
    const consultant = await new Session(baseURL, `consultant${n}`).signIn(`consultant${n}@partwise.test`);
    const photo = new FormData();
    photo.set("intent", "photo");
    photo.set("photo", new Blob([demoPortraitPng(n)], { type: "image/png" }), `consultant${n}.png`);
    await consultant.multipart("/consultant/profile", photo);
    await consultant.form("/consultant/profile", { intent: "submit" });
  }
  const roster = await manager.page("/manage/consultants");
  const reviews = [
    ...new Set([...roster.matchAll(/href="(\/manage\/consultants\/[^"/]+\/review)"/g)].map((m) => m[1])),
  ];
  for (const review of reviews) {
    await manager.form(review, { intent: "approve", notes: "Portrait checked." });
  }
  // Ten of them show their profiles in public (/consultants); 11 and 12 have not chosen to.
  for (let n = 1; n <= 10; n++) {
    const consultant = await new Session(baseURL, `consultant${n}`).signIn(`consultant${n}@partwise.test`);
    await consultant.form("/consultant/profile", { intent: "listing", show: "yes" });
  }

  await manager.form("/manage/consultants/invitations", {
    intent: "invite",
    ...DEMO_INVITEE,
    note: "Your retail operations work is what our clients ask for most.",
  });
  const invitee = new Session(baseURL, "invited consultant");
  const accepted = await invitee.form(await invitationPathFromOutbox(baseURL, DEMO_INVITEE.email), {
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  invitee.adoptCookie(accepted);
  const photo = new FormData();
  photo.set("intent", "photo");
  photo.set("photo", new Blob([demoPortraitPng(13)], { type: "image/png" }), "leila.png");
  await invitee.multipart("/consultant/profile", photo);
  await invitee.form("/consultant/profile", {
    intent: "about",
    headline: "Retail operations lead: inventory you can trust",
    bio: "Eleven years running store operations and inventory control for regional retailers, from two stores to forty.",
    missionStatement: "Make the stock count and the books agree, every week.",
  });
  await invitee.form("/consultant/profile", {
    intent: "background",
    education: "BS Supply Chain Management, Michigan State University",
    yearsOfExperience: "11",
    location: "Grand Rapids, MI",
    linkedinUrl: "",
  });

  const applicant = new Session(baseURL, "applicant");
  await applicant.form("/signup/consultant", {
    name: DEMO_APPLICANT.name,
    email: DEMO_APPLICANT.email,
    linkedinUrl: "https://www.linkedin.com/in/jordan-alvarez",
    businessAreas: "finance",
    message:
      "Nine years as a controller for specialty food producers; I now help small teams close their books on time.",
  });

  log(
    `demo flows: ${reviews.length} consultant portraits approved; ${DEMO_INVITEE.email} is mid-onboarding; ${DEMO_APPLICANT.email} has applied`,
  );
  return { played: true };
}
