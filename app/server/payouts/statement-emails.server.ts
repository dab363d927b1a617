/**
 * The monthly statements' emails (issue #40 item 3, docs/decisions/081): on the 1st, the monthly
 * cron tells each business with a charge or a refund in the month before (its members who may pay)
 * and each consultant with earnings, transfers, reversals or money held in it that the month's
 * statement is ready, with its link. Each business and consultant is claimed once per month in
 * statement_emails (INSERT … ON CONFLICT DO NOTHING RETURNING): only the run that inserted the
 * claim sends, so a double fire or a retry of the cron sends nothing more.
 */
import { inArray } from "drizzle-orm";
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
 * The cron job of the 1st: the statements of the month before `app.now()` (UTC). Two reads in
 * parallel, the claims, the names and the notices (each recipient in-app and by email).
 */
export async function sendMonthlyStatements(app: AppContext): Promise<StatementEmailsRun> {
  const month = previousMonth(app.now());
  const { start, end } = monthBounds(month);
  const label = monthLabel(month);
  const [businessIds, consultantIds] = await Promise.all([
    businessesWithActivity(app, start, end),
    consultantsWithActivity(app, start, end),
  ]);
  const [claimedBusinesses, claimedConsultants] = await Promise.all([
    claim(app, month, businessIds, "businessId"),
    claim(app, month, consultantIds, "consultantUserId"),
  ]);
  const [businessRows, consultantRows] = await Promise.all([
    claimedBusinesses.length > 0
      ? app.db
          .select({
            id: businesses.id,
            name: businesses.name,
            payerIds: membersWhoMayColumn(businesses.id, "pay", "payer_ids"),
          })
          .from(businesses)
          .where(inArray(businesses.id, claimedBusinesses))
      : [],
    claimedConsultants.length > 0
      ? app.db.select({ id: users.id }).from(users).where(inArray(users.id, claimedConsultants))
      : [],
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
