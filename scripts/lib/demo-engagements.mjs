// The demo's engagements, reached the way people reach them: over HTTP, as the demo business, the
// engagement manager and the consultants, through the same page actions and API routes the
// screens use (plan editor, console review, signature, the local test checkout, delivery, item
// review, rating). Run after the matching flows (demo-flows.mjs); a second run changes nothing
// (it stops when the demo business already has more requests than the matching flows make).
//
// What a new user finds afterwards:
//  - demo@partwise.test: a completed Management engagement with Grace Liu (three items paid,
//    delivered, accepted; rated five stars) with before/after figures from the demo company's
//    books (connected through /quickbooks/demo-consent); an active Strategy engagement with
//    Daniel Brennan whose first item she disputed after a revision and the manager settled with a
//    split (part refunded; the rest's transfer held: Daniel has no payouts yet) and whose second
//    is prepaid and delivered, waiting for her review; and a
//    Management plan from Thomas Becker, approved by the manager, waiting for her signature;
//  - consultant2@partwise.test (Elena Vasquez): an HR match the business accepted, plan to draft;
//  - manager@partwise.test: the three plans (approved) in /manage/engagements.
//
// Time cannot pass in a demo: the completed engagement is back-dated afterwards in one SQL step
// (backdateSql in demo-backdate.mjs, ADR 030) so that its months "since" exist in the books.

import { randomUUID } from "node:crypto";
import { DEMO_MATCH_REQUESTS, CLIENT, MANAGER, Session } from "./demo-session.mjs";
import { BACKDATE_START_MONTHS, backdateSql, retainerBackdateSql, sessionBackdateSql } from "./demo-backdate.mjs";
import { capture, bin, quietEnv } from "./proc.mjs";

/** The demo business's signer, as typed in the review dialog. */
const SIGNER = "Dana Whitfield";
/** A test card the local checkout accepts. */
const TEST_CARD = "4242 4242 4242 4242";

/**
 * The four requests, in the order they are made. `consultant` is proposed by name from the
 * engine's shortlist (as the console's Propose does) and accepted by the business.
 */
