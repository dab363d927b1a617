import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryItems, files, notifications } from "~db/schema";
import { consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { formatDate } from "~/lib/shared/dates";
import { call, createConsultant, db, html, sessionTokenFrom, signIn } from "../helpers";
import { createPaidPurchase, createSignedOutline, sendWithStripe } from "../helpers/deliverables";
import { signedInClient } from "../../factories";

const OUT_OF_TURN = "This deliverable is not waiting for delivery.";
const SUMMARY_REQUIRED = "Please summarise the work you delivered.";

async function consultantWithToken() {
  const consultant = await createConsultant();
  const token = sessionTokenFrom(await signIn(consultant.user.email))!;
  return { ...consultant, token };
}

/** A running engagement whose first item is paid and being worked on (status `status`). */
async function paidEngagement(status: "active" | "revision" = "active") {
  const client = await signedInClient();
  const consultant = await consultantWithToken();
  const engagement = await createSignedOutline(client.business.id, consultant.user.id);
  const item = engagement.items[0]!;
  const purchaseId = await createPaidPurchase(client.business.id, item.id);
  await db().update(deliveryItems).set({ paidPurchaseId: purchaseId, status }).where(eq(deliveryItems.id, item.id));
  return { client, consultant, ...engagement, item };
}

function deliveryForm(itemId: string, summary: string, attachments: { name: string; text: string }[] = []) {
  const form = new FormData();
  form.set("intent", "deliver");
  form.set("deliveryItemId", itemId);
  form.set("summaryOfWork", summary);
  for (const file of attachments) form.append("files", new File([file.text], file.name, { type: "text/csv" }));
  return form;
}

async function itemRow(id: string) {
  const [row] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, id));
  return row!;
}

