/**
 * Receipt emails (issue #36, docs/decisions/051-receipts.md): one for every charge and one for
 * every refund, each exactly once. The claim is the outbox's key (`email_outbox.dedupe_key`,
 * unique): sendEmail inserts the row ON CONFLICT DO NOTHING (or takes back a row whose send
 * failed), so a repeated, replayed or concurrent call sends nothing more. Each function answers
 * true only for the call that sent the email; none throws for a provider or email failure (logged:
 * a receipt never undoes the payment or refund it follows).
 *
 * - sendPaymentReceipt: a one-off purchase turned paid (fulfilment's after-payment hook). A plan's
 *   charges are its invoices: sendInvoiceReceipt, from `invoice.paid`.
 * - sendRefundReceipt: ANY refund of a purchase, by any path (the manager's refund of a
 *   deliverable, an automatic refund of a duplicate payment, …): call it after the refund
 *   succeeded at the provider with the provider's refund id.
 * - sendInvoiceReceipt: a membership invoice Stripe reports paid with money taken (the trial's
 *   $0 invoice sends nothing).
 *
 * `origin` builds the links (the receipt page and its PDF); null (a job without APP_URL) sends the
 * receipt without links, telling where to find it in the app. An invoice's receipt links Stripe's
 * own invoice page.
 */
import { membersWhoMayColumn } from "~/server/business/members.server";
import { alias } from "drizzle-orm/sqlite-core";
import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { businesses, emailOutbox, itemRefunds, purchaseRefunds, purchases, users } from "~db/schema";
import { formatMoney } from "~/lib/shared/numbers";
import {
  PAYMENT_STATUS_LABELS,
  PAYMENTS_MEMBERSHIP_NOTE,
  RECEIPT_CARD_UNKNOWN,
  RECEIPT_DOWNLOAD_PDF,
  RECEIPT_DUPLICATE_NOTE,
  RECEIPT_EMAIL,
  RECEIPT_LABELS,
  RECEIPT_TAX_NOTE,
} from "~/lib/payouts/receipt-copy";
import {
  buyerAddress,
  cardLabel,
  describePurchase,
  receiptPath,
  receiptPdfPath,
  type Receipt,
} from "~/lib/payouts/receipts";
import { formatDate } from "~/lib/shared/dates";
import type { AppContext } from "~/server/load-context";
import { configuredOrigin, storedOriginQuery } from "~/server/platform/app-origin.server";
import { renderEmail, type EmailBlock } from "~/server/platform/email-templates.server";
import { sendEmail, STALE_QUEUED_EMAIL_MS } from "~/server/platform/email.server";
import { paymentProvider } from "./provider/factory.server";
import type { PaymentCard } from "./provider/types";
import { loadReceipt, rememberPaymentCard, sellerOf } from "./receipt-document.server";
import { stripeId } from "./stripe-ids";

/** The outbox keys: one receipt per charge (purchase), per refund (provider refund id), per invoice. */
export const chargeReceiptKey = (purchaseId: string) => `receipt-charge-${purchaseId}`;
export const refundReceiptKey = (refundId: string) => `receipt-refund-${refundId}`;
export const invoiceReceiptKey = (invoiceId: string) => `receipt-invoice-${invoiceId}`;

/** The outbox's `kind` of each receipt email. */
export const RECEIPT_EMAIL_KINDS = {
  charge: "receipt_charge",
  refund: "receipt_refund",
  invoice: "receipt_invoice",
} as const;

const buyerUser = alias(users, "receipt_buyer");

/**
 * The purchase, its business and who gets its receipt (the person who paid, else the first of the
 * members who pay; a copy to each other member who pays: owners and admins, docs/decisions/068),
 * and whether the email under `key` already went out: one query.
 */
async function receiptTarget(app: AppContext, purchaseId: string, key: string) {
  const [row] = await app.db
    .select({
      purchaseId: purchases.id,
      kind: purchases.kind,
      referenceId: purchases.referenceId,
      status: purchases.status,
      paymentIntentId: purchases.stripePaymentIntentId,
      cardBrand: purchases.cardBrand,
      businessId: businesses.id,
      businessName: businesses.name,
      city: businesses.city,
      state: businesses.state,
      buyerEmail: buyerUser.email,
      payerEmails: membersWhoMayColumn(businesses.id, "pay", "payer_emails", "email"),
      sentStatus: emailOutbox.status,
    })
    .from(purchases)
    .innerJoin(businesses, eq(businesses.id, purchases.businessId))
    .leftJoin(buyerUser, eq(buyerUser.id, purchases.createdByUserId))
    .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, key))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    business: { id: row.businessId, name: row.businessName, city: row.city, state: row.state },
    ...recipientsOf(row.buyerEmail, row.payerEmails),
  };
}