export const DEMO_ENGAGEMENTS = [
  {
    key: "completed",
    category: "management",
    consultingType: "",
    consultant: { name: "Grace Liu", email: "consultant7@partwise.test", id: "demo-user-consultant-07" },
    problemStatement:
      "We grew from one store to two and a web shop, but the managers still run everything through me. We need clear roles, a weekly rhythm and numbers each lead owns.",
    plan: {
      title: "Store leadership rhythm",
      overview:
        "Three steps: who owns what, a weekly meeting that runs on numbers, and a quarter of coaching the two store leads until the rhythm holds without the owner.",
      items: [
        {
          title: "Roles and ownership map",
          description: "Interviews with the team; one page of who decides what.",
          price: "1,800",
        },
        {
          title: "Weekly operating rhythm",
          description: "Agenda, scorecard and the first four meetings run together.",
          price: "2,400",
        },
        {
          title: "Lead coaching and handover",
          description: "Six coaching sessions with the store leads; the handover notes.",
          price: "2,100",
        },
      ],
    },
  },
  {
    key: "active",
    category: "strategy",
    consultingType: "fractional",
    consultant: { name: "Daniel Brennan", email: "consultant6@partwise.test", id: "demo-user-consultant-06" },
    problemStatement:
      "Wholesale orders from other shops have doubled, but nobody owns them: quotes go out late and prices differ by who answers. We need to decide how big wholesale should get and how to run it.",
    plan: {
      title: "Wholesale growth plan",
      overview:
        "Decide where wholesale fits next to the stores and the web shop, set prices with guardrails, and give one person a quote-to-order process they own.",
      items: [
        {
          title: "Wholesale review and target accounts",
          description: "Margins by channel, the accounts worth growing, and the ones to let go.",
          price: "1,500",
        },
        {
          title: "Price list and guardrails",
          description: "Tiers, minimums and who may discount.",
          price: "1,200",
        },
        {
          title: "Quote-to-order process",
          description: "Templates, response times and the owner of each step.",
          price: "1,600",
        },
      ],
    },
    delivery: {
      summary:
        "Reviewed twelve months of wholesale orders with the owner. The attached table ranks the accounts by margin: the top five bring 70% of the wholesale profit; the plan grows those and stops discounting the rest.",
      file: {
        name: "wholesale-accounts.csv",
        text: "account,orders,revenue,margin\nCasco Bay Gifts,24,18400,31%\nHarborview Market,18,12950,28%\nPine Street Provisions,15,9800,26%\nKennebunk Trading,11,7600,24%\nBelfast Outfitters,9,6100,22%\n",
      },
      /**
       * The first deliverable's story (docs/decisions/079): she asks for a revision, the second
       * delivery still misses it, she disputes it, and the manager settles with a split.
       */
      revision: "The ranking leaves out the three accounts we lost this year; we need to know why they left.",
      revised:
        "Added the three lost accounts: two left over delivery times, one over price. The attached table ranks every account by margin.",
      revisedFile: {
        name: "wholesale-accounts-and-lost.csv",
        text: "account,orders,revenue,margin,status\nCasco Bay Gifts,24,18400,31%,active\nHarborview Market,18,12950,28%,active\nPine Street Provisions,15,9800,26%,active\nKennebunk Trading,11,7600,24%,active\nBelfast Outfitters,9,6100,22%,active\nRockland Pantry,7,4300,25%,lost (delivery times)\nBath Street Deli,5,3100,21%,lost (delivery times)\nCamden Corner Store,4,2500,18%,lost (price)\n",
      },
      dispute:
        "The revised ranking names the lost accounts but still does not say what would win them back, which the plan promised.",
      settlement: {
        refund: "450",
        decision:
          "The ranking and the margins were delivered as planned; the win-back recommendations were not. 30% of the price is refunded and the rest is paid.",
      },
      /** The second deliverable, delivered and waiting for her review. */
      second: {
        summary:
          "Three price tiers by yearly volume, a 10-case minimum and one person who may discount, up to 5%. The attached price list has the tiers and the discount rule.",
        file: {
          name: "wholesale-price-list.csv",
          text: "tier,yearly_cases,discount,minimum_order_cases\nStandard,0-99,0%,10\nPreferred,100-299,8%,10\nPartner,300+,12%,10\nDiscretionary (owner only),any,up to 5% more,10\n",
        },
      },
    },
  },
  {
    key: "toSign",
    category: "management",
    consultingType: "project",
    consultant: { name: "Thomas Becker", email: "consultant4@partwise.test", id: "demo-user-consultant-04" },
    problemStatement:
      "Our two stores order, receive and count stock in different ways, and each manager keeps their own spreadsheets. We want one way of running a store that both managers follow.",
    plan: {
      title: "One way to run a store",
      overview:
        "Write down how the better-run store orders, receives and counts, agree the changes with both managers, and put the routine in place in the second store.",
      items: [
        {
          title: "Store routines compared",
          description: "A day in each store, written down step by step, with the differences marked.",
          price: "1,400",
        },
        {
          title: "Store operating manual",
          description: "Ordering, receiving and counting, agreed with both managers.",
          price: "1,900",
        },
      ],
    },
  },
  {
    key: "toDraft",
    category: "hr",
    consultingType: "coaching",
    consultant: { name: "Elena Vasquez", email: "consultant2@partwise.test", id: "demo-user-consultant-02" },
    problemStatement:
      "We hire seasonal staff every spring and lose half of them by July. We want an onboarding and scheduling approach that keeps good people through the season.",
  },
  {
    key: "retainer",
    category: "finance",
    consultingType: "fractional",
    consultant: { name: "Roberto Castillo", email: "consultant8@partwise.test", id: "demo-user-consultant-08" },
    problemStatement:
      "Our bookkeeper closes the month three weeks late and nobody watches cash. We want a part-time finance lead who runs the close and the cash forecast every month.",
    plan: {
      title: "Fractional controller",
      overview:
        "Two days a month: the monthly close done by the 10th, a thirteen-week cash forecast kept current, and the numbers walked through with the owner.",
      retainer: { monthlyFee: "3,200", monthlyHours: "16", noticeMonths: "1" },
      items: [],
    },
    /** The consultant's time: three entries in the first month, one in the second (today). */
    time: {
      first: [
        { day: 2, hours: "3", description: "Took over the books: chart of accounts, bank feeds, open items." },
        { day: 9, hours: "5.5", description: "Closed October with the bookkeeper; the close checklist written." },
        { day: 16, hours: "4", description: "The thirteen-week cash forecast, walked through with the owner." },
      ],
      second: [{ hours: "2.5", description: "This month's close started: bank reconciliations and accruals." }],
    },
    /** Extra hours the consultant asks for on the second month, waiting for the business (docs/decisions/084). */
    extraHours: { hours: "4", reason: "The bank wants a lender pack with last year's accounts restated this month." },
  },
  {
    key: "coaching",
    category: "leadership",
    consultingType: "coaching",
    consultant: { name: "Elena Vasquez", email: "consultant2@partwise.test", id: "demo-user-consultant-02" },
    problemStatement:
      "I promoted two store leads this year and still end up making every call myself. I want coaching for the three of us to hand decisions over and make them stick.",
    plan: {
      title: "Leadership coaching for the store leads",
      overview:
        "Two sessions a month with Dana and her two store leads: who decides what, how the weekly meeting runs, and one habit to practise between sessions.",
      coaching: {
        monthlyFee: "900",
        monthlySessions: "2",
        sessionMinutes: "60",
        cancelNoticeHours: "24",
        noticeMonths: "1",
      },
      items: [],
    },
    /** Where the sessions happen, and what each is for. */
    sessions: {
      location: "https://meet.example.com/harbor-pine-coaching",
      held: "Who decides what: the decision list for the two stores.",
      booked: "The weekly meeting: an agenda the leads run without Dana.",
    },
  },
];

