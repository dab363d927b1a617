import { and, eq } from "drizzle-orm";
import * as z from "zod";
import { supportMessages } from "~db/schema";
import { fullName } from "~/lib/shared/format";
import { PARTWISE_CONTACT, supportSubjectLabel, type SupportMessageInput } from "~/lib/support/support-schemas";
import { renderEmail } from "~/server/platform/email-templates.server";
import { sendEmail, type OutgoingEmail } from "~/server/platform/email.server";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/business/settings.server";

/**
 * Support messages (spec §2 '/contact-us'). A message is stored for the engagement managers'
 * console, emailed to the support address (reply-to the client) and confirmed to the client.
 */

/** Email subjects are one line: no control characters, bounded length. */
function oneLine(value: string, max = 120): string {
  const printable = Array.from(value, (char) => (char.charCodeAt(0) < 32 || char === "\u007f" ? " " : char)).join("");
  const flat = printable.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function supportEmailSubject(subjectLabel: string, companyName: string): string {
  return oneLine(`[Partwise support] ${subjectLabel} from ${companyName}`, 200);
}

export const SUPPORT_CONFIRMATION_SUBJECT = "We received your message";

/** The two emails of one support message: to the support team and the confirmation to the client. */
export function supportEmails(
  app: Pick<AppContext, "env">,
  viewer: ClientViewer,
  input: SupportMessageInput,
  messageId: string,
): OutgoingEmail[] {
  const label = supportSubjectLabel(input.subject);
  const name = fullName(viewer.user.firstName, viewer.user.lastName) || viewer.user.email;
  const toSupport = renderEmail({
    heading: `${label} from ${viewer.business.name}`,
    blocks: [
      { type: "field", label: "From", value: `${name} <${viewer.user.email}>` },
      { type: "field", label: "Phone", value: viewer.user.phone || "Not given" },
      { type: "field", label: "Company", value: viewer.business.name },
      { type: "field", label: "Subject", value: label },
      { type: "field", label: "Message", value: input.message },
    ],
    footer: `Support message ${messageId}. Reply to this email to answer the client.`,
  });
  const confirmation = renderEmail({
    heading: SUPPORT_CONFIRMATION_SUBJECT,
    blocks: [
      { type: "paragraph", text: `Hi ${viewer.user.firstName || name},` },
      {
        type: "paragraph",
        text: "Thanks for contacting Partwise. We'll get back to you within one business day. This is a copy of your message:",
      },
      { type: "field", label: "Subject", value: label },
      { type: "field", label: "Message", value: input.message },
      {
        type: "paragraph",
        text: `Need us sooner? Call ${PARTWISE_CONTACT.phone} or write to ${PARTWISE_CONTACT.email}.`,
      },
    ],
    footer: "You received this email because you sent a message from your Partwise account.",
  });
  return [
    {
      to: app.env.SUPPORT_EMAIL,
      subject: supportEmailSubject(label, viewer.business.name),
      kind: "support_message",
      replyTo: viewer.user.email,
      ...toSupport,
    },
    {
      to: viewer.user.email,
      subject: SUPPORT_CONFIRMATION_SUBJECT,
      kind: "support_confirmation",
      ...confirmation,
    },
  ];
}

/**
 * Stores the message, then sends both emails. The stored row is what counts (managers read it in
 * their console), so a provider failure is logged, not shown: the message was received.
 */
export async function sendSupportMessage(
  app: AppContext,
  viewer: ClientViewer,
  input: SupportMessageInput,
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await app.db.insert(supportMessages).values({
    id,
    userId: viewer.user.id,
    businessId: viewer.business.id,
    subject: input.subject,
    message: input.message,
    status: "open",
    createdAt: app.now(),
  });
  const results = await Promise.allSettled(supportEmails(app, viewer, input, id).map((email) => sendEmail(app, email)));
  for (const result of results) {
    if (result.status === "rejected") console.error(`support message ${id}: email not sent`, result.reason);
  }
  return { id };
}

/** The detail page's two buttons. Anything else is a 400. */
export const SupportActionSchema = z.object({ intent: z.enum(["close", "reopen"]) });
export type SupportAction = z.infer<typeof SupportActionSchema>["intent"];

/**
 * Closes (handled by `managerId`, now) or reopens one message with one conditional UPDATE, so
 * a second click, or two managers at once, change nothing. `changed` says whether this call did it.
 */
export async function setSupportMessageStatus(
  app: AppContext,
  id: string,
  intent: SupportAction,
  managerId: string,
): Promise<{ changed: boolean }> {
  const updated =
    intent === "close"
      ? await app.db
          .update(supportMessages)
          .set({ status: "closed", handledById: managerId, handledAt: app.now() })
          .where(and(eq(supportMessages.id, id), eq(supportMessages.status, "open")))
          .returning({ id: supportMessages.id })
      : await app.db
          .update(supportMessages)
          .set({ status: "open", handledById: null, handledAt: null })
          .where(and(eq(supportMessages.id, id), eq(supportMessages.status, "closed")))
          .returning({ id: supportMessages.id });
  return { changed: updated.length > 0 };
}