/** The facts every receipt email lists: seller, buyer, number, date, item, money and card. */
function receiptFields(receipt: Receipt): EmailBlock[] {
  return [
    { type: "field", label: RECEIPT_LABELS.seller, value: `${receipt.seller.name}\n${receipt.seller.address}` },
    {
      type: "field",
      label: RECEIPT_LABELS.billedTo,
      value: [receipt.buyer.name, receipt.buyer.address].filter(Boolean).join("\n"),
    },
    { type: "field", label: RECEIPT_LABELS.number, value: receipt.number },
    { type: "field", label: RECEIPT_LABELS.datePaid, value: formatDate(receipt.paidAt) },
    { type: "field", label: RECEIPT_LABELS.item, value: receipt.description },
    { type: "field", label: RECEIPT_LABELS.subtotal, value: formatMoney(receipt.subtotalCents) },
    {
      type: "field",
      label: RECEIPT_LABELS.tax,
      value: `${formatMoney(receipt.taxCents)} (${RECEIPT_TAX_NOTE(receipt.taxCents)})`,
    },
    { type: "field", label: RECEIPT_LABELS.total, value: formatMoney(receipt.amountCents) },
    {
      type: "field",
      label: RECEIPT_LABELS.paymentMethod,
      value: receipt.card ? cardLabel(receipt.card) : RECEIPT_CARD_UNKNOWN,
    },
    // A duplicate payment's charge receipt says it is being refunded, as the page and the PDF do.
    ...(receipt.duplicateOf
      ? [{ type: "field" as const, label: RECEIPT_LABELS.note, value: RECEIPT_DUPLICATE_NOTE }]
      : []),
    ...(receipt.paymentReference
      ? [{ type: "field" as const, label: RECEIPT_LABELS.paymentReference, value: receipt.paymentReference }]
      : []),
  ];
}

/** The links to the receipt page and its PDF, or where to find it when there is no origin. */
function receiptLinks(receipt: Receipt, origin: string | null): EmailBlock[] {
  if (!origin) return [{ type: "paragraph", text: RECEIPT_EMAIL.findIt }];
  return [
    {
      type: "button",
      label: RECEIPT_EMAIL.viewReceipt,
      url: new URL(receiptPath(receipt.purchaseId), origin).toString(),
    },
    {
      type: "button",
      label: RECEIPT_DOWNLOAD_PDF,
      url: new URL(receiptPdfPath(receipt.purchaseId), origin).toString(),
    },
  ];
}

/**
 * Who gets a receipt: the person who paid (else the first member who pays) under the receipt's
 * key, and a copy to every other member who pays, each under its own key (`{key}:{address}`).
 */
function recipientsOf(buyer: string | null, payers: readonly string[]): { to: string | null; copies: string[] } {
  const to = buyer ?? payers[0] ?? null;
  return { to, copies: [...new Set(payers.filter((email) => email !== to))] };
}

/** The receipt to `to` under `key` (true when this call sent it), then its copies, each once. */
async function send(
  app: AppContext,
  email: {
    to: string;
    copies?: readonly string[];
    subject: string;
    heading: string;
    blocks: EmailBlock[];
    kind: string;
    key: string;
  },
): Promise<boolean> {
  const { text, html } = renderEmail({ heading: email.heading, blocks: email.blocks, footer: RECEIPT_EMAIL.footer });
  const one = async (to: string, dedupeKey: string) => {
    try {
      return await sendEmail(app, { to, subject: email.subject, text, html, kind: email.kind, dedupeKey });
    } catch (error) {
      console.error(`The receipt email ${dedupeKey} could not be sent:`, error);
      return false;
    }
  };
  const sent = await one(email.to, email.key);
  if (sent) {
    for (const copy of email.copies ?? []) await one(copy, `${email.key}:${copy.toLowerCase()}`);
  }
  return sent;
}

/**
 * Emails the receipt of a paid one-off purchase, once (key `receipt-charge-{purchaseId}`).
 * Records the card that paid (asked of the provider) and, when given, the tax the Checkout
 * Session reported (`amount_tax`) on the purchase first, so the page, the PDF and the email say
 * the same. A plan's purchase sends nothing here (its charges are invoices).
 */
