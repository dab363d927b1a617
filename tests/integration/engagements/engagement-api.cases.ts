import { describe, expect, it } from "vitest";
import { files } from "~db/schema";
import { call, createBusinessEngagement, db } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

/**
 * GET /api/delivery-outline/{id} and GET /api/delivery-outline/item/{id} (spec §3 Delivery
 * outline / Delivery item, §7): the owner's outline and items; another business's, an unknown id,
 * a plan a manager has not approved, and an unpaid item of a change still with the manager are
 * all 404 with the same message and nothing of the record; 401 without a session, 403 for staff.
 */

const OUTLINE_NOT_FOUND = { msg: "Engagement plan not found." };
const ITEM_NOT_FOUND = { msg: "Deliverable not found." };

async function json(path: string, token?: string) {
  const response = await call(path, { cookie: token ?? null });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/delivery-outline/{id}", () => {
  it("answers the owner's outline with its items split into incomplete and completed", async () => {
    const client = await signedInClient();
    const { outline, items, match } = await createBusinessEngagement(client.business.id, "active", {
      title: "Margin recovery plan",
    });
    const { status, body } = await json(`/api/delivery-outline/${outline.id}`, client.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: outline.id,
      matchRequestId: match.id,
      title: "Margin recovery plan",
      overview: "We find where the margin went and put it back, one phase at a time.",
      version: 1,
      signedVersion: 1,
      state: "active",
      complete: false,
      status: "active",
      egmReview: { status: "approved" },
      businessReview: { status: "approved", notes: null },
      activeItem: { deliveryItemId: items[1].id, consultantConfirmedDelivery: true },
      businessSignature: "Pat Owner",
      businessSignatureDate: "2026-11-20",
    });
    const incomplete = body.incompleteItems as Record<string, unknown>[];
    const completed = body.completedItems as Record<string, unknown>[];
    expect(incomplete.map((item) => item.deliveryItemId)).toEqual([items[1].id, items[2].id]);
    expect(completed.map((item) => item.deliveryItemId)).toEqual([items[0].id]);
    expect(incomplete[0]).toMatchObject({
      _id: items[1].id,
      title: "Phase 2",
      description: "What phase 2 delivers.",
      deliveryDate: "2027-02-01",
      price: 1500,
      priceCents: 150_000,
      status: "delivered",
      paid: true,
      consultantConfirmedDelivery: true,
      summaryOfWork: "Found the three products that lost margin.",
      businessDeliveryReview: "pending",
      businessId: client.business.id,
      files: [],
    });
  });

  it("hides the unpaid items and the overview of a changed plan that waits for the manager", async () => {
    const client = await signedInClient();
    const { outline, items } = await createBusinessEngagement(client.business.id, "changed");
    const { status, body } = await json(`/api/delivery-outline/${outline.id}`, client.token);
    expect(status).toBe(200);
    expect(body.overview).toBe("");
    const all = [...(body.incompleteItems as { _id: string }[]), ...(body.completedItems as { _id: string }[])];
    expect(all.map((item) => item._id).sort()).toEqual([items[0].id, items[1].id].sort());
    expect(JSON.stringify(body)).not.toContain("Unapproved new phase");
  });

  it("answers 404 for another business's outline, a plan the manager has not approved and an unknown id", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const foreign = await createBusinessEngagement(other.business.id, "active", { title: "Secret expansion plan" });
    const pending = await createBusinessEngagement(client.business.id, "unapproved", { title: "With the manager" });
    for (const id of [foreign.outline.id, pending.outline.id, "no-such-outline"]) {
      const { status, body } = await json(`/api/delivery-outline/${id}`, client.token);
      expect(status, id).toBe(404);
      expect(body).toEqual(OUTLINE_NOT_FOUND);
    }
  });

  it("answers 401 without a session, 403 for staff and 405 for other methods", async () => {
    const client = await signedInClient();
    const { outline } = await createBusinessEngagement(client.business.id, "active");
    expect((await json(`/api/delivery-outline/${outline.id}`)).status).toBe(401);
    const manager = await signedInManager();
    const consultant = await signedInConsultant();
    expect((await json(`/api/delivery-outline/${outline.id}`, manager.token)).status).toBe(403);
    expect((await json(`/api/delivery-outline/${outline.id}`, consultant.token)).status).toBe(403);
    const put = await call(`/api/delivery-outline/${outline.id}`, { method: "PUT", json: {}, cookie: client.token });
    expect(put.status).toBe(405);
  });
});

describe("GET /api/delivery-outline/item/{id}", () => {
  it("answers the owner's item with its summary of work, review, business and delivery files", async () => {
    const client = await signedInClient();
    const { items } = await createBusinessEngagement(client.business.id, "active");
    const delivered = items[1];
    await db()
      .insert(files)
      .values({
        id: crypto.randomUUID(),
        businessId: client.business.id,
        r2Key: `biz/${client.business.id}/0b9f6c1e-2d3a-4c5b-8e7f-1a2b3c4d5e6f.pdf`,
        originalName: "margin-analysis.pdf",
        contentType: "application/pdf",
        sizeBytes: 2048,
        sha256: "0".repeat(64),
        purpose: "delivery_item",
        deliveryItemId: delivered.id,
      });
    const { status, body } = await json(`/api/delivery-outline/item/${delivered.id}`, client.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: delivered.id,
      deliveryItemId: delivered.id,
      title: "Phase 2",
      summaryOfWork: "Found the three products that lost margin.",
      businessDeliveryReview: "pending",
      businessId: client.business.id,
      businessNotes: null,
      files: [
        {
          fileName: "0b9f6c1e-2d3a-4c5b-8e7f-1a2b3c4d5e6f.pdf",
          originalName: "margin-analysis.pdf",
          size: 2048,
          url: "/api/file-handling/get-file/0b9f6c1e-2d3a-4c5b-8e7f-1a2b3c4d5e6f.pdf",
        },
      ],
    });
  });

  it("answers 404 for another business's item, an item of an unapproved plan, and an unpaid item of a change with the manager", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const foreign = await createBusinessEngagement(other.business.id, "active");
    const pending = await createBusinessEngagement(client.business.id, "unapproved");
    const changed = await createBusinessEngagement(client.business.id, "changed");
    for (const id of [foreign.items[1].id, pending.items[0].id, changed.items[2].id, "no-such-item"]) {
      const { status, body } = await json(`/api/delivery-outline/item/${id}`, client.token);
      expect(status, id).toBe(404);
      expect(body).toEqual(ITEM_NOT_FOUND);
    }
    // The paid item of the changed plan is still the business's to read.
    expect((await json(`/api/delivery-outline/item/${changed.items[0].id}`, client.token)).status).toBe(200);
  });

  it("answers 401 without a session and 403 for staff", async () => {
    const client = await signedInClient();
    const { items } = await createBusinessEngagement(client.business.id, "active");
    expect((await json(`/api/delivery-outline/item/${items[0].id}`)).status).toBe(401);
    const manager = await signedInManager();
    expect((await json(`/api/delivery-outline/item/${items[0].id}`, manager.token)).status).toBe(403);
  });
});