/** YYYY-MM-DD, `days` from today (UTC). */
function isoDay(days, from = new Date()) {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The plan editor's fields (PlanFormSchema), as the form posts them. */
function planFields(plan, intent) {
  const fields = { intent, title: plan.title, overview: plan.overview };
  if (plan.retainer) {
    // A monthly retainer starting today (docs/decisions/082); the demo moves its start back after.
    Object.assign(fields, { kind: "retainer", ...plan.retainer, startDate: isoDay(0) });
  }
  if (plan.coaching) {
    // Coaching starting today (docs/decisions/085); the demo moves its start back a week after.
    Object.assign(fields, { kind: "coaching", ...plan.coaching, startDate: isoDay(0) });
  }
  plan.items.forEach((item, index) => {
    fields[`items[${index}].title`] = item.title;
    fields[`items[${index}].description`] = item.description;
    fields[`items[${index}].deliveryDate`] = isoDay(21 * (index + 1));
    fields[`items[${index}].price`] = item.price;
  });
  return fields;
}

/** The consultant's first candidacy link on their inbox (each demo consultant here has one). */
function firstCandidacyId(html) {
  const match = /href="\/consultant\/candidacies\/([^"?]+)"/.exec(html);
  return match ? match[1] : null;
}

/** The manager proposes the named consultant from the shortlist, as the console's Propose does. */
async function propose(manager, matchRequestId, consultantName) {
  const path = `/manage/matches/${encodeURIComponent(matchRequestId)}`;
  const html = await manager.page(path);
  const at = html.indexOf(`>${consultantName}</h3>`);
  const match = at < 0 ? null : /name="suggestionId" value="([^"]+)"/.exec(html.slice(at));
  if (!match) throw new Error(`demo engagements: ${consultantName} is not on the shortlist of ${matchRequestId}`);
  await manager.form(path, { intent: "propose", suggestionId: match[1] });
}

/** Pays a local test checkout as its form does, then opens the success page as the browser would. */
async function payCheckout(client, checkoutUrl) {
  const path = new URL(checkoutUrl, client.baseURL).pathname;
  const paid = await client.form(path, { intent: "pay", cardNumber: TEST_CARD, expiry: "12 / 34", cvc: "123" });
  const next = paid.headers.get("Location");
  if (paid.status !== 303 || !next) throw new Error(`demo engagements: the test checkout answered ${paid.status}`);
  const success = new URL(next, client.baseURL);
  await client.page(`${success.pathname}${success.search}`).catch(() => undefined);
}