describe("the consultant's delivery page", () => {
  it("shows the consultant's own item; another consultant, a client and an unknown item get 404, no session the sign-in", async () => {
    const { consultant, outline, item } = await paidEngagement();
    const path = consultantDeliveryPath(outline.id, item.id);
    const page = await call(path, { cookie: consultant.token });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Phase 1");
    expect(text).toContain("Jan 1, 2027");
    expect(text).toContain("$1,500.00");
    expect(text).toContain("Confirm delivery");

    const other = await consultantWithToken();
    expect((await call(path, { cookie: other.token })).status).toBe(404);
    const client = await signedInClient();
    expect((await call(path, { cookie: client.token })).status).toBe(404);
    expect((await call(consultantDeliveryPath(outline.id, "no-such-item"), { cookie: consultant.token })).status).toBe(
      404,
    );
    const anonymous = await call(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });

  it("confirms a delivery with a summary and a file once; the business is told; a second submission changes nothing", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    const path = consultantDeliveryPath(outline.id, item.id);
    const response = await sendWithStripe(path, {
      token: consultant.token,
      form: deliveryForm(item.id, "Found the margin leak in freight costs.", [
        { name: "freight.csv", text: "month,freight\n2026-09,1200\n" },
      ]),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${path}?delivered=1`);
    const delivered = await itemRow(item.id);
    expect(delivered).toMatchObject({
      status: "delivered",
      consultantConfirmedDelivery: true,
      summaryOfWork: "Found the margin leak in freight costs.",
      businessDeliveryReview: "pending",
    });
    const linked = await db().select().from(files).where(eq(files.deliveryItemId, item.id));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({
      originalName: "freight.csv",
      businessId: client.business.id,
      uploadedByUserId: consultant.user.id,
      purpose: "delivery_item",
    });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user.id), eq(notifications.kind, "item_delivered")));
    expect(told).toHaveLength(1);

    const page = await (await call(`${path}?delivered=1`, { cookie: consultant.token })).text();
    expect(page).toContain(html("Delivery confirmed. The business has been asked to review it."));
    expect(page).toContain("freight.csv");
    // The consultant and the business may download the delivered file.
    const fileName = linked[0]!.r2Key.split("/").pop()!;
    expect((await call(`/api/file-handling/get-file/${fileName}`, { cookie: consultant.token })).status).toBe(200);
    expect((await call(`/api/file-handling/get-file/${fileName}`, { cookie: client.token })).status).toBe(200);

    const again = await sendWithStripe(path, {
      token: consultant.token,
      form: deliveryForm(item.id, "Second try", [{ name: "again.csv", text: "a,b\n1,2\n" }]),
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(OUT_OF_TURN));
    expect((await itemRow(item.id)).summaryOfWork).toBe("Found the margin leak in freight costs.");
    const all = await db().select().from(files).where(eq(files.businessId, client.business.id));
    expect(all).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, client.user.id), eq(notifications.kind, "item_delivered"))),
    ).toHaveLength(1);
  });

  it("reworks a revision, showing the business's notes", async () => {
    const { consultant, outline, item, client } = await paidEngagement("revision");
    const { deliveryItemDecisions } = await import("~db/schema");
    await db().insert(deliveryItemDecisions).values({
      itemId: item.id,
      outlineId: outline.id,
      businessId: client.business.id,
      decision: "revision",
      decisionAction: "revise",
      businessNotes: "Please split freight by carrier.",
      complete: true,
    });
    const path = consultantDeliveryPath(outline.id, item.id);
    const page = await (await call(path, { cookie: consultant.token })).text();
    expect(page).toContain("The business asked for a revision");
    expect(page).toContain("Please split freight by carrier.");
    const response = await sendWithStripe(path, {
      token: consultant.token,
      form: deliveryForm(item.id, "Split by carrier."),
    });
    expect(response.status).toBe(302);
    expect(await itemRow(item.id)).toMatchObject({ status: "delivered", businessDeliveryReview: "pending" });
  });

  it("refuses an unpaid item (409), an empty summary (400), a malformed body (400) and another consultant (404) without writing", async () => {
    const { consultant, outline, items, item } = await paidEngagement();
    const unpaid = items[1]!;
    const unpaidPath = consultantDeliveryPath(outline.id, unpaid.id);
    const refused = await sendWithStripe(unpaidPath, {
      token: consultant.token,
      form: deliveryForm(unpaid.id, "Done"),
    });
    expect(refused.status).toBe(409);
    expect((await itemRow(unpaid.id)).status).toBe("upcoming");

    const path = consultantDeliveryPath(outline.id, item.id);
    const empty = await sendWithStripe(path, { token: consultant.token, form: deliveryForm(item.id, "  ") });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html(SUMMARY_REQUIRED));

    const json = await sendWithStripe(path, { token: consultant.token, json: { intent: "deliver" } });
    expect(json.status).toBe(400);

    const other = await consultantWithToken();
    const foreign = await sendWithStripe(path, { token: other.token, form: deliveryForm(item.id, "Mine now") });
    expect(foreign.status).toBe(404);
    const mismatched = await sendWithStripe(path, { token: consultant.token, form: deliveryForm(unpaid.id, "x") });
    expect(mismatched.status).toBe(404);
    // Files aside, the delivery form has the 1 MB cap of every form: a 2 MB body that is not a
    // multipart form is refused before it is read, and a multipart form whose text comes to
    // 2 MB is refused too (413, the form's error); nothing is delivered.
    const big = "x".repeat(2 * 1024 * 1024);
    const plain = await sendWithStripe(path, {
      token: consultant.token,
      form: { intent: "deliver", deliveryItemId: item.id, summaryOfWork: big },
    });
    expect(plain.status).toBe(413);
    expect(await plain.text()).toBe("The request is too large.");
    const textPart = await sendWithStripe(path, { token: consultant.token, form: deliveryForm(item.id, big) });
    expect(textPart.status).toBe(413);
    expect(await textPart.text()).toContain("The request is too large.");
    expect(await itemRow(item.id)).toMatchObject({ status: "active", summaryOfWork: null });
  });
});

describe("a deliverable delivered again after a revision request (issue #36)", () => {
  it("lists each file once under the delivery it came with, numbered and dated, to the consultant and the business", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    const path = consultantDeliveryPath(outline.id, item.id);
    const file = { name: "decision-log.csv", text: "week,decision\n1,Open Sundays\n" };
    expect(
      (await sendWithStripe(path, { token: consultant.token, form: deliveryForm(item.id, "First log.", [file]) }))
        .status,
    ).toBe(302);
    const revise = await sendWithStripe("/api/delivery-outline/business/item-review", {
      token: client.token,
      method: "PUT",
      json: {
        deliveryItemId: item.id,
        deliveryOutlineId: outline.id,
        decision: "revise",
        businessNotes: "Add the owners.",
      },
    });
    expect(revise.status).toBe(200);
    expect(
      (
        await sendWithStripe(path, {
          token: consultant.token,
          form: deliveryForm(item.id, "The log names an owner for each decision.", [file]),
        })
      ).status,
    ).toBe(302);

    const today = formatDate(new Date());
    const rounds = (page: string) =>
      [
        ...page
          .replace(/<!-- -->/g, "")
          .matchAll(
            /class="delivery-round-label">(?:<span class="visually-hidden">[^<]*<\/span>)?([^<]*)<\/p><ul class="delivery-files">([\s\S]*?)<\/ul>/g,
          ),
      ].map(([, label, list]) => [label, [...list!.matchAll(/download="([^"]*)"/g)].map(([, name]) => name)]);
    const expected = [
      [`Delivery 2 · ${today}`, ["decision-log.csv"]],
      [`Delivery 1 · ${today}`, ["decision-log.csv"]],
    ];
    expect(rounds(await (await call(path, { cookie: consultant.token })).text())).toEqual(expected);
    const panel = await call(`/features?focus=Engagements&engagementId=${outline.id}`, { cookie: client.token });
    expect(rounds(await panel.text())).toEqual(expected);
    const api = await call(`/api/delivery-outline/item/${item.id}`, { cookie: client.token });
    const body = (await api.json()) as { files: { originalName: string; round: number }[] };
    expect(body.files.map((entry) => [entry.originalName, entry.round])).toEqual([
      ["decision-log.csv", 1],
      ["decision-log.csv", 2],
    ]);
  });
});
