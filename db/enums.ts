/**
 * The allowed values of the data model's enumerated columns and the plain types built on them.
 * Imports nothing (no drizzle), so app/lib can use them; db/schema builds its columns on them.
 */

export const BUSINESS_AREAS = [
  "strategy",
  "leadership",
  "management",
  "finance",
  "operations",
  "hr",
  "sales",
  "marketing",
  "technology",
] as const;

export type BusinessArea = (typeof BUSINESS_AREAS)[number];

/** A match request may be sent without a business area (spec §5: sent as 'unknown'). */
export const MATCH_CATEGORIES = [...BUSINESS_AREAS, "unknown"] as const;

export type MatchCategory = (typeof MATCH_CATEGORIES)[number];

export const ENGAGEMENT_TYPES = ["fractional", "coaching", "project"] as const;

export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];

export const USER_ROLES = ["client", "consultant", "manager"] as const;

export type UserRole = (typeof USER_ROLES)[number];

/**
 * What a staff account (role "manager": the console's people) may do: an admin also manages the
 * staff and refunds or reverses money; a manager runs the marketplace (docs/decisions/064).
 */
export const STAFF_ROLES = ["admin", "manager"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A person's role in a business they belong to (issue #38 item 1, docs/decisions/066): what each
 * may do is app/lib/business/permissions.ts.
 */
export const BUSINESS_MEMBER_ROLES = ["owner", "admin", "member", "viewer"] as const;

export type BusinessMemberRole = (typeof BUSINESS_MEMBER_ROLES)[number];

/** The roles an invitation gives (docs/decisions/067): owner is reached by a transfer only. */
export const INVITED_MEMBER_ROLES = ["admin", "member", "viewer"] as const;

export type InvitedMemberRole = (typeof INVITED_MEMBER_ROLES)[number];

/** STANDARD is shown as STARTER, PREMIUM as SCALE. */
export const MEMBER_TIERS = ["BASIC", "STANDARD", "PREMIUM"] as const;

export type MemberTier = (typeof MEMBER_TIERS)[number];

export const REVENUE_BANDS = ["< 5 million", "5-10 million", "10-15 million", "15-20 million", "> 20 million"] as const;

export type RevenueBand = (typeof REVENUE_BANDS)[number];

export const EMPLOYEE_BANDS = ["0-25", "25-50", "50-100", "100-150", "150+"] as const;

export type EmployeeBand = (typeof EMPLOYEE_BANDS)[number];

/**
 * The 2022 NAICS sectors (2-digit level). Three sectors are ranges in the Census structure:
 * a six-digit code starting 31, 32 or 33 belongs to "31-33", 44/45 to "44-45", 48/49 to "48-49".
 */
export const NAICS_SECTORS = [
  "11",
  "21",
  "22",
  "23",
  "31-33",
  "42",
  "44-45",
  "48-49",
  "51",
  "52",
  "53",
  "54",
  "55",
  "56",
  "61",
  "62",
  "71",
  "72",
  "81",
  "92",
] as const;

export type NaicsSector = (typeof NAICS_SECTORS)[number];

/** The sector a NAICS code (2 to 6 digits) belongs to, or null when it names none. */
export function naicsSectorOf(code: string): NaicsSector | null {
  const two = code.slice(0, 2);
  const ranges: Record<string, NaicsSector> = {
    "31": "31-33",
    "32": "31-33",
    "33": "31-33",
    "44": "44-45",
    "45": "44-45",
    "48": "48-49",
    "49": "48-49",
  };
  if (ranges[two]) return ranges[two];
  return (NAICS_SECTORS as readonly string[]).includes(two) ? (two as NaicsSector) : null;
}

export const CURRENCIES = ["usd"] as const;

export type Currency = (typeof CURRENCIES)[number];

export type InsightPreferences = Record<BusinessArea, boolean>;

export const DEFAULT_INSIGHT_PREFERENCES: InsightPreferences = {
  finance: true,
  hr: true,
  leadership: true,
  management: true,
  marketing: true,
  operations: true,
  sales: true,
  strategy: true,
  technology: true,
};

export const ACCOUNTING_PROVIDERS = ["quickbooks"] as const;

export const ACCOUNTING_CONNECTION_STATUSES = ["connected", "broken", "revoked"] as const;

/** Where the OAuth return lands the user (spec §7 setTokens returnPage). */
export const OAUTH_RETURN_PAGES = ["PROFILE_PROGRESS", "DASHBOARD", "BENCHMARKING"] as const;

export const INSIGHT_REQUEST_STATUSES = ["awaiting_payment", "submitted", "in_review", "ready"] as const;

export type InsightRequestStatus = (typeof INSIGHT_REQUEST_STATUSES)[number];

export const REPORT_STATUSES = ["draft", "published"] as const;

export const VALUE_INSIGHT_KINDS = [
  "revenue_trend",
  "net_income_trend",
  "revenue_per_employee",
  "benchmark_gap",
] as const;

/**
 * A match request's steps: submitted (created, the engine has not ranked yet) → matching (the
 * engine's shortlist waits for the engagement manager) → candidates_proposed (a consultant was
 * asked and has not answered) → awaiting_decision (a consultant accepted; the business decides)
 * → consultant_matched (the business accepted) → the engagement plan's steps → completed.
 * A rejection or a declined candidacy goes back to matching.
 */
export const MATCH_REQUEST_STATUSES = [
  "submitted",
  "matching",
  "candidates_proposed",
  "awaiting_decision",
  "consultant_matched",
  "outline_draft",
  "outline_proposed",
  "engagement_active",
  "completed",
  "cancelled",
] as const;

export type MatchRequestStatus = (typeof MATCH_REQUEST_STATUSES)[number];

/** How a match request came to be; `source_id` then names the report or value insight. */
export const MATCH_SOURCES = ["direct", "insight_report", "value_insight"] as const;

/**
 * The consultant's side of a candidacy: proposed (asked by the engagement manager), accepted or
 * declined by the consultant, or withdrawn (the business accepted someone else first, or the
 * consultant was unvetted or paused: see CANDIDACY_WITHDRAWAL_REASONS).
 */
export const CANDIDATE_STATUSES = ["proposed", "accepted", "declined", "withdrawn"] as const;

export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/**
 * Why a candidacy was withdrawn (issue #36 item 4): the business accepted another consultant, or
 * an engagement manager unvetted or paused the consultant while the candidacy was open.
 */
export const CANDIDACY_WITHDRAWAL_REASONS = ["matched_elsewhere", "unvetted", "paused"] as const;

export type CandidacyWithdrawalReason = (typeof CANDIDACY_WITHDRAWAL_REASONS)[number];

/** The business's side of a candidacy. */
export const BUSINESS_DECISION_STATUSES = ["pending", "accepted", "rejected"] as const;

export type BusinessDecisionStatus = (typeof BUSINESS_DECISION_STATUSES)[number];

/**
 * A consultant on the engine's shortlist, as the engagement manager handles it: pending (not yet
 * looked at), proposed (made a candidate) or skipped.
 */
export const SUGGESTION_STATUSES = ["pending", "proposed", "skipped"] as const;

export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** The smart-matching engine's factors, in the order the explanation lists them. */
export const MATCH_FACTORS = [
  "business_area",
  "engagement_type",
  "industry",
  "company_size",
  "capacity",
  "ratings",
  "books",
] as const;

export type MatchFactor = (typeof MATCH_FACTORS)[number];

/** One factor of a consultant's score, with the sentence a person reads ("8 years in specialty retail"). */
export type MatchFactorScore = { factor: MatchFactor; points: number; max: number; explanation: string };

export const CONSULTANT_AVAILABILITY = ["available", "limited", "unavailable"] as const;

export type ConsultantAvailability = (typeof CONSULTANT_AVAILABILITY)[number];

/** How a consultant quotes their rate. */
export const RATE_UNITS = ["hour", "day"] as const;

/**
 * A consultant's unpublished profile edits: being edited, sent for review (waiting for an
 * engagement manager), or sent back with the manager's notes.
 */
export const PROFILE_DRAFT_STATUSES = ["editing", "submitted", "changes_requested"] as const;

export const OUTLINE_STATES = ["draft", "proposed", "active", "complete"] as const;

/**
 * How an engagement is sold and billed (docs/decisions/082): a project's phases are deliverables,
 * each prepaid; a retainer's are months of a fixed fee for an hours budget, and coaching's months of
 * a fixed fee for a number of sessions (docs/decisions/085), each month billed in advance on its
 * first day from the card on file.
 */
export const OUTLINE_KINDS = ["project", "retainer", "coaching"] as const;

export type OutlineKind = (typeof OUTLINE_KINDS)[number];

/**
 * A request for hours beyond a retainer month's budget (docs/decisions/084): the consultant asks,
 * the business approves (the hours are bought and charged at once) or declines; the consultant may
 * withdraw it while it waits.
 */
export const EXTRA_HOURS_STATUSES = ["requested", "approved", "declined", "withdrawn"] as const;

/** Who gave a retainer's notice. */
export const NOTICE_PARTIES = ["business", "consultant"] as const;

export const EGM_REVIEW_STATUSES = ["pending", "approved", "revision"] as const;

export const BUSINESS_REVIEW_STATUSES = ["pending", "revision", "approved"] as const;

export const DELIVERY_ITEM_STATUSES = [
  "upcoming",
  "awaiting_payment",
  "active",
  "delivered",
  "approved",
  "revision",
  "paused",
] as const;

/** disputed: the business opened a dispute instead of another revision (issue #40); the manager settles it. */
export const DELIVERY_REVIEWS = ["pending", "approved", "revision", "disputed"] as const;

/**
 * A dispute over a delivered deliverable (issue #40, docs/decisions/079): open until the engagement
 * manager settles it; settling while the settlement's money moves (claimed, so it runs once).
 */
export const DISPUTE_STATUSES = ["open", "settling", "settled"] as const;

/** How a dispute is settled: the consultant paid in full, the business refunded in full, or a split. */
export const DISPUTE_OUTCOMES = ["release", "refund", "split"] as const;

export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const DELIVERY_DECISIONS = ["approved", "revision"] as const;

export const DELIVERY_DECISION_ACTIONS = ["prepay", "pause", "revise"] as const;

/** What an engagement manager records on an engagement. */
export const ENGAGEMENT_NOTE_KINDS = ["note", "verbal_approval"] as const;

/**
 * company_document: the business's own upload to the Documents Hub (kept until the business deletes it);
 * thread_message: attached to a message of a conversation (issue #39, docs/decisions/076).
 */
export const FILE_PURPOSES = [
  "insight_request",
  "match_request",
  "delivery_item",
  "other",
  "company_document",
  "thread_message",
] as const;

export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const PURCHASE_KINDS = ["subscription", "insight", "delivery_item", "benchmarking"] as const;

export const PURCHASE_STATUSES = ["pending", "paid", "canceled", "failed", "refunded"] as const;

/** Why Partwise refunded a purchase on its own (purchase_refunds, ADR 010). */
export const PURCHASE_REFUND_REASONS = ["duplicate_payment", "duplicate_subscription"] as const;

export const PURCHASE_REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

export const JOB_KINDS = ["finance_report", "benchmarking"] as const;

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

export const FINANCE_REPORT_SOURCES = ["quickbooks", "demo"] as const;

/** One monthly row of the profit-and-loss series (spec §3 Finance report). */
export type ProfitAndLossRow = { date: string; Income: number; NetIncome: number };

/** The P&L sections whose accounts are kept as expense lines (Intuit's section groups). */
export const EXPENSE_LINE_GROUPS = ["COGS", "Expenses", "OtherExpenses"] as const;

/**
 * One expense account of the profit-and-loss report, month by month (app/lib/finance/expense-lines.ts).
 * `path` is the titles of the sections the account sits in, outermost first, e.g.
 * ["Expenses", "Payroll Expenses"]; `monthly` has one entry per month of the report, oldest first.
 */
export type ExpenseLineRow = {
  accountId: string | null;
  account: string;
  group: (typeof EXPENSE_LINE_GROUPS)[number];
  path: string[];
  monthly: { date: string; amount: number }[];
};

export const SUPPORT_SUBJECTS = ["generalInquiry", "insights", "matching", "techSupport"] as const;

export const SUPPORT_STATUSES = ["open", "closed"] as const;

export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

export const LOCAL_STRIPE_OBJECT_TYPES = [
  "customer",
  "checkout.session",
  "subscription",
  "billing_portal.session",
  "transfer",
  "transfer_reversal",
  "refund",
  // Connect accounts (issue #18, P1): the test onboarding's accounts and their links.
  "account",
  "account_link",
  "login_link",
  // Payouts of connected accounts (issue #18, Q1): the automatic payout each local transfer makes.
  "payout",
  // Receipts (issue #36): a paid session's charge, with the card it was paid with.
  "charge",
  // The one Stripe fake (ADR 063): a paid session's PaymentIntent, and the answers kept for
  // Idempotency-Key replay (id `<path>:<key>`).
  "payment_intent",
  "idempotency_key",
  // Cards on file (issue #41): saved cards, and invoices charged automatically with their items.
  "payment_method",
  "invoice",
  "invoiceitem",
] as const;

/** A consultant's transfer for one approved deliverable (issue #18). */
export const CONSULTANT_TRANSFER_STATUSES = ["held", "pending", "paid", "failed", "reversed"] as const;

export type ConsultantTransferStatus = (typeof CONSULTANT_TRANSFER_STATUSES)[number];

/** A refund of one prepaid deliverable. */
export const ITEM_REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

/** Upcoming events (issue #16): what kind of gathering an event is. */
export const EVENT_KINDS = ["virtual_peer_group", "webinar", "workshop"] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** Learning Center (issue #16): what a learning item is. */
export const LEARNING_KINDS = ["article", "video", "template"] as const;

export type LearningKind = (typeof LEARNING_KINDS)[number];

/** A data export's life (issue #38 item 5, docs/decisions/069): queued, building, then ready or failed. */
export const DATA_EXPORT_STATUSES = ["queued", "building", "ready", "failed"] as const;

export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** An account's deletion: `deleting` until every step is done (a job that runs again), then `deleted`. */
export const ACCOUNT_DELETION_STATUSES = ["deleting", "deleted"] as const;

export type AccountDeletionStatus = (typeof ACCOUNT_DELETION_STATUSES)[number];

/**
 * The sides of a conversation (docs/decisions/072): the business (any member whose role may
 * write), the consultant of the candidacy, and the engagement managers.
 */
export const THREAD_PARTIES = ["business", "consultant", "manager"] as const;

export type ThreadParty = (typeof THREAD_PARTIES)[number];

/**
 * A call proposed in a conversation (docs/decisions/074): proposed with two or three times, then
 * booked (the other side picked one), declined, or cancelled (either side, once booked; or the
 * proposer, before an answer).
 */
export const MEETING_STATUSES = ["proposed", "booked", "declined", "cancelled"] as const;

export type MeetingStatus = (typeof MEETING_STATUSES)[number];