/**
 * Prepays one item: the first through the item checkout and the test card (which saves the card),
 * a later one charged to the card on file at once (the answer's msg says so; docs/decisions/082).
 */
async function prepay(client, outlineId, itemId) {
  const { url, msg } = await client.json("POST", "/api/payments/create-item-session", {
    deliveryItemId: itemId,
    deliveryOutlineId: outlineId,
  });
  if (!msg) await payCheckout(client, url);
}

/** The consultant confirms delivery of a paid item with a summary and one file. */
async function deliver(consultant, outlineId, itemId, summary, file) {
  const form = new FormData();
  form.set("intent", "deliver");
  form.set("deliveryItemId", itemId);
  form.set("summaryOfWork", summary);
  if (file) form.append("files", new Blob([file.text], { type: "text/csv" }), file.name);
  await consultant.multipart(
    `/consultant/engagements/${encodeURIComponent(outlineId)}/items/${encodeURIComponent(itemId)}`,
    form,
  );
}

/** Connects the demo company's books through the demo consent page, as the browser does. */
async function connectDemoBooks(client) {
  const start = await fetch(`${client.baseURL}/api/quickbooks/createAuthPortal?returnPage=DASHBOARD`, {
    headers: { Cookie: client.cookie, Accept: "text/html" },
    redirect: "manual",
  });
  await start.arrayBuffer();
  const consent = new URL(start.headers.get("Location") ?? "", client.baseURL);
  const state = consent.searchParams.get("state");
  if (consent.pathname !== "/quickbooks/demo-consent" || !state)
    throw new Error("demo engagements: QuickBooks is not in demo mode (Intuit keys set?); books not connected");
  const answered = await client.form(consent.pathname + consent.search, { state, intent: "connect" });
  const callback = answered.headers.get("Location");
  if (!callback) throw new Error("demo engagements: the demo consent page did not answer with the callback");
  await client.json("POST", "/api/quickbooks/setTokens", {
    url: new URL(callback, client.baseURL).toString(),
    returnPage: "DASHBOARD",
  });
}

/** Makes the request, has the manager propose the consultant, the consultant accept and the business accept. */
async function matchWith(client, manager, businessId, request) {
  const { matchRequest } = await client.json("POST", "/api/matching/matchRequest/create", {
    businessId,
    category: request.category,
    consultingType: request.consultingType,
    problemStatement: request.problemStatement,
    files: [],
  });
  const matchRequestId = matchRequest._id;
  await propose(manager, matchRequestId, request.consultant.name);
  const consultant = await new Session(client.baseURL, request.consultant.email).signIn(request.consultant.email);
  const candidacyId = firstCandidacyId(await consultant.page("/consultant"));
  if (!candidacyId) throw new Error(`demo engagements: ${request.consultant.email} has no candidacy to accept`);
  await consultant.form(`/consultant/candidacies/${candidacyId}`, { intent: "accept" });
  await client.json("PUT", `/api/matching/matchRequest/business-decision/${encodeURIComponent(matchRequestId)}`, {
    consultantId: request.consultant.id,
    decision: "accepted",
  });
  return { matchRequestId, consultant };
}

/** The consultant drafts and sends the plan; the manager approves it. Answers the outline and its items. */
async function planApproved(client, manager, consultant, matchRequestId, plan) {
  const started = await consultant.form(`/consultant/engagements/new?matchId=${encodeURIComponent(matchRequestId)}`, {
    matchId: matchRequestId,
  });
  const outlineId = decodeURIComponent((started.headers.get("Location") ?? "").split("/").pop() ?? "");
  if (!outlineId) throw new Error("demo engagements: the plan was not created");
  await consultant.form(`/consultant/engagements/${encodeURIComponent(outlineId)}`, planFields(plan, "submit"));
  await manager.form(`/manage/engagements/${encodeURIComponent(outlineId)}`, {
    intent: "approve-plan",
    notes: "Clear scope and dates; approved.",
  });
  const outline = await client.json("GET", `/api/delivery-outline/${encodeURIComponent(outlineId)}`);
  const items = [...outline.incompleteItems, ...outline.completedItems].sort((a, b) => a.position - b.position);
  return { outlineId, items };
}

