import { and, eq } from "drizzle-orm";
import { emailOutbox, notifications } from "~db/schema";
import { db } from "./session";

/** The in-app notifications of a user, all of them or of one kind. */
export function noticesOf(userId: string, kind?: string) {
  const ofUser = eq(notifications.userId, userId);
  return db()
    .select()
    .from(notifications)
    .where(kind ? and(ofUser, eq(notifications.kind, kind)) : ofUser);
}

/** The emails queued in the outbox for an address, all of them or of one kind. */
export function emailsTo(address: string, kind?: string) {
  const toAddress = eq(emailOutbox.toAddress, address);
  return db()
    .select()
    .from(emailOutbox)
    .where(kind ? and(toAddress, eq(emailOutbox.kind, kind)) : toAddress);
}