export async function sendPaymentReceipt(
  app: AppContext,
  purchaseId: string,
  origin: string | null,
  options: { taxCents?: number | null } = {},
): Promise<boolean> {
  try {
    const key = chargeReceiptKey(purchaseId);
    const target = await receiptTarget(app, purchaseId, key);
    if (!target || !target.to || target.kind === "subscription") return false;
    if (target.status !== "paid" && target.status !== "refunded") return false;
    if (target.sentStatus === "sent") return false;
    if (!target.cardBrand || options.taxCents !== undefined) {
      await rememberPaymentCard(app, purchaseId, target.cardBrand ? null : target.paymentIntentId, options.taxCents);
    }
    // The card was just asked for: the receipt does not ask again.
    const receipt = await loadReceipt(app, target.business, purchaseId, { lookUpCard: false });
    if (!receipt) return false;
    return await send(app, {
      to: target.to,
      copies: target.copies,
      subject: RECEIPT_EMAIL.chargeSubject(receipt.number),
      heading: RECEIPT_EMAIL.chargeHeading(receipt.number),
      blocks: [
        { type: "paragraph", text: RECEIPT_EMAIL.chargeIntro(receipt.description) },
        ...receiptFields(receipt),
        ...receiptLinks(receipt, origin),
      ],
      kind: RECEIPT_EMAIL_KINDS.charge,
      key,
    });
  } catch (error) {
    console.error(`The receipt of purchase ${purchaseId} could not be made:`, error);
    return false;
  }
}

/** One refund of a purchase, as the provider made it. */
export type RefundForReceipt = {
  purchaseId: string;
  /** The provider's refund id (re_…): the receipt's key, so one refund has one receipt. */
  refundId: string;
  amountCents: number;
  refundedAt: Date;
  /**
   * The refunded PaymentIntent, when the purchase does not record it (a plan's charge is an
   * invoice's): the card the money goes back to is asked of it.
   */
  paymentIntentId?: string | null;
};

/**
 * Emails the receipt of one refund of a purchase, once per refund (key
 * `receipt-refund-{refundId}`), to whoever paid (else the first member who pays; copies to the others): how much, when, to
 * which card, the refund's reference, and the original payment with its receipt (whose page lists
 * the refunds against the charge). Any refund path calls it after the provider confirmed the
 * refund; calling it again (a retry, a race, a replayed event) sends nothing more. A refund of a
 * plan's purchase (which has no one-off receipt: its charges are invoices) is emailed too, naming
 * the plan, with the card asked of `paymentIntentId`.
 */
export async function sendRefundReceipt(
  app: AppContext,
  refund: RefundForReceipt,
  origin: string | null,
): Promise<boolean> {
  try {
    const key = refundReceiptKey(refund.refundId);
    const target = await receiptTarget(app, refund.purchaseId, key);
    if (!target || !target.to || target.sentStatus === "sent") return false;
    const receipt = await loadReceipt(app, target.business, refund.purchaseId);
    const amount = formatMoney(refund.amountCents);
    if (!receipt && target.kind === "subscription") {
      return await sendPlanRefundReceipt(app, { ...target, to: target.to }, refund, key);
    }
    if (!receipt) {
      console.warn(`receipts: refund ${refund.refundId} names purchase ${refund.purchaseId}, which has no receipt.`);
      return false;
    }
    return await send(app, {
      to: target.to,
      copies: target.copies,
      subject: RECEIPT_EMAIL.refundSubject(receipt.number),
      heading: RECEIPT_EMAIL.refundHeading(receipt.number),
      blocks: [
        { type: "paragraph", text: RECEIPT_EMAIL.refundIntro(amount, receipt.description) },
        { type: "field", label: RECEIPT_LABELS.seller, value: `${receipt.seller.name}\n${receipt.seller.address}` },
        {
          type: "field",
          label: RECEIPT_LABELS.billedTo,
          value: [receipt.buyer.name, receipt.buyer.address].filter(Boolean).join("\n"),
        },
        { type: "field", label: RECEIPT_EMAIL.labels.refundedOn, value: formatDate(refund.refundedAt) },
        { type: "field", label: RECEIPT_EMAIL.labels.refunded, value: amount },
        {
          type: "field",
          label: RECEIPT_EMAIL.labels.refundedTo,
          value: receipt.card ? cardLabel(receipt.card) : RECEIPT_CARD_UNKNOWN,
        },
        { type: "field", label: RECEIPT_EMAIL.labels.refundReference, value: refund.refundId },
        {
          type: "field",
          label: RECEIPT_EMAIL.labels.originalPayment,
          value: `${formatMoney(receipt.amountCents)} on ${formatDate(receipt.paidAt)}, ${RECEIPT_LABELS.number.toLowerCase()} ${receipt.number} (${PAYMENT_STATUS_LABELS[receipt.status]})`,
        },
        { type: "field", label: RECEIPT_LABELS.item, value: receipt.description },
        ...receiptLinks(receipt, origin),
      ],
      kind: RECEIPT_EMAIL_KINDS.refund,
      key,
    });
  } catch (error) {
    console.error(`The receipt of refund ${refund.refundId} could not be made:`, error);
    return false;
  }
}

