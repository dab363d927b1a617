import { describe, expect, it } from "vitest";
import { DOWNLOAD_SOW_LABEL, SIGNED_STATEMENTS_HEADING } from "~/lib/engagements/engagement-copy";
import { consultantEngagementPath, managerEngagementPath, sowPdfPath } from "~/lib/engagements/engagement-paths";
import { call, createPlanAwaitingBusiness } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";

/** A plan approved by the manager and waiting for its business's signature. */
async function planAwaitingSignature() {
  const business = await signedInClient();
  const consultant = await signedInConsultant();
  const manager = await signedInManager();
  const { outline } = await createPlanAwaitingBusiness(business.business.id, consultant.user.id, manager.user.id);
  return { business, consultant, manager, outline };
}

async function sign(outlineId: string, cookie: string) {
  const response = await call("/api/delivery-outline/submit-business-review", {
    method: "PUT",
    cookie,
    json: {
      deliveryOutlineId: outlineId,
      decision: "approved",
      businessSignature: "Dana Reyes",
      businessSignatureDate: "2026-11-23",
    },
  });
  expect(response.status).toBe(200);
}

const downloadLink = (outlineId: string) =>
  `href="${sowPdfPath(outlineId, 1)}" download="" aria-label="${DOWNLOAD_SOW_LABEL}: statement of work version 1"`;

describe("the signed statements on the consultant's and the manager's engagement pages", () => {
  it("are listed with their PDF download once the business signed, and not before", async () => {
    const { business, consultant, manager, outline } = await planAwaitingSignature();
    const pages = [
      { path: consultantEngagementPath(outline.id), token: consultant.token },
      { path: managerEngagementPath(outline.id), token: manager.token },
    ];
    for (const { path, token } of pages) {
      const response = await call(path, { cookie: token });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain(SIGNED_STATEMENTS_HEADING);
      expect(html).not.toContain(sowPdfPath(outline.id, 1));
    }

    await sign(outline.id, business.token);
    for (const { path, token } of pages) {
      const response = await call(path, { cookie: token });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`>${SIGNED_STATEMENTS_HEADING}</h2>`);
      expect(html).toContain(downloadLink(outline.id));
      expect(html).toContain("Dana Reyes");
    }
  });

  it("another consultant still gets a 404 for the consultant's page of a signed plan", async () => {
    const { business, outline } = await planAwaitingSignature();
    await sign(outline.id, business.token);
    const other = await signedInConsultant();
    const response = await call(consultantEngagementPath(outline.id), { cookie: other.token });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(sowPdfPath(outline.id, 1));
  });
});
