/** The texts of the business's costs, receipts and payment history (issue #18, Q3). */

export const RECEIPT_TITLE = "Receipt";
export const RECEIPT_BRAND = "Partwise";
export const RECEIPT_NOT_FOUND = "This receipt was not found.";
export const RECEIPT_PRINT = "Print receipt";
export const RECEIPT_DOWNLOAD_PDF = "Download PDF";
export const RECEIPT_BACK_TO_PAYMENTS = "All payments";

export const RECEIPT_LABELS = {
  seller: "Sold by",
  number: "Receipt number",
  datePaid: "Date paid",
  billedTo: "Billed to",
  item: "Item",
  description: "Description",
  lineAmount: "Amount",
  lines: "What was paid for",
  subtotal: "Subtotal",
  tax: "Sales tax",
  total: "Total paid",
  paymentMethod: "Payment method",
  paymentReference: "Payment reference",
  status: "Status",
  refunds: "Refunds",
  refundDate: "Date refunded",
  refundAmount: "Amount refunded",
  refundReference: "Refund reference",
  net: "Net paid",
  note: "Note",
} as const;

/** The card line when the provider did not say which card paid. */
export const RECEIPT_CARD_UNKNOWN = "Card (details not available)";

/** How tax was handled, under the tax line (honest either way: Partwise does not add sales tax itself). */
export const RECEIPT_TAX_NOTE = (taxCents: number) =>
  taxCents > 0 ? "The sales tax is included in the total." : "No sales tax was charged on this purchase.";

/** The footer of the PDF: the receipt number and the page. */
export const RECEIPT_PDF_FOOTER = (seller: string, number: string) => `${seller} · Receipt ${number}`;

/** The receipt emails (docs/decisions/051-receipts.md): one per charge, one per refund, one per membership invoice. */
export const RECEIPT_EMAIL = {
  chargeSubject: (number: string) => `Your Partwise receipt ${number}`,
  chargeHeading: (number: string) => `Receipt ${number}`,
  chargeIntro: (description: string) => `Thank you for your payment. This is your receipt for ${description}.`,
  refundSubject: (number: string) => `Your Partwise refund for receipt ${number}`,
  refundHeading: (number: string) => `Refund for receipt ${number}`,
  refundIntro: (amount: string, description: string) =>
    `Partwise refunded ${amount} of your payment for ${description}. Your bank shows it within 5–10 business days.`,
  planRefundSubject: (description: string) => `Your Partwise refund: ${description}`,
  planRefundHeading: "Refund",
  invoiceSubject: (number: string) => `Your Partwise membership receipt ${number}`,
  invoiceHeading: (number: string) => `Membership receipt ${number}`,
  invoiceIntro: (plan: string) => `Thank you for your payment. This is your receipt for ${plan}.`,
  viewReceipt: "View your receipt",
  viewInvoice: "View the invoice at Stripe",
  findIt: "Your receipts are in Partwise under Settings → Account → Payments.",
  footer: "You get this email because your business paid Partwise. Keep it for your records.",
  labels: {
    refundedOn: "Date refunded",
    refunded: "Amount refunded",
    refundedTo: "Refunded to",
    refundReference: "Refund reference",
    originalPayment: "Original payment",
    period: "Period",
    invoice: "Invoice number",
  },
  membership: "Partwise membership",
} as const;

/** A duplicate payment's receipt (ADR 010). */
export const RECEIPT_DUPLICATE_NOTE =
  "A second payment for something you had already paid. Partwise refunded it automatically.";

export const PAYMENT_STATUS_LABELS = {
  paid: "Paid",
  refunded: "Refunded",
} as const;

/** What a purchase bought, in words. */
export const PURCHASE_DESCRIPTIONS = {
  deliveryItem: (title: string, engagement: string) =>
    engagement ? `Deliverable: ${title} (${engagement})` : `Deliverable: ${title}`,
  deletedItem: "Deliverable (no longer in the plan)",
  insight: (area: string) => `Insight request: ${area}`,
  benchmarking: (year: string) => `Benchmarking ${year}`,
  subscription: (plan: string) => `${plan} membership`,
} as const;

/** The business's engagement panel: what each deliverable cost and the engagement's totals. */
export const COST_LABELS = {
  paid: "Paid",
  paidOn: (amount: string, date: string) => `${amount} on ${date}`,
  receipt: "Receipt",
  receiptOf: (title: string) => `Receipt for ${title}`,
  refunded: "Refunded",
  refundedOn: (amount: string, date: string) => `${amount} on ${date}`,
  duplicate: "Paid twice",
  duplicateRefunded: (amount: string, paid: string, refunded: string) =>
    `A second payment of ${amount} on ${paid} was refunded automatically on ${refunded}.`,
  duplicateRefunding: (amount: string, paid: string) =>
    `A second payment of ${amount} on ${paid} is being refunded automatically.`,
  duplicateReceiptOf: (title: string) => `Receipt for the second payment for ${title}`,
  totals: "Engagement payments",
  totalPaid: "Paid",
  totalRefunded: "Refunded",
  totalNet: "Net paid",
} as const;

/** The Payments list in Settings → Account. */
export const PAYMENTS_TITLE = "Payments";
export const PAYMENTS_INTRO = "Every payment you made to Partwise and every refund, newest first.";
export const PAYMENTS_EMPTY = "You have not made any payments yet.";
export const PAYMENTS_MEMBERSHIP_NOTE = "Your membership's invoices are in the billing portal (Manage Payment).";
export const PAYMENTS_CAPTION = "Your payments and refunds";
export const PAYMENTS_COLUMNS = {
  date: "Date",
  what: "What",
  amount: "Amount",
  status: "Status",
  receipt: "Receipt",
} as const;
export const REFUND_ENTRY = (what: string) => `Refund: ${what}`;
/** A second payment for something already paid, and its automatic refund (ADR 010). */
export const PAYMENT_DUPLICATE_ENTRY = (what: string) => `Duplicate payment: ${what}`;
export const REFUND_DUPLICATE_ENTRY = (what: string) => `Refund of a duplicate payment: ${what}`;
export const VIEW_RECEIPT = "View receipt";

/** The notice of a refunded deliverable (kind item_refunded), to the business and the consultant. */
export const NOTICE_ITEM_REFUNDED = "A deliverable was refunded";
export const NOTICE_ITEM_REFUNDED_BUSINESS = (item: string, plan: string) =>
  `Partwise refunded your payment for "${item}" of ${plan}. Your bank shows it within 5–10 business days; the receipt lists the refund.`;
export const NOTICE_ITEM_REFUNDED_CONSULTANT = (business: string, item: string, plan: string) =>
  `Partwise refunded ${business}'s payment for "${item}" of ${plan}: it will not be delivered.`;