/** The refund of a purchase without a one-off receipt (a plan's): what was refunded, to which card. */
async function sendPlanRefundReceipt(
  app: AppContext,
  target: NonNullable<Awaited<ReturnType<typeof receiptTarget>>> & { to: string },
  refund: RefundForReceipt,
  key: string,
): Promise<boolean> {
  const { description } = describePurchase({
    kind: target.kind,
    referenceId: target.referenceId,
    itemTitle: null,
    outlineId: null,
    outlineTitle: null,
    insightCategory: null,
  });
  const paymentIntentId = refund.paymentIntentId ?? target.paymentIntentId;
  const card = paymentIntentId
    ? await paymentProvider(app)
        .retrievePaymentCard(paymentIntentId)
        .catch((error: unknown) => {
          console.warn(`receipts: the card of refund ${refund.refundId} could not be read:`, error);
          return null;
        })
    : null;
  const seller = sellerOf(app);
  const amount = formatMoney(refund.amountCents);
  return send(app, {
    to: target.to,
    copies: target.copies,
    subject: RECEIPT_EMAIL.planRefundSubject(description),
    heading: RECEIPT_EMAIL.planRefundHeading,
    blocks: [
      { type: "paragraph", text: RECEIPT_EMAIL.refundIntro(amount, description) },
      { type: "field", label: RECEIPT_LABELS.seller, value: `${seller.name}\n${seller.address}` },
      {
        type: "field",
        label: RECEIPT_LABELS.billedTo,
        value: [target.business.name, buyerAddress(target.business)].filter(Boolean).join("\n"),
      },
      { type: "field", label: RECEIPT_EMAIL.labels.refundedOn, value: formatDate(refund.refundedAt) },
      { type: "field", label: RECEIPT_EMAIL.labels.refunded, value: amount },
      { type: "field", label: RECEIPT_EMAIL.labels.refundedTo, value: card ? cardLabel(card) : RECEIPT_CARD_UNKNOWN },
      { type: "field", label: RECEIPT_EMAIL.labels.refundReference, value: refund.refundId },
      { type: "field", label: RECEIPT_LABELS.item, value: description },
      { type: "paragraph", text: PAYMENTS_MEMBERSHIP_NOTE },
    ],
    kind: RECEIPT_EMAIL_KINDS.refund,
    key,
  });
}

// ===== Membership invoices (Stripe's invoice.paid) =====

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const cents = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;

/** The invoice's tax: `tax` (older API versions) or the sum of `total_taxes` / `total_tax_amounts`. */
function invoiceTax(invoice: Record<string, unknown>): number {
  const direct = cents(invoice.tax);
  if (direct !== null) return direct;
  const list = (invoice.total_taxes ?? invoice.total_tax_amounts) as { amount?: unknown }[] | undefined;
  return Array.isArray(list) ? list.reduce((sum, entry) => sum + (cents(entry?.amount) ?? 0), 0) : 0;
}

/** The PaymentIntent that paid the invoice: `payment_intent`, or its first payment (newer API versions). */
function invoicePaymentIntent(invoice: Record<string, unknown>): string | null {
  const direct = stripeId(invoice.payment_intent);
  if (direct) return direct;
  const payments = invoice.payments as { data?: { payment?: { payment_intent?: unknown } }[] } | undefined;
  return stripeId(payments?.data?.[0]?.payment?.payment_intent);
}

/** The first line's description and period ("Nov 3, 2026 – Dec 3, 2026"). */
function invoiceLine(invoice: Record<string, unknown>): { description: string | null; period: string | null } {
  const lines = invoice.lines as { data?: { description?: unknown; period?: { start?: unknown; end?: unknown } }[] };
  const line = lines?.data?.[0];
  const start = cents(line?.period?.start);
  const end = cents(line?.period?.end);
  return {
    description: text(line?.description),
    period: start && end ? `${formatDate(new Date(start * 1000))} – ${formatDate(new Date(end * 1000))}` : null,
  };
}