/** The business signs the current version of the plan (typing her name and the date). */
async function sign(client, outlineId, signatureDate) {
  await client.json("PUT", "/api/delivery-outline/submit-business-review", {
    deliveryOutlineId: outlineId,
    decision: "approved",
    businessSignature: SIGNER,
    businessSignatureDate: signatureDate,
    notes: "",
  });
}

const itemId = (item) => item._id;

/**
 * Plays the engagements' demo states. `persistTo` is the local state directory of the running
 * server (wrangler's default when unset), for the back-dating step.
 */
export async function playEngagementFlows(baseURL, { log = console.log, persistTo } = {}) {
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  const { business } = await client.json("GET", "/api/client/auth");
  if ((business?.events?.engagements ?? []).length > DEMO_MATCH_REQUESTS.length) {
    log("demo flows: the demo business already has its engagements");
    return { played: false };
  }
  const began = Date.now();
  const manager = await new Session(baseURL, "engagement manager").signIn(MANAGER);
  const [completed, active, toSign, toDraft, retainer, coaching] = DEMO_ENGAGEMENTS;

  // Her books first: the completed engagement's before/after figures come from them.
  await connectDemoBooks(client);

  // Completed: signed with the date it will carry once back-dated, three items paid, delivered, accepted; rated.
  {
    const { matchRequestId, consultant } = await matchWith(client, manager, business._id, completed);
    const { outlineId, items } = await planApproved(client, manager, consultant, matchRequestId, completed.plan);
    const signed = new Date();
    signed.setUTCMonth(signed.getUTCMonth() - BACKDATE_START_MONTHS);
    await sign(client, outlineId, signed.toISOString().slice(0, 10));
    for (const [index, item] of items.entries()) {
      if (index === 0) await prepay(client, outlineId, itemId(item));
      await deliver(
        consultant,
        outlineId,
        itemId(item),
        `Delivered: ${item.title}. Notes and files shared with the team.`,
      );
      const last = index === items.length - 1;
      const review = await client.json("PUT", "/api/delivery-outline/business/item-review", {
        deliveryItemId: itemId(item),
        deliveryOutlineId: outlineId,
        businessNotes: last ? "The leads run the Monday meeting on their own now." : "",
        decision: last ? "pause" : "prepay",
      });
      if (review.checkoutUrl) await payCheckout(client, review.checkoutUrl);
    }
    await client.form("/features?focus=Engagements", {
      intent: "rate",
      matchId: matchRequestId,
      clientSatisfaction: "5",
      clientFeedback: "Grace gave our store leads the confidence to run the week without me.",
    });
    await backdate(outlineId, matchRequestId, persistTo);
  }

  // Active: signed today; the first item prepaid, delivered with a summary and a file, sent back,
  // delivered again, disputed and settled by the manager with a split; the second prepaid,
  // delivered and waiting for her review. Daniel has not set up payouts (demo-payouts.mjs), so
  // what the first earned him is held.
  {
    const { matchRequestId, consultant } = await matchWith(client, manager, business._id, active);
    const { outlineId, items } = await planApproved(client, manager, consultant, matchRequestId, active.plan);
    await sign(client, outlineId, isoDay(0));
    const first = itemId(items[0]);
    await prepay(client, outlineId, first);
    await deliver(consultant, outlineId, first, active.delivery.summary, active.delivery.file);
    // A revision, a second delivery that still misses it, her dispute and the manager's split.
    await client.json("PUT", "/api/delivery-outline/business/item-review", {
      deliveryItemId: first,
      deliveryOutlineId: outlineId,
      businessNotes: active.delivery.revision,
      decision: "revise",
    });
    await deliver(consultant, outlineId, first, active.delivery.revised, active.delivery.revisedFile);
    await client.form("/features?focus=Engagements", {
      intent: "dispute-item",
      deliveryItemId: first,
      deliveryOutlineId: outlineId,
      reason: active.delivery.dispute,
    });
    const settled = await manager.form(`/manage/engagements/${encodeURIComponent(outlineId)}`, {
      intent: "settle-dispute",
      deliveryItemId: first,
      outcome: "split",
      refund: active.delivery.settlement.refund,
      decision: active.delivery.settlement.decision,
    });
    if (settled.status !== 302 && settled.status !== 303)
      throw new Error(`demo engagements: settling the dispute answered ${settled.status}`);
    await prepay(client, outlineId, itemId(items[1]));
    await deliver(consultant, outlineId, itemId(items[1]), active.delivery.second.summary, active.delivery.second.file);
  }

  // Waiting for her signature: drafted, sent and approved.
  {
    const { matchRequestId, consultant } = await matchWith(client, manager, business._id, toSign);
    await planApproved(client, manager, consultant, matchRequestId, toSign.plan);
  }

  // Elena Vasquez: matched and accepted by the business, no plan yet.
  await matchWith(client, manager, business._id, toDraft);

  // A fractional retainer in its second month (docs/decisions/082): drafted by Roberto Castillo
  // and approved, its start moved to the first of last month before she signs (a plan cannot be
  // sent starting in the past, and time cannot pass in a demo: the one SQL step of
  // retainerBackdateSql); the first month prepaid, its time logged; the daily run then delivers
  // it (waiting for her review) and opens and charges the second month to her card on file;
  // Roberto logs time on it today and asks for 4 extra hours, which wait for her approval.
  {
    const { matchRequestId, consultant } = await matchWith(client, manager, business._id, retainer);
    const { outlineId, items } = await planApproved(client, manager, consultant, matchRequestId, retainer.plan);
    const start = firstOfLastMonth();
    await runSql(retainerBackdateSql(outlineId, start), persistTo);
    await sign(client, outlineId, start);
    const first = itemId(items[0]);
    await prepay(client, outlineId, first);
    for (const entry of retainer.time.first) {
      await logTime(consultant, outlineId, first, {
        ...entry,
        date: isoDay(entry.day - 1, new Date(`${start}T12:00:00Z`)),
      });
    }
    const ran = await fetch(`${baseURL}/__scheduled?${new URLSearchParams({ cron: "0 13 * * *" })}`);
    if (!ran.ok) throw new Error(`demo engagements: the daily run answered ${ran.status}`);
    const { incompleteItems } = await client.json("GET", `/api/delivery-outline/${encodeURIComponent(outlineId)}`);
    const second = incompleteItems.find((item) => item.position === 1);
    if (!second) throw new Error("demo engagements: the retainer's second month was not opened");
    for (const entry of retainer.time.second) {
      await logTime(consultant, outlineId, itemId(second), { ...entry, date: isoDay(0) });
    }
    await askForExtraHours(consultant, outlineId, itemId(second), retainer.extraHours);
  }

  // Coaching with one session held and one booked (docs/decisions/085): drafted by Elena Vasquez
  // and approved, its start moved back a week before she signs (retainerBackdateSql), the first
  // month prepaid from her card on file. Elena proposes two sessions on the month's page and Dana
  // books each in their conversation; the first is moved into the past by one SQL step (time
  // cannot pass in a demo: sessionBackdateSql) and Elena marks it held, so it waits for Dana's
  // confirmation; the second is booked for next week.
  {
    const { matchRequestId, consultant } = await matchWith(client, manager, business._id, coaching);
    const { outlineId, items } = await planApproved(client, manager, consultant, matchRequestId, coaching.plan);
    const start = isoDay(-7);
    await runSql(retainerBackdateSql(outlineId, start), persistTo);
    await sign(client, outlineId, start);
    const month = itemId(items[0]);
    await prepay(client, outlineId, month);
    const threadPath = await businessThreadPath(client, matchRequestId, coaching.consultant.id);
    const held = await proposeSession(consultant, outlineId, month, coaching.sessions, coaching.sessions.held, 1);
    await client.form(threadPath, { intent: "book", meetingId: held, slot: "1" });
    // Two days ago at 15:00 UTC: after the month's start (a week ago), before now.
    await runSql(sessionBackdateSql(held, Date.parse(`${isoDay(-2)}T15:00:00Z`)), persistTo);
    await markHeld(consultant, outlineId, month, held);
    const booked = await proposeSession(consultant, outlineId, month, coaching.sessions, coaching.sessions.booked, 7);
    await client.form(threadPath, { intent: "book", meetingId: booked, slot: "1" });
  }

  log(
    "demo flows: demo@partwise.test has a completed engagement (back-dated), one with a delivery to review and a plan to sign, a retainer and coaching; consultant2 has a plan to draft " +
      `(${((Date.now() - began) / 1000).toFixed(1)} s)`,
  );
  return { played: true };
}

