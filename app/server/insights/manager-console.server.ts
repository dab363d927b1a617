import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { businesses, supportMessages, users, type SUPPORT_STATUSES } from "~db/schema";
import { formatDate } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";
import { supportSubjectLabel } from "~/lib/support/support-schemas";
import type { AppContext } from "~/server/load-context";

/**
 * The engagement managers' console (`/manage`): the overview counts and the support messages
 * that clients send from `/contact-us` (app/server/support/support.server.ts stores them).
 */

export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** `?status=open|closed`; anything else (or nothing) is the open inbox. */
export function supportStatusFromSearch(value: string | null): SupportStatus {
  return value === "closed" ? "closed" : "open";
}

/** The inbox shows this many characters of a message, then an ellipsis. */
export const SUPPORT_PREVIEW_LENGTH = 140;

export function messagePreview(message: string, limit = SUPPORT_PREVIEW_LENGTH): string {
  const flat = message.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= limit ? flat : `${chars.slice(0, limit).join("").trimEnd()}…`;
}

export async function consoleOverview(app: AppContext): Promise<{ openSupportMessages: number }> {
  const [row] = await app.db.select({ value: count() }).from(supportMessages).where(eq(supportMessages.status, "open"));
  return { openSupportMessages: row?.value ?? 0 };
}

export type SupportInboxRow = {
  id: string;
  subjectLabel: string;
  company: string;
  senderName: string;
  senderEmail: string;
  received: string;
  preview: string;
};

/** One query: messages of one status with their sender and company, newest first. */
export async function listSupportMessages(app: AppContext, status: SupportStatus): Promise<SupportInboxRow[]> {
  const rows = await app.db
    .select({
      id: supportMessages.id,
      subject: supportMessages.subject,
      message: supportMessages.message,
      createdAt: supportMessages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      company: businesses.name,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .leftJoin(businesses, eq(businesses.id, supportMessages.businessId))
    .where(eq(supportMessages.status, status))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    subjectLabel: supportSubjectLabel(row.subject),
    company: row.company ?? "No company",
    senderName: fullName(row.firstName, row.lastName) || row.email,
    senderEmail: row.email,
    received: formatDate(row.createdAt),
    preview: messagePreview(row.message),
  }));
}

export type SupportMessageDetail = {
  id: string;
  subjectLabel: string;
  message: string;
  status: SupportStatus;
  received: string;
  senderName: string;
  senderEmail: string;
  senderPhone: string;
  company: string;
  handledBy: string | null;
  handledOn: string | null;
};

/** One message with its sender, company and handler (one query), or null when there is none. */
export async function getSupportMessage(app: AppContext, id: string): Promise<SupportMessageDetail | null> {
  const handler = alias(users, "handler");
  const [row] = await app.db
    .select({
      id: supportMessages.id,
      subject: supportMessages.subject,
      message: supportMessages.message,
      status: supportMessages.status,
      createdAt: supportMessages.createdAt,
      handledAt: supportMessages.handledAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      company: businesses.name,
      handlerFirstName: handler.firstName,
      handlerLastName: handler.lastName,
      handlerEmail: handler.email,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .leftJoin(businesses, eq(businesses.id, supportMessages.businessId))
    .leftJoin(handler, eq(handler.id, supportMessages.handledById))
    .where(eq(supportMessages.id, id))
    .limit(1);
  if (!row) return null;
  const handledBy = row.handlerEmail ? fullName(row.handlerFirstName, row.handlerLastName) || row.handlerEmail : null;
  return {
    id: row.id,
    subjectLabel: supportSubjectLabel(row.subject),
    message: row.message,
    status: row.status,
    received: formatDate(row.createdAt),
    senderName: fullName(row.firstName, row.lastName) || row.email,
    senderEmail: row.email,
    senderPhone: row.phone || "Not given",
    company: row.company ?? "No company",
    handledBy: row.status === "closed" ? handledBy : null,
    handledOn: row.status === "closed" && row.handledAt ? formatDate(row.handledAt) : null,
  };
}

export const MARKED_AS_HANDLED = "Marked as handled.";
export const REOPENED = "Reopened.";
