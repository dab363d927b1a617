import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { businesses, files, insightRequests, type MemberTier, type NewInsightRequest } from "~db/schema";
import { createAppContext, type AppContext } from "~/server/load-context";
import { call, db, uniqueId } from "./session";

/** Helpers of tests/integration/insights/insight-requests.cases.ts and insight-files.cases.ts. */

export const CREATE = "/api/insight/insightRequest/create";
export const GET_REQUEST = "/api/insight/insightRequest/get-insight-request";
export const UPLOAD = "/api/file-handling/upload-files";

export const SUBMITTED_MESSAGE = "Your insight request has been submitted!";
export const PAYMENT_MESSAGE = "Complete payment to submit your insight request.";
export const STATUS_AWAITING = "Complete payment to submit your insight request.";
export const STATUS_PAID = "Your payment was successful and your insight request is with our team.";
export const STATUS_COVERED = "Included in your plan: your insight request is with our top 1% of experts.";
export const FILES_INVALID = "One of the attached files could not be found. Attach it again.";

export const PDF_BYTES = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

/** A complete, valid create payload for the business. */
export function payload(businessId: string, overrides: Record<string, unknown> = {}) {
  return {
    businessId,
    category: "operations",
    businessNature: "We distribute marine hardware to boatyards across New England.",
    managementStructure: "Owner, two department leads, a part-time controller.",
    issueDetails: "Stockouts of fast-moving items every month. Customers wait two weeks.",
    issueCause: "Reorders are placed by feel, not by usage.",
    resolutionOutcome: "No stockouts on the top 50 items.",
    resolutionHelp: "A short project to set up a reorder routine.",
    annualSales: "5-10 million",
    numEmployees: "25-50",
    files: [],
    ...overrides,
  };
}

/**
 * An insight request row of the business, as the insights domain would have stored it: an
 * operations request awaiting payment unless `overrides` say otherwise. Returns the row inserted.
 */
export async function createInsightRequestRow(
  businessId: string,
  overrides: Partial<Omit<NewInsightRequest, "businessId">> = {},
) {
  const row = { category: "operations" as const, ...overrides, id: overrides.id ?? uniqueId("insight"), businessId };
  await db().insert(insightRequests).values(row);
  return row;
}

export function create(token: string | null, body: unknown) {
  return call(CREATE, { json: body, cookie: token });
}

export async function setPlan(
  businessId: string,
  memberTier: MemberTier,
  subscriptionStatus: string | null = "active",
) {
  await db().update(businesses).set({ memberTier, subscriptionStatus }).where(eq(businesses.id, businessId));
}

export async function requestsOf(businessId: string) {
  return db().select().from(insightRequests).where(eq(insightRequests.businessId, businessId));
}

export async function filesOf(businessId: string) {
  return db().select().from(files).where(eq(files.businessId, businessId));
}

/** Uploads a small PDF through the real endpoint; answers its stored name. */
export async function uploadPdf(token: string, name = "Q3 stock report.pdf"): Promise<string> {
  const body = new FormData();
  body.append("files", new File([PDF_BYTES], name, { type: "application/pdf" }));
  const response = await call(UPLOAD, { method: "POST", body, cookie: token });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { files: { fileName: string }[] };
  return answer.files[0].fileName;
}

/** An app context for calling domain functions directly, with a fixed clock. */
export function appAt(now: Date | (() => Date) = () => new Date()): AppContext {
  return createAppContext(env, () => undefined, typeof now === "function" ? now : () => now);
}

/** The business row (fresh from D1) and its owner as a ClientViewer, for direct domain calls. */
export async function viewerOf(userId: string, businessId: string) {
  const [business] = await db().select().from(businesses).where(eq(businesses.id, businessId));
  if (!business) throw new Error(`no business ${businessId}`);
  return {
    sessionId: "test",
    user: {
      id: userId,
      email: "",
      firstName: "Test",
      lastName: "Person",
      phone: "",
      role: "client" as const,
      staffRole: null,
      emailVerified: true,
    },
    business,
    member: { role: "owner" as const },
  };
}
