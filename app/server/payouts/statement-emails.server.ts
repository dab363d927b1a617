/**
 * The monthly statements' emails (issue #40 item 3, docs/decisions/081): on the 1st, the monthly
 * cron tells each business with a charge or a refund in the month before (its members who may pay)
 * and each consultant with earnings, transfers, reversals or money held in it that the month's
 * statement is ready, with its link. Each business and consultant is claimed once per month in
 * statement_emails (INSERT … ON CONFLICT DO NOTHING RETURNING): only the run that inserted the
 * claim sends, so a double fire or a retry of the cron sends nothing more.
 */
import { eq, inArray } from "drizzle-orm";
import { businesses, statementEmails, users } from "~db/schema";
import { STATEMENT_EMAIL_COPY as COPY } from "~/lib/payouts/statement-copy";
import {
  businessStatementPath,
  earningsStatementPath,
  monthBounds,
  monthLabel,
  previousMonth,
  type StatementMonth,
} from "~/lib/payouts/statements";
import { membersWhoMayColumn } from "~/server/business/members.server";
import type { AppContext } from "~/server/load-context";
import { notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import { businessesWithActivity } from "~/server/payments/statements.server";
import { consultantsWithActivity } from "./earnings-statements.server";

/** Claims written per D1 batch. */
const CLAIM_CHUNK = 50;

/**
 * Recipients told per run: each costs a claim, its notices and their emails (some five D1
 * statements), so a run stays far below the 1,000 a Worker invocation may make.
 */
export const RECIPIENTS_PER_RUN = 100;

/** Ids per `IN (…)` list of a read (D1 binds at most 100 parameters a statement; the roles take a few). */
const READ_CHUNK = 80;

/** What one run sent (for the log and the tests). */
export type StatementEmailsRun = { month: StatementMonth; businesses: string[]; consultants: string[] };

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** Claims the month's email of each recipient; answers those this call claimed (the others were sent before). */
async function claim(
  app: AppContext,
  month: StatementMonth,
  recipients: readonly string[],
  column: "businessId" | "consultantUserId",
): Promise<string[]> {
  const claimed: string[] = [];
  const now = app.now();
  for (const part of chunks(recipients, CLAIM_CHUNK)) {
    const inserts = part.map((recipient) =>
      app.db
        .insert(statementEmails)
        .values({ [column]: recipient, month, createdAt: now })
        .onConflictDoNothing()
        .returning({ businessId: statementEmails.businessId, consultantUserId: statementEmails.consultantUserId }),
    );
    const [first, ...rest] = inserts;
    if (!first) continue;
    const results = await app.db.batch([first, ...rest]);
    for (const rows of results) for (const row of rows) claimed.push((row[column] ?? "") as string);
  }
  return claimed.filter(Boolean);
}

/**
 * The statements of the month before `app.now()` (UTC), for the first RECIPIENTS_PER_RUN
 * recipients not yet told: the reads in parallel, the claims, the names and the notices (each
 * recipient in-app and by email). Run every 10 minutes on the first days of the month
 * (sendStatementsEarlyInMonth), not by the monthly cron, whose invocation the finance fan-out
 * fills (docs/decisions/081).
 */
export async function sendMonthlyStatements(app: AppContext): Promise<StatementEmailsRun> {
  const month = previousMonth(app.now());
  const { start, end } = monthBounds(month);
  const label = monthLabel(month);
  const [businessIds, consultantIds, sent] = await Promise.all([
    businessesWithActivity(app, start, end),
    consultantsWithActivity(app, start, end),
    app.db
      .select({ businessId: statementEmails.businessId, consultantUserId: statementEmails.consultantUserId })
      .from(statementEmails)
      .where(eq(statementEmails.month, month)),
  ]);
  // At most RECIPIENTS_PER_RUN not yet told, so one run stays within a Worker invocation's D1
  // budget; the next run (every 10 minutes on the first days of the month) tells the next ones.
  const told = new Set(sent.flatMap((row) => [row.businessId, row.consultantUserId]).filter(Boolean));
  const dueBusinesses = businessIds.filter((id) => !told.has(id)).slice(0, RECIPIENTS_PER_RUN);
  const dueConsultants = consultantIds
    .filter((id) => !told.has(id))
    .slice(0, Math.max(0, RECIPIENTS_PER_RUN - dueBusinesses.length));
  const [claimedBusinesses, claimedConsultants] = await Promise.all([
    claim(app, month, dueBusinesses, "businessId"),
    claim(app, month, dueConsultants, "consultantUserId"),
  ]);
  // D1 binds at most 100 parameters a statement: the ids are read in lists of READ_CHUNK, at once.
  const [businessRows, consultantRows] = await Promise.all([
    Promise.all(
      chunks(claimedBusinesses, READ_CHUNK).map((part) =>
        app.db
          .select({
            id: businesses.id,
            name: businesses.name,
            payerIds: membersWhoMayColumn(businesses.id, "pay", "payer_ids"),
          })
          .from(businesses)
          .where(inArray(businesses.id, part)),
      ),
    ).then((parts) => parts.flat()),
    Promise.all(
      chunks(claimedConsultants, READ_CHUNK).map((part) =>
        app.db.select({ id: users.id }).from(users).where(inArray(users.id, part)),
      ),
    ).then((parts) => parts.flat()),
  ]);
  const notices: Notice[] = [];
  for (const business of businessRows) {
    notices.push(
      ...noticesTo(business.payerIds, {
        businessId: business.id,
        kind: "statement_ready",
        title: COPY.businessTitle(label),
        body: COPY.businessBody(business.name, label),
        link: businessStatementPath(month),
        action: COPY.businessAction,
        footer: COPY.businessFooter,
      }),
    );
  }
  for (const consultant of consultantRows) {
    notices.push({
      userId: consultant.id,
      kind: "earnings_statement_ready",
      title: COPY.consultantTitle(label),
      body: COPY.consultantBody(label),
      link: earningsStatementPath(month),
      action: COPY.consultantAction,
      footer: COPY.consultantFooter,
    });
  }
  await notify(app, null, notices);
  return { month, businesses: claimedBusinesses, consultants: claimedConsultants };
}

/** The days of a month on which the statements of the month before are sent (from 00:10 on the 1st). */
export const STATEMENT_DAYS = 3;

/** The 10-minute sweep's step: the statements' next recipients, on the first STATEMENT_DAYS of a month. */
export async function sendStatementsEarlyInMonth(app: AppContext): Promise<StatementEmailsRun | null> {
  if (app.now().getUTCDate() > STATEMENT_DAYS) return null;
  return sendMonthlyStatements(app);
}