/** The first day of last month (UTC), YYYY-MM-DD: the demo retainer's start. */
function firstOfLastMonth(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
}

/** The consultant logs time on a retainer's month, as its page's form does (intent log-time). */
async function logTime(consultant, outlineId, itemId, entry) {
  const path = `/consultant/engagements/${encodeURIComponent(outlineId)}/items/${encodeURIComponent(itemId)}`;
  const answer = await consultant.form(path, {
    intent: "log-time",
    itemId,
    workDate: entry.date,
    hours: entry.hours,
    description: entry.description,
  });
  if (answer.status !== 302 && answer.status !== 303)
    throw new Error(`demo engagements: logging time answered ${answer.status}`);
}

/** The consultant asks for hours beyond a month's budget, as the month's page does (intent ask-hours). */
async function askForExtraHours(consultant, outlineId, itemId, request) {
  const path = `/consultant/engagements/${encodeURIComponent(outlineId)}/items/${encodeURIComponent(itemId)}`;
  const answer = await consultant.form(path, { intent: "ask-hours", itemId, ...request });
  if (answer.status !== 302 && answer.status !== 303)
    throw new Error(`demo engagements: asking for extra hours answered ${answer.status}`);
}

/** The business's conversation with a consultant on a match: where its link redirects. */
async function businessThreadPath(client, matchRequestId, consultantId) {
  const response = await fetch(
    `${client.baseURL}/messages/match/${encodeURIComponent(matchRequestId)}/${encodeURIComponent(consultantId)}`,
    { headers: { Cookie: client.cookie, Accept: "text/html" }, redirect: "manual" },
  );
  await response.arrayBuffer();
  const location = response.headers.get("Location");
  if (!location) throw new Error(`demo engagements: the conversation's link answered ${response.status}`);
  return new URL(location, client.baseURL).pathname;
}

