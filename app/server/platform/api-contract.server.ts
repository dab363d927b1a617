// The JSON API's contract: every operation of the `app/routes/api.*` resource routes, listed once
// with the very Zod schema its route validates with, and the OpenAPI 3.1 document generated from
// that list (served at GET /api/openapi.json). tests/integration/api-contract.test.ts fails when a
// route and this list disagree (a path or method missing on either side, a body the route reads
// with another schema, a session requirement that differs).
import { z } from "zod";
import { FILE_PURPOSES, OAUTH_RETURN_PAGES } from "~db/schema";
import { SignInSchema } from "~/lib/identity/auth-schemas";
import { BusinessDetailsSchema } from "~/lib/business/business-schemas";
import {
  InsightRequestPayloadSchema,
  ReportFeedbackPayloadSchema,
  ValueInsightFeedbackPayloadSchema,
} from "~/lib/insights/insight-schemas";
import { NaicsSearchQuerySchema } from "~/lib/business/naics-search-schema";
import { MatchRequestPayloadSchema } from "~/lib/matching/match-schemas";
import { PasswordRecoverySchema, PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import {
  BenchmarkingCheckoutSchema,
  ChangeActiveItemSchema,
  CheckoutSessionSchema,
  InsightCheckoutSchema,
  InsightPaymentSchema,
  ItemCheckoutSchema,
  StripeIdSchema,
} from "~/lib/payments/api-schemas";
import {
  BusinessInfoApiSchema,
  InsightPreferencesApiSchema,
  PasswordChangeSchema,
  PersonalInfoSchema,
} from "~/lib/business/settings-schemas";
import { CheckEmailSchema, PersonalDetailsSchema } from "~/lib/identity/signup-schemas";
import { DisconnectSchema, SetTokensSchema } from "~/server/finance/quickbooks-api-schemas.server";
import { FinanceReportRequestSchema } from "~/server/finance/finance-reports.server";
import { SESSION_COOKIE } from "~/server/identity/session.server";
import { BusinessDecisionSchema, MatchFeedbackPayloadSchema } from "~/lib/matching/match-view";
import { BusinessReviewSchema, ItemReviewSchema } from "~/lib/engagements/engagement-schemas";
import { BenchmarkingCreateSchema } from "~/lib/benchmarking/benchmarking-schemas";

export const OPENAPI_PATH = "/api/openapi.json";

export type HttpMethod = "get" | "post" | "put" | "delete";

/**
 * How a route reads its body: `json` through readBody (JSON, or an urlencoded form for no-JS
 * posts; a failed parse answers 400 with the schema's first message), `multipart` through the
 * upload reader, `raw` as the exact bytes (the Stripe webhook verifies them before parsing).
 */
export type BodyReader = "json" | "multipart" | "raw";

export type ApiOperation = {
  method: HttpMethod;
  /** The OpenAPI path: the route file's name with dots as slashes and `$param` as `{param}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  /** `session`: the session cookie is required (401 without it); `stripe`: the Stripe-Signature header. */
  access: "public" | "session" | "stripe";
  body?: { name: string; schema: z.ZodType; reader: BodyReader; description?: string };
  /** Path parameters, in path order; a schema where the route validates the parameter. */
  params?: { name: string; description: string; schema?: z.ZodType }[];
  /** Query parameters, as one object schema (each property becomes a parameter). */
  query?: z.ZodObject;
  /** Success answers: status → what comes back. */
  ok: Record<number, string>;
  /** Error answers, `{ msg }` unless `errorShape` says otherwise. */
  errors: number[];
  /** updatePassword answers its 400s as `[{msg, field?}]`. */
  errorShape?: "array";
};

/** What the upload route reads from its multipart body (app/routes/api.file-handling.upload-files.ts, then uploadOf). */
export const FileUploadSchema = z.object({
  files: z.array(z.file()).min(1).max(10).describe("One or more parts named `files`."),
  purpose: z.enum(FILE_PURPOSES).optional(),
});

/** createAuthPortal's query: where the connection flow returns to (DASHBOARD when absent or unknown). */
export const ConnectQuerySchema = z.object({ returnPage: z.enum(OAUTH_RETURN_PAGES).optional() });

const CLIENT = [401, 403] as const;
const id = (name = "id", description = "The record's id.") => [{ name, description }];

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Identity: sessions, sign-up, passwords.
  {
    method: "get",
    path: "/api/client/auth",
    operationId: "getSession",
    tag: "identity",
    summary: "The signed-in user and their business (null until created).",
    access: "session",
    ok: {
      200:
        "{user, business}; the business as spec §3 has it: its details, quickbooks {realmId} while connected (never a token, else null), " +
        "naicsReport, benchmarking {yearsPurchased}, insightMarketingPreferences and events {insights, valueInsights, engagements}, " +
        "each newest first (at most 100)",
    },
    errors: [401],
  },
  {
    method: "post",
    path: "/api/client/auth/signin",
    operationId: "signIn",
    tag: "identity",
    summary: "Signs in; sets the session cookie.",
    access: "public",
    body: { name: "SignIn", schema: SignInSchema, reader: "json" },
    ok: { 200: "{user, msg} and the session cookie" },
    errors: [400, 401, 429],
  },
  {
    method: "post",
    path: "/api/client/auth/logout",
    operationId: "signOut",
    tag: "identity",
    summary: "Ends the session and clears the cookie (idempotent).",
    access: "public",
    ok: { 200: "{msg}" },
    errors: [],
  },
  {
    method: "put",
    path: "/api/client/auth/reset-password",
    operationId: "requestPasswordReset",
    tag: "identity",
    summary: "Emails a recovery password when the account exists; the same answer for every email.",
    access: "public",
    body: { name: "PasswordResetRequest", schema: PasswordResetRequestSchema, reader: "json" },
    ok: { 200: "{msg}" },
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/client/auth/recover",
    operationId: "recoverAccount",
    tag: "identity",
    summary: "Sets a new password with the emailed recovery password; ends every other session.",
    access: "public",
    body: { name: "PasswordRecovery", schema: PasswordRecoverySchema, reader: "json" },
    ok: { 200: "{user, msg} and a new session cookie" },
    errors: [400, 429],
  },
  {
    method: "get",
    path: "/api/client/checkEmail/{email}",
    operationId: "checkEmail",
    tag: "identity",
    summary: "Whether an email is free for sign-up (limited per network).",
    access: "public",
    params: [{ name: "email", description: "The address to check.", schema: CheckEmailSchema }],
    ok: { 200: "{emailAvailable}" },
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/client/auth/signup",
    operationId: "signUp",
    tag: "identity",
    summary: "Creates a client account and signs it in.",
    access: "public",
    body: { name: "PersonalDetails", schema: PersonalDetailsSchema, reader: "json" },
    ok: { 201: "{_id, email} and the session cookie" },
    errors: [400, 409, 429],
  },
  {
    method: "put",
    path: "/api/client/auth/updatePassword",
    operationId: "updatePassword",
    tag: "identity",
    summary: "Changes the password; every other session ends.",
    access: "session",
    body: { name: "PasswordChange", schema: PasswordChangeSchema, reader: "json" },
    ok: { 200: "the user" },
    errors: [400, ...CLIENT],
    errorShape: "array",
  },
  {
    method: "put",
    path: "/api/client/updateInfo",
    operationId: "updatePersonalInfo",
    tag: "identity",
    summary:
      "Updates the client's name and phone. A new email needs `password` (the current one) and changes only when the link sent to it is opened: the answer is the user with its current email, `pendingEmail` and `msg`.",
    access: "session",
    body: { name: "PersonalInfo", schema: PersonalInfoSchema, reader: "json" },
    ok: { 200: "the user" },
    errors: [400, ...CLIENT, 409, 502],
  },
  // Business.
  {
    method: "post",
    path: "/api/client/business/create",
    operationId: "createBusiness",
    tag: "business",
    summary: "Creates the client's business.",
    access: "session",
    body: { name: "BusinessDetails", schema: BusinessDetailsSchema, reader: "json" },
    ok: { 201: "the business" },
    errors: [400, ...CLIENT, 409],
  },
  {
    method: "put",
    path: "/api/client/business/updateInfo",
    operationId: "updateBusinessInfo",
    tag: "business",
    summary: "Updates the business's details (revenue and NAICS are read-only).",
    access: "session",
    body: { name: "BusinessInfo", schema: BusinessInfoApiSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/client/business/updateInsightMarketing",
    operationId: "updateInsightPreferences",
    tag: "business",
    summary: "Sets which insight areas the business hears about.",
    access: "session",
    body: { name: "InsightPreferences", schema: InsightPreferencesApiSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "get",
    path: "/api/naics/{code}",
    operationId: "getNaicsIndustry",
    tag: "business",
    summary: "A 2022 six-digit NAICS industry (public reference data, cached a day).",
    access: "public",
    params: [{ name: "code", description: "Six digits." }],
    ok: { 200: "{code, title, sector}" },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/naics/search",
    operationId: "searchNaics",
    tag: "business",
    summary: "Industries whose title or Census index entries match the words, best first.",
    access: "public",
    query: NaicsSearchQuerySchema,
    ok: { 200: "{query, results, total, partial}" },
    errors: [400],
  },
  // Finance: the QuickBooks connection and the finance report.
  {
    method: "get",
    path: "/api/quickbooks/createAuthPortal",
    operationId: "startQuickBooksConnect",
    tag: "finance",
    summary:
      "A browser navigation: redirects to Intuit's consent page (or the demo one); without a session to the login screen.",
    access: "session",
    query: ConnectQuerySchema,
    ok: { 302: "to the consent page" },
    errors: [],
  },
  {
    method: "post",
    path: "/api/quickbooks/setTokens",
    operationId: "completeQuickBooksConnect",
    tag: "finance",
    summary: "Completes the connection from Intuit's callback URL; the tokens never leave the server.",
    access: "session",
    body: { name: "SetTokens", schema: SetTokensSchema, reader: "json" },
    ok: { 200: "{business, jobId, returnPage}" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "post",
    path: "/api/quickbooks/create-financial-report",
    operationId: "createFinanceReport",
    tag: "finance",
    summary: "Queues this month's finance-report job (an existing one is answered as it is).",
    access: "session",
    body: { name: "FinanceReportRequest", schema: FinanceReportRequestSchema, reader: "json" },
    ok: { 202: "{jobId, status}" },
    errors: [400, ...CLIENT, 404, 409],
  },
  {
    method: "get",
    path: "/api/quickbooks/get-financial-report/{businessId}",
    operationId: "getFinanceReport",
    tag: "finance",
    summary: "The business's finance report, oldest month first.",
    access: "session",
    params: id("businessId", "The caller's business."),
    ok: { 200: "{profitAndLoss, lastUpdate}" },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/quickbooks/refresh-finance-report/{businessId}",
    operationId: "refreshFinanceReport",
    tag: "finance",
    summary: "Builds this month's report again.",
    access: "session",
    params: id("businessId", "The caller's business."),
    body: { name: "FinanceReportRequest", schema: FinanceReportRequestSchema, reader: "json" },
    ok: { 202: "{jobId, status}" },
    errors: [400, ...CLIENT, 404, 409],
  },
  {
    method: "get",
    path: "/api/quickbooks/finance-report-status",
    operationId: "getFinanceReportStatus",
    tag: "finance",
    summary: "The connection, the newest finance-report job and the report's date.",
    access: "session",
    ok: { 200: "{connection, job, report}" },
    errors: [...CLIENT, 404],
  },
  {
    method: "post",
    path: "/api/quickbooks/disconnect",
    operationId: "disconnectQuickBooks",
    tag: "finance",
    summary: "Revokes the grant and deletes the connection and its report.",
    access: "session",
    body: { name: "Disconnect", schema: DisconnectSchema, reader: "json" },
    ok: { 200: "{msg}" },
    errors: [400, ...CLIENT, 404],
  },
  // Payments.
  {
    method: "post",
    path: "/api/payments/create-checkout-session",
    operationId: "createPlanCheckout",
    tag: "payments",
    summary:
      "A form post: redirects to a subscription Checkout Session (or back to /plan-select when the provider fails).",
    access: "session",
    body: { name: "CheckoutSession", schema: CheckoutSessionSchema, reader: "json" },
    ok: { 303: "to the Checkout Session" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "post",
    path: "/api/payments/create-portal-session",
    operationId: "openBillingPortal",
    tag: "payments",
    summary: "A form post: redirects to the billing portal, or to /plan-select without a paid plan.",
    access: "session",
    ok: { 303: "to the billing portal" },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/payments/update-stripe-id",
    operationId: "confirmStripeId",
    tag: "payments",
    summary: "Confirms the Stripe customer id the checkout stored; writes nothing.",
    access: "session",
    body: { name: "StripeId", schema: StripeIdSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT, 404, 409],
  },
  {
    method: "post",
    path: "/api/payments/create-insight-checkout",
    operationId: "createInsightCheckout",
    tag: "payments",
    summary: "A Checkout Session for one insight at the fixed price.",
    access: "session",
    body: { name: "InsightCheckout", schema: InsightCheckoutSchema, reader: "json" },
    ok: { 200: "{url}" },
    errors: [400, ...CLIENT, 404, 409, 502],
  },
  {
    method: "post",
    path: "/api/payments/create-item-session",
    operationId: "createItemCheckout",
    tag: "payments",
    summary: "A Checkout Session prepaying a delivery item at its stored price.",
    access: "session",
    body: { name: "ItemCheckout", schema: ItemCheckoutSchema, reader: "json" },
    ok: { 200: "{url}" },
    errors: [400, ...CLIENT, 404, 409, 502],
  },
  {
    method: "put",
    path: "/api/payments/update-business-benchmarking",
    operationId: "createBenchmarkingCheckout",
    tag: "payments",
    summary:
      "A Checkout Session for this year's benchmarking; a plan that includes it (STARTER, SCALE) is never charged and gets {_id} without a url.",
    access: "session",
    body: { name: "BenchmarkingCheckout", schema: BenchmarkingCheckoutSchema, reader: "json" },
    ok: { 200: "{url, _id}, or {_id} when the plan includes benchmarking" },
    errors: [400, ...CLIENT, 404, 409, 502],
  },
  {
    method: "post",
    path: "/api/benchmarking/create",
    operationId: "createBenchmarking",
    tag: "benchmarking",
    summary:
      "Starts building this year's benchmarking report (again after a failure); BASIC needs the year bought, STARTER and SCALE include it.",
    access: "session",
    body: { name: "BenchmarkingCreate", schema: BenchmarkingCreateSchema, reader: "json" },
    ok: {
      200: "the business, with naicsReport {year, status, peerGroup, updatedAt} and benchmarking {yearsPurchased}",
    },
    errors: [400, ...CLIENT, 402, 404],
  },
  {
    method: "put",
    path: "/api/insight/insightRequest/successful-payment",
    operationId: "confirmInsightPayment",
    tag: "payments",
    summary: "Fulfils the insight's payment once the provider says it is paid.",
    access: "session",
    body: { name: "InsightPayment", schema: InsightPaymentSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT, 404, 409, 502],
  },
  {
    method: "put",
    path: "/api/delivery-outline/change-active-item",
    operationId: "changeActiveItem",
    tag: "payments",
    summary: "Makes a paid delivery item the outline's active one.",
    access: "session",
    body: { name: "ChangeActiveItem", schema: ChangeActiveItemSchema, reader: "json" },
    ok: { 200: "the outline" },
    errors: [400, ...CLIENT, 404, 409, 502],
  },
  {
    method: "get",
    path: "/api/delivery-outline/{id}",
    operationId: "getDeliveryOutline",
    tag: "engagements",
    summary:
      "One of the caller's engagement plans once a manager approved it: statuses, items still to do and completed, the active item, the signature.",
    access: "session",
    params: id(),
    ok: { 200: "the outline" },
    errors: [...CLIENT, 404],
  },
  {
    method: "get",
    path: "/api/delivery-outline/item/{id}",
    operationId: "getDeliveryItem",
    tag: "engagements",
    summary:
      "One deliverable of the caller's engagement: its summary of work, the business's review, the business and the delivery files.",
    access: "session",
    params: id(),
    ok: { 200: "the delivery item" },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/delivery-outline/submit-business-review",
    operationId: "submitBusinessReview",
    tag: "engagements",
    summary: "The business accepts (signs the statement of work) or rejects the engagement plan.",
    access: "session",
    body: { name: "BusinessReview", schema: BusinessReviewSchema, reader: "json" },
    ok: { 200: "the outline's review state" },
    errors: [400, ...CLIENT, 404, 409],
  },
  {
    method: "put",
    path: "/api/delivery-outline/business/item-review",
    operationId: "reviewDeliveryItem",
    tag: "engagements",
    summary:
      "The business decides on a delivered item while its review is pending: prepay the next (its checkout url is returned), pause, or revise (notes required).",
    access: "session",
    body: { name: "ItemReview", schema: ItemReviewSchema, reader: "json" },
    ok: { 200: "the updated outline, and checkoutUrl (the next item's payment page after prepay, else null)" },
    errors: [400, ...CLIENT, 404, 409],
  },
  {
    method: "post",
    path: "/api/payments/webhook",
    operationId: "stripeWebhook",
    tag: "payments",
    summary: "Stripe's webhook, authenticated by the Stripe-Signature header over the exact bytes.",
    access: "stripe",
    body: {
      name: "StripeEvent",
      schema: z.looseObject({ id: z.string(), type: z.string() }),
      reader: "raw",
      description: "A Stripe event as Stripe signed it.",
    },
    ok: { 200: "{received: true}" },
    errors: [400, 500],
  },
  {
    method: "post",
    path: "/api/payments/connect-webhook",
    operationId: "stripeConnectWebhook",
    tag: "payments",
    summary:
      "Stripe's Connect webhook (events of the consultants' connected accounts, e.g. account.updated), authenticated by the Stripe-Signature header with its own signing secret.",
    access: "stripe",
    body: {
      name: "StripeConnectEvent",
      schema: z.looseObject({ id: z.string(), type: z.string() }),
      reader: "raw",
      description: "A Stripe Connect event as Stripe signed it.",
    },
    ok: { 200: "{received: true}" },
    errors: [400, 500],
  },
  // Files.
  {
    method: "post",
    path: "/api/file-handling/upload-files",
    operationId: "uploadFiles",
    tag: "files",
    summary: "Stores files of the caller's business (all or none).",
    access: "session",
    body: { name: "FileUpload", schema: FileUploadSchema, reader: "multipart" },
    ok: { 201: "{msg, files}" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "get",
    path: "/api/file-handling/get-file/{fileName}",
    operationId: "getFile",
    tag: "files",
    summary: "A file's bytes as a download (the business's own, a manager's assigned, or a candidate consultant's).",
    access: "session",
    params: [{ name: "fileName", description: "The stored name `<uuid>.<ext>`." }],
    ok: { 200: "the file" },
    errors: [401, 404],
  },
  {
    method: "delete",
    path: "/api/file-handling/delete-file/{fileName}",
    operationId: "deleteFile",
    tag: "files",
    summary: "Removes a file not yet attached to a request.",
    access: "session",
    params: [{ name: "fileName", description: "The stored name `<uuid>.<ext>`." }],
    ok: { 200: "{msg}" },
    errors: [...CLIENT, 404, 409],
  },
  // Insights and matching.
  {
    method: "post",
    path: "/api/insight/insightRequest/create",
    operationId: "createInsightRequest",
    tag: "insights",
    summary: "Submits an insight request (the same requestId again answers the existing one).",
    access: "session",
    body: { name: "InsightRequestPayload", schema: InsightRequestPayloadSchema, reader: "json" },
    ok: { 201: "{msg, insightRequest}", 200: "{msg, insightRequest}, already submitted" },
    errors: [400, ...CLIENT, 404, 409, 500],
  },
  {
    method: "get",
    path: "/api/insight/insightRequest/get-insight-request/{id}",
    operationId: "getInsightRequest",
    tag: "insights",
    summary: "One of the caller's insight requests.",
    access: "session",
    params: id(),
    ok: { 200: "the insight request" },
    errors: [...CLIENT, 404, 500],
  },
  {
    method: "get",
    path: "/api/insight/insight-report/{id}",
    operationId: "getInsightReport",
    tag: "insights",
    summary: "A published insight report of the caller's business.",
    access: "session",
    params: id(),
    ok: { 200: "the report" },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/insight/insight-report/feedback",
    operationId: "saveReportFeedback",
    tag: "insights",
    summary: "Rates an insight report (last write wins).",
    access: "session",
    body: { name: "ReportFeedback", schema: ReportFeedbackPayloadSchema, reader: "json" },
    ok: { 200: "{message}" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "get",
    path: "/api/insight/value-insight/{id}",
    operationId: "getValueInsight",
    tag: "insights",
    summary: "A value insight of the caller's business.",
    access: "session",
    params: id(),
    ok: { 200: "the value insight" },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/insight/value-insight/feedback",
    operationId: "saveValueInsightFeedback",
    tag: "insights",
    summary: "Rates a value insight (last write wins).",
    access: "session",
    body: { name: "ValueInsightFeedback", schema: ValueInsightFeedbackPayloadSchema, reader: "json" },
    ok: { 200: "{message}" },
    errors: [400, ...CLIENT, 404],
  },
  {
    method: "post",
    path: "/api/matching/matchRequest/create",
    operationId: "createMatchRequest",
    tag: "matching",
    summary:
      "Requests a consultant match and starts smart matching (the same requestId again answers the existing one).",
    access: "session",
    body: { name: "MatchRequestPayload", schema: MatchRequestPayloadSchema, reader: "json" },
    ok: { 201: "{msg, matchRequest}", 200: "{msg, matchRequest}, already created" },
    errors: [400, ...CLIENT, 404, 409, 500],
  },
  {
    method: "post",
    path: "/api/matching/matchRequest/create-from-report/{id}",
    operationId: "createMatchFromReport",
    tag: "matching",
    summary: "Asks for a consultant match from a report (once per report).",
    access: "session",
    params: id(),
    ok: { 200: "{message}" },
    errors: [...CLIENT, 404],
  },
  {
    method: "post",
    path: "/api/matching/matchRequest/create-from-value-insight/{id}",
    operationId: "createMatchFromValueInsight",
    tag: "matching",
    summary: "Asks for a consultant match from a value insight (once per value insight).",
    access: "session",
    params: id(),
    ok: { 200: "{message}" },
    errors: [...CLIENT, 404],
  },
  {
    method: "get",
    path: "/api/matching/matchRequest/get-match-request/{id}",
    operationId: "getMatchRequest",
    tag: "matching",
    summary:
      "One of the caller's match requests, with the candidates waiting for a decision and the matched consultant.",
    access: "session",
    params: id(),
    ok: { 200: "the match request" },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/matching/matchRequest/business-decision/{matchRequestId}",
    operationId: "decideCandidate",
    tag: "matching",
    summary: "Accepts or rejects a candidate who accepted the candidacy (the same decision again answers the same).",
    access: "session",
    body: { name: "BusinessDecision", schema: BusinessDecisionSchema, reader: "json" },
    params: id("matchRequestId", "The match request's id."),
    ok: { 200: "{msg}" },
    errors: [400, ...CLIENT, 404, 409],
  },
  {
    method: "get",
    path: "/api/matching/matchRequest/consultant-info/{id}",
    operationId: "getConsultantInfo",
    tag: "matching",
    summary: "A consultant's profile, for a candidate or the matched consultant of the caller's match requests.",
    access: "session",
    params: id("id", "The consultant's user id."),
    ok: {
      200: "the consultant info: consultantId, firstName, lastName, headline, location, yearsOfExperience, education, missionStatement, bio, photoUrl (the published photo's address or null), linkedinUrl (or null) and rate (e.g. '$150 per hour', or null); and what a hiring owner needs: businessAreas, engagementTypes, industries, industrySpecialties, companySizes (words), availability {status, hoursPerWeek, timeZone, awayUntil}, pastClients [{description, industry, size, years}], completedEngagements [{area, type, industry, size, rating}] and rating {average, count} of completed, rated engagements (or null)",
    },
    errors: [...CLIENT, 404],
  },
  {
    method: "put",
    path: "/api/matching/matchRequest/feedback",
    operationId: "saveMatchFeedback",
    tag: "matching",
    summary: "Rates a match once the consultant is chosen (last write wins).",
    access: "session",
    body: { name: "MatchFeedback", schema: MatchFeedbackPayloadSchema, reader: "json" },
    ok: { 200: "{message}" },
    errors: [400, ...CLIENT, 404, 409],
  },
  // This document.
  {
    method: "get",
    path: OPENAPI_PATH,
    operationId: "getApiContract",
    tag: "platform",
    summary: "This OpenAPI description.",
    access: "public",
    ok: { 200: "the OpenAPI 3.1 document" },
    errors: [],
  },
];

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed body or invalid fields",
  401: "No session",
  403: "Not a client account",
  404: "Not found, or another business's record",
  409: "Conflicts with the current state",
  429: "Too many attempts (Retry-After says when to try again)",
  500: "Failed; nothing was half-written",
  502: "The payment provider could not be reached",
};

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  });
  return rest;
}

const mediaTypes: Record<BodyReader, string[]> = {
  json: ["application/json", "application/x-www-form-urlencoded"],
  multipart: ["multipart/form-data"],
  raw: ["application/json"],
};

function successResponse(status: number, description: string, operation: ApiOperation) {
  if (status >= 300 && status < 400) return { description, headers: { Location: { schema: { type: "string" } } } };
  if (operation.operationId === "getFile")
    return { description, content: { "application/octet-stream": { schema: {} } } };
  return { description, content: { "application/json": { schema: { type: ["object", "array"] } } } };
}

/** The OpenAPI 3.1 document of the JSON API. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: "object",
      required: ["msg"],
      properties: {
        msg: { type: "string", description: "What went wrong, in words for people." },
        errors: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "The first message per invalid field.",
        },
      },
    },
    ErrorList: {
      type: "array",
      items: { type: "object", required: ["msg"], properties: { msg: { type: "string" }, field: { type: "string" } } },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of API_OPERATIONS) {
    const parameters = [
      ...(operation.params ?? []).map((param) => ({
        name: param.name,
        in: "path",
        required: true,
        description: param.description,
        schema: param.schema ? jsonSchema(param.schema) : { type: "string" },
      })),
      ...Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: !(schema as z.ZodType).safeParse(undefined).success,
        schema: jsonSchema(schema as z.ZodType),
      })),
    ];
    let requestBody: unknown;
    if (operation.body) {
      schemas[operation.body.name] = jsonSchema(operation.body.schema);
      const ref = { $ref: `#/components/schemas/${operation.body.name}` };
      requestBody = {
        required: true,
        ...(operation.body.description ? { description: operation.body.description } : {}),
        content: Object.fromEntries(mediaTypes[operation.body.reader].map((type) => [type, { schema: ref }])),
      };
    }
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(operation.ok)) {
      responses[status] = successResponse(Number(status), description, operation);
    }
    for (const status of operation.errors) {
      const list = operation.errorShape === "array" && status === 400;
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? "Error",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${list ? "ErrorList" : "Error"}` } } },
      };
    }
    responses["405"] = {
      description: "Another method",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    const security =
      operation.access === "session"
        ? [{ session: [] }]
        : operation.access === "stripe"
          ? [{ stripeSignature: [] }]
          : [];
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Partwise JSON API",
      version: "1",
      description:
        "The resource routes under /api. Errors answer `{ msg }` (with `errors`, one message per field, for invalid fields). " +
        "Writes from a browser must come from the app's own origin. Generated from app/server/platform/api-contract.server.ts.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: [...new Set(API_OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by sign-in, sign-up and recovery.",
        },
        stripeSignature: {
          type: "apiKey",
          in: "header",
          name: "Stripe-Signature",
          description: "Stripe's signature of the raw body.",
        },
      },
    },
  };
}
