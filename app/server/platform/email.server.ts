import { and, eq, lt, or } from "drizzle-orm";
import { emailOutbox } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { configuredOrigin } from "./app-origin.server";
import { withSiteFooter } from "./email-templates.server";

/**
 * Outgoing email: one interface, two transports chosen by configuration (never by test or demo
 * mode).
 *
 * - `RESEND_API_KEY` set: the Resend HTTP API (`RESEND_API_BASE`, default https://api.resend.com).
 * - `RESEND_API_KEY` unset (local runs only; production requires the key): the "outbox" transport.
 *   The `email_outbox` row IS the delivery, and `/dev/outbox` shows it.
 *
 * Every email is first recorded in `email_outbox` (queued → sent | failed), so nothing is lost and
 * a failed provider call can be seen and retried. Callers build both parts with
 * email-templates.server.ts, which HTML-escapes every interpolated value.
 */
export type OutgoingEmail = {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part (every interpolated value escaped). */
  html: string;
  /** What the email is about, e.g. "password_reset", "support_message". */
  kind: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Sends the email at most once per key (e.g. `receipt-charge-{purchaseId}`): see sendEmail.
   * Leave it out for emails that may be sent again (a new reset code).
   */
  dedupeKey?: string;
};

/**
 * A keyed email still 'queued' this long after its claim was interrupted before the provider
 * answered (a crash): the next send with its key claims it again. Resend's Idempotency-Key is the
 * row's id, so a second try of an email the provider did take sends nothing more.
 */
export const STALE_QUEUED_EMAIL_MS = 10 * 60 * 1000;

export type EmailTransportName = "resend" | "outbox";

export const DEFAULT_RESEND_API_BASE = "https://api.resend.com";
const RESEND_TIMEOUT_MS = 10_000;
/** Provider error bodies are stored for diagnosis, but never in full. */
const MAX_ERROR_LENGTH = 500;

/** What to tell a person when their email could not be sent. */
export const EMAIL_DELIVERY_FAILED_MESSAGE = "We couldn't send the email right now. Please try again in a few minutes.";

/**
 * The provider refused or could not be reached. The outbox row is marked failed before this is
 * thrown; `userMessage` is safe to show, `message` is for the log.
 */
export class EmailDeliveryError extends Error {
  readonly userMessage = EMAIL_DELIVERY_FAILED_MESSAGE;
  constructor(
    message: string,
    readonly outboxId: string,
  ) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

/** Which transport this configuration uses. The local outbox page exists only for "outbox". */
export function emailTransportName(app: Pick<AppContext, "env">): EmailTransportName {
  return app.env.RESEND_API_KEY ? "resend" : "outbox";
}

/**
 * Records the email in the outbox, then delivers it with the configured transport. Answers true
 * when it was sent now, false when an email with the same `dedupeKey` was already sent (or is
 * being sent): the outbox row is unique per key and claimed with ONE statement (INSERT … ON
 * CONFLICT (dedupe_key) DO UPDATE … WHERE the earlier try failed or was interrupted … RETURNING),
 * so concurrent or repeated calls send it once. Throws EmailDeliveryError when the provider fails;
 * the row is then 'failed', and the next send with its key tries again under the same row id.
 */
export async function sendEmail(app: AppContext, email: OutgoingEmail): Promise<boolean> {
  const now = app.now();
  // The public pages' links under every email (issue #42): on APP_URL, else this request's origin.
  const { text, html } = withSiteFooter(email, configuredOrigin(app) ?? app.requestOrigin);
  const row = {
    id: crypto.randomUUID(),
    toAddress: email.to,
    fromAddress: app.env.EMAIL_FROM,
    subject: email.subject,
    textBody: text,
    htmlBody: html,
    kind: email.kind,
    headers: email.headers && Object.keys(email.headers).length > 0 ? email.headers : null,
    status: "queued" as const,
    createdAt: now,
    dedupeKey: email.dedupeKey ?? null,
  };
  const insert = app.db.insert(emailOutbox).values(row);
  // A keyed email is claimed: a new row, or its row again when the earlier try failed or was
  // left queued by a call that never finished (then the same row id is Resend's Idempotency-Key).
  const claim = email.dedupeKey
    ? insert
        .onConflictDoUpdate({
          target: emailOutbox.dedupeKey,
          // The retry sends what the caller has now (the same email, rendered again).
          set: {
            status: "queued",
            error: null,
            createdAt: now,
            toAddress: row.toAddress,
            subject: row.subject,
            textBody: row.textBody,
            htmlBody: row.htmlBody,
            headers: row.headers,
          },
          setWhere: or(
            eq(emailOutbox.status, "failed"),
            and(
              eq(emailOutbox.status, "queued"),
              lt(emailOutbox.createdAt, new Date(now.getTime() - STALE_QUEUED_EMAIL_MS)),
            ),
          ),
        })
        .returning({ id: emailOutbox.id })
    : insert.returning({ id: emailOutbox.id });

  if (emailTransportName(app) === "outbox") {
    // Locally the outbox row is the delivery: claim it and mark it sent in one atomic round trip
    // (the update names the claimed row by its key, or by its new id).
    const [claimed] = await app.db.batch([
      claim,
      app.db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: now })
        .where(
          email.dedupeKey
            ? and(eq(emailOutbox.dedupeKey, email.dedupeKey), eq(emailOutbox.status, "queued"))
            : eq(emailOutbox.id, row.id),
        ),
    ]);
    return claimed.length > 0;
  }

  const [claimed] = await claim;
  if (!claimed) return false;
  const id = claimed.id;
  let providerMessageId: string;
  try {
    providerMessageId = await sendWithResend(app, id, { ...email, text, html });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await app.db
      .update(emailOutbox)
      .set({ status: "failed", error: reason.slice(0, MAX_ERROR_LENGTH) })
      .where(eq(emailOutbox.id, id));
    throw new EmailDeliveryError(`Email ${id} (${email.kind}) was not sent: ${reason}`, id);
  }
  await app.db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: app.now(), providerMessageId, error: null })
    .where(eq(emailOutbox.id, id));
  return true;
}

/** POST /emails at Resend. Returns the provider's message id; throws on any failure. */
async function sendWithResend(app: AppContext, outboxId: string, email: OutgoingEmail): Promise<string> {
  const base = (app.env.RESEND_API_BASE ?? DEFAULT_RESEND_API_BASE).replace(/\/+$/, "");
  const body: Record<string, unknown> = {
    from: app.env.EMAIL_FROM,
    to: [email.to],
    subject: email.subject,
    text: email.text,
    html: email.html,
  };
  if (email.replyTo) body.reply_to = email.replyTo;
  if (email.headers && Object.keys(email.headers).length > 0) body.headers = email.headers;

  const response = await fetch(`${base}/emails`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${app.env.RESEND_API_KEY}`,
      "Content-Type": "application/json",
      // A retry of the same outbox row can never send the email twice.
      "Idempotency-Key": outboxId,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`Resend answered ${response.status}: ${answer.slice(0, 300)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    throw new Error("Resend answered with a body that is not JSON.");
  }
  const messageId = (parsed as { id?: unknown } | null)?.id;
  if (typeof messageId !== "string" || messageId === "") throw new Error("Resend answered without a message id.");
  return messageId;
}