/**
 * The coach proposes a session on the month's page, as its form does (intent propose): `days`
 * from today and the day after, at 15:00 UTC, at the plan's length. Answers the session's id.
 */
async function proposeSession(consultant, outlineId, itemId, sessions, note, days) {
  const key = randomUUID();
  const path = `/consultant/engagements/${encodeURIComponent(outlineId)}/items/${encodeURIComponent(itemId)}`;
  const answer = await consultant.form(path, {
    intent: "propose",
    key,
    zone: "UTC",
    slot1Date: isoDay(days),
    slot1Time: "15:00",
    slot2Date: isoDay(days + 1),
    slot2Time: "15:00",
    slot3Date: "",
    slot3Time: "",
    duration: "60",
    location: sessions.location,
    note,
  });
  if (answer.status !== 302 && answer.status !== 303)
    throw new Error(`demo engagements: proposing a session answered ${answer.status}`);
  return key;
}

/** The coach marks a session held on the month's page (intent mark-held). */
async function markHeld(consultant, outlineId, itemId, sessionId) {
  const path = `/consultant/engagements/${encodeURIComponent(outlineId)}/items/${encodeURIComponent(itemId)}`;
  const answer = await consultant.form(path, { intent: "mark-held", sessionId });
  if (answer.status !== 302 && answer.status !== 303)
    throw new Error(`demo engagements: marking the session held answered ${answer.status}`);
}

/** Runs backdateSql against the local D1 of the running server (wrangler d1 execute --local). */
async function backdate(outlineId, matchRequestId, persistTo) {
  await runSql(backdateSql(outlineId, matchRequestId), persistTo);
}

/** Runs SQL statements against the local D1 of the running server (wrangler d1 execute --local). */
async function runSql(statements, persistTo) {
  const args = ["d1", "execute", "DB", "--local", "--command", statements.join(" ")];
  if (persistTo) args.push("--persist-to", persistTo);
  const result = await capture(bin("wrangler"), args, { env: quietEnv({ CI: "true" }), timeoutMs: 60_000 });
  if (result.code !== 0)
    throw new Error(`demo engagements: back-dating failed (exit ${result.code}): ${result.stderr.slice(-300)}`);
}