/**
 * Emails the receipt of a membership invoice Stripe reports paid (the `invoice.paid` event's
 * invoice, verified by its signature), once per invoice (key `receipt-invoice-{invoiceId}`), to
 * the members who pay (owners and admins, docs/decisions/068) of the business whose Stripe customer it names. Nothing for an invoice that took no
 * money (a trial's), or a customer that is no business of Partwise. Stripe's own invoice page
 * (hosted_invoice_url, with its PDF) is linked: it is the document of a membership charge.
 */
export async function sendInvoiceReceipt(app: AppContext, invoice: Record<string, unknown>): Promise<boolean> {
  const invoiceId = text(invoice.id);
  const customerId = stripeId(invoice.customer);
  const paid = cents(invoice.amount_paid);
  if (!invoiceId || !customerId || !paid) return false;
  try {
    const key = invoiceReceiptKey(invoiceId);
    const [row] = await app.db
      .select({
        name: businesses.name,
        city: businesses.city,
        state: businesses.state,
        payerEmails: membersWhoMayColumn(businesses.id, "pay", "payer_emails", "email"),
        sentStatus: emailOutbox.status,
      })
      .from(businesses)
      .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, key))
      .where(eq(businesses.stripeCustomerId, customerId))
      .limit(1);
    const recipients = row ? recipientsOf(null, row.payerEmails) : null;
    if (!row || !recipients?.to || row.sentStatus === "sent") return false;
    const paymentIntentId = invoicePaymentIntent(invoice);
    let card: PaymentCard | null = null;
    if (paymentIntentId) {
      card = await paymentProvider(app)
        .retrievePaymentCard(paymentIntentId)
        .catch((error: unknown) => {
          console.warn(`receipts: the card of invoice ${invoiceId} could not be read:`, error);
          return null;
        });
    }
    const tax = Math.min(invoiceTax(invoice), paid);
    const number = text(invoice.number) ?? invoiceId;
    const paidAtSeconds = cents((invoice.status_transitions as { paid_at?: unknown } | undefined)?.paid_at);
    const paidAt = paidAtSeconds ? new Date(paidAtSeconds * 1000) : app.now();
    const line = invoiceLine(invoice);
    const description = line.description ?? RECEIPT_EMAIL.membership;
    const seller = sellerOf(app);
    const hosted = text(invoice.hosted_invoice_url);
    return await send(app, {
      to: recipients.to,
      copies: recipients.copies,
      subject: RECEIPT_EMAIL.invoiceSubject(number),
      heading: RECEIPT_EMAIL.invoiceHeading(number),
      blocks: [
        { type: "paragraph", text: RECEIPT_EMAIL.invoiceIntro(description) },
        { type: "field", label: RECEIPT_LABELS.seller, value: `${seller.name}\n${seller.address}` },
        {
          type: "field",
          label: RECEIPT_LABELS.billedTo,
          value: [row.name, buyerAddress(row)].filter(Boolean).join("\n"),
        },
        { type: "field", label: RECEIPT_EMAIL.labels.invoice, value: number },
        { type: "field", label: RECEIPT_LABELS.datePaid, value: formatDate(paidAt) },
        { type: "field", label: RECEIPT_LABELS.item, value: description },
        ...(line.period ? [{ type: "field" as const, label: RECEIPT_EMAIL.labels.period, value: line.period }] : []),
        { type: "field", label: RECEIPT_LABELS.subtotal, value: formatMoney(paid - tax) },
        { type: "field", label: RECEIPT_LABELS.tax, value: `${formatMoney(tax)} (${RECEIPT_TAX_NOTE(tax)})` },
        { type: "field", label: RECEIPT_LABELS.total, value: formatMoney(paid) },
        { type: "field", label: RECEIPT_LABELS.paymentMethod, value: card ? cardLabel(card) : RECEIPT_CARD_UNKNOWN },
        ...(hosted && /^https:\/\//.test(hosted)
          ? [{ type: "button" as const, label: RECEIPT_EMAIL.viewInvoice, url: hosted }]
          : []),
        { type: "paragraph", text: PAYMENTS_MEMBERSHIP_NOTE },
      ],
      kind: RECEIPT_EMAIL_KINDS.invoice,
      key,
    });
  } catch (error) {
    console.error(`The receipt of invoice ${invoiceId} could not be made:`, error);
    return false;
  }
}

