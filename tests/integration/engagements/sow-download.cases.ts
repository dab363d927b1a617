import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sowSignatures } from "~db/schema";
import { SOW_NOT_VERIFIED } from "~/lib/engagements/engagement-copy";
import { sowPdfPath } from "~/lib/engagements/engagement-paths";
import { SOW_HEADINGS } from "~/lib/engagements/sow";
import { call, createPlanAwaitingBusiness, db } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A plan signed through the API by its business. */
async function signedPlan() {
  const business = await signedInClient();
  const consultant = await signedInConsultant();
  const manager = await signedInManager();
  const { outline } = await createPlanAwaitingBusiness(business.business.id, consultant.user.id, manager.user.id);
  const response = await call("/api/delivery-outline/submit-business-review", {
    method: "PUT",
    cookie: business.token,
    json: {
      deliveryOutlineId: outline.id,
      decision: "approved",
      businessSignature: "Dana Reyes",
      businessSignatureDate: "2026-11-23",
    },
  });
  if (response.status !== 200) throw new Error(`signing failed: ${response.status} ${await response.text()}`);
  const [signature] = await db().select().from(sowSignatures).where(eq(sowSignatures.outlineId, outline.id));
  return { business, consultant, manager, outline, signature: signature! };
}

describe("GET /engagements/{id}/sow/{version}.pdf", () => {
  it("the business, the outline's consultant and a manager download the signed PDF with its hash", async () => {
    const { business, consultant, manager, outline, signature } = await signedPlan();
    for (const token of [business.token, consultant.token, manager.token]) {
      const response = await call(sowPdfPath(outline.id, 1), { cookie: token });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="statement-of-work-v1.pdf"');
      expect(response.headers.get("X-Content-SHA256")).toBe(signature.pdfSha256);
      expect(response.headers.get("ETag")).toBe(`"${signature.pdfSha256}"`);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const bytes = await response.arrayBuffer();
      expect(bytes.byteLength).toBe(signature.pdfSize);
      expect(await sha256(bytes)).toBe(signature.pdfSha256);
      const text = new TextDecoder("latin1").decode(bytes);
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text).toContain(`(${SOW_HEADINGS.statement}) Tj`);
      expect(text).toContain("(Name: Dana Reyes) Tj");
    }
  });

  it("another consultant or business, an unsigned version or a malformed name → 404; anonymous → login", async () => {
    const { business, outline } = await signedPlan();
    const otherConsultant = await signedInConsultant();
    const otherBusiness = await signedInClient();
    for (const token of [otherConsultant.token, otherBusiness.token]) {
      const response = await call(sowPdfPath(outline.id, 1), { cookie: token });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).not.toBe("application/pdf");
    }
    for (const path of [
      sowPdfPath(outline.id, 2),
      sowPdfPath("missing-outline", 1),
      `/engagements/${outline.id}/sow/1.txt`,
      `/engagements/${outline.id}/sow/01.pdf`,
      `/engagements/${outline.id}/sow/latest.pdf`,
    ]) {
      const response = await call(path, { cookie: business.token });
      expect(response.status).toBe(404);
    }
    const anonymous = await call(sowPdfPath(outline.id, 1));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });

  it("a signature whose PDF is missing from storage answers 404, never a broken file", async () => {
    const business = await signedInClient();
    const consultant = await signedInConsultant();
    const manager = await signedInManager();
    const { outline } = await createPlanAwaitingBusiness(business.business.id, consultant.user.id, manager.user.id, {
      state: "active",
      businessReviewStatus: "approved",
      signedVersion: 1,
    });
    await db()
      .insert(sowSignatures)
      .values({
        outlineId: outline.id,
        businessId: business.business.id,
        outlineVersion: 1,
        signerName: "Dana Reyes",
        signatureDate: "2026-11-23",
        signedAt: new Date(),
        pdfKey: `sow/${outline.id}/v1-missing.pdf`,
        pdfSha256: "0".repeat(64),
        pdfSize: 1,
      });
    const response = await call(sowPdfPath(outline.id, 1), { cookie: business.token });
    expect(response.status).toBe(404);
  });

  it("bytes that no longer match the recorded SHA-256 are not served", async () => {
    const { business, signature } = await signedPlan();
    const original = await (await env.FILES.get(signature.pdfKey))!.arrayBuffer();
    const tampered = new Uint8Array(original);
    tampered[tampered.length - 10] ^= 1;
    await env.FILES.put(signature.pdfKey, tampered);
    const response = await call(sowPdfPath(signature.outlineId, 1), { cookie: business.token });
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(SOW_NOT_VERIFIED);
  });
});