// ===== The daily sweep: a receipt whose sending failed or was cut short =====

/** How far back the sweep looks for a charge or refund without its receipt. */
export const MISSED_RECEIPTS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The most receipts one sweep sends (the next day's takes the rest). */
export const MISSED_RECEIPTS_LIMIT = 100;

/** SQL: the receipt under `key` was never claimed, failed, or its claim is stale (the sender died). */
const receiptMissing = (staleBefore: Date) =>
  or(
    isNull(emailOutbox.id),
    eq(emailOutbox.status, "failed"),
    and(eq(emailOutbox.status, "queued"), lt(emailOutbox.createdAt, staleBefore)),
  );

/**
 * The daily cron's sweep: every one-off charge and every refund of the last 7 days whose receipt
 * was not sent (the email failed, or the Worker died between the payment and its receipt) is sent
 * now, through the same keyed functions, so still once. Charges and refunds younger than 10
 * minutes are left to the call that is sending them. A cron has no request: the links use APP_URL,
 * else the app's last known origin (docs/decisions/047); with neither, the receipts say where to
 * find them. Answers how many were sent.
 */
export async function sendMissedReceipts(app: AppContext): Promise<number> {
  const now = app.now().getTime();
  const since = new Date(now - MISSED_RECEIPTS_WINDOW_MS);
  const settled = new Date(now - STALE_QUEUED_EMAIL_MS);
  const [charges, refunds, automaticRefunds, stored] = await Promise.all([
    app.db
      .select({ id: purchases.id })
      .from(purchases)
      .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, sql`'receipt-charge-' || ${purchases.id}`))
      .where(
        and(
          inArray(purchases.status, ["paid", "refunded"]),
          ne(purchases.kind, "subscription"),
          gte(purchases.paidAt, since),
          lt(purchases.paidAt, settled),
          receiptMissing(settled),
        ),
      )
      .limit(MISSED_RECEIPTS_LIMIT),
    app.db
      .select({
        purchaseId: itemRefunds.purchaseId,
        refundId: itemRefunds.stripeRefundId,
        amountCents: itemRefunds.amountCents,
        refundedAt: itemRefunds.updatedAt,
      })
      .from(itemRefunds)
      .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, sql`'receipt-refund-' || ${itemRefunds.stripeRefundId}`))
      .where(
        and(
          eq(itemRefunds.status, "succeeded"),
          isNotNull(itemRefunds.stripeRefundId),
          gte(itemRefunds.updatedAt, since),
          lt(itemRefunds.updatedAt, settled),
          receiptMissing(settled),
        ),
      )
      .limit(MISSED_RECEIPTS_LIMIT),
    // The automatic refunds of a duplicate payment or subscription (docs/decisions/010).
    app.db
      .select({
        purchaseId: purchaseRefunds.purchaseId,
        refundId: purchaseRefunds.stripeRefundId,
        amountCents: purchaseRefunds.amountCents,
        refundedAt: purchaseRefunds.updatedAt,
        // A plan's purchase records no PaymentIntent: the refund row names the one it refunded,
        // so the re-sent receipt names the card as the live one did.
        paymentIntentId: purchaseRefunds.paymentIntentId,
      })
      .from(purchaseRefunds)
      .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, sql`'receipt-refund-' || ${purchaseRefunds.stripeRefundId}`))
      .where(
        and(
          eq(purchaseRefunds.status, "succeeded"),
          isNotNull(purchaseRefunds.stripeRefundId),
          isNotNull(purchaseRefunds.purchaseId),
          gte(purchaseRefunds.updatedAt, since),
          lt(purchaseRefunds.updatedAt, settled),
          receiptMissing(settled),
        ),
      )
      .limit(MISSED_RECEIPTS_LIMIT),
    storedOriginQuery(app),
  ]);
  const origin = configuredOrigin(app) ?? stored[0]?.origin ?? null;
  let sent = 0;
  for (const charge of charges) {
    if (await sendPaymentReceipt(app, charge.id, origin)) sent += 1;
  }
  for (const refund of [...refunds, ...automaticRefunds]) {
    if (!refund.refundId || !refund.purchaseId) continue;
    if (await sendRefundReceipt(app, { ...refund, purchaseId: refund.purchaseId, refundId: refund.refundId }, origin)) {
      sent += 1;
    }
  }
  return sent;
}
