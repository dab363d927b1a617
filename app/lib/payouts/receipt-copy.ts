/** The texts of the business's costs, receipts and payment history (issue #18, Q3). */

export const RECEIPT_TITLE = "Receipt";
export const RECEIPT_BRAND = "Partwise";
export const RECEIPT_NOT_FOUND = "This receipt was not found.";
export const RECEIPT_PRINT = "Print receipt";
export const RECEIPT_BACK_TO_PAYMENTS = "All payments";

export const RECEIPT_LABELS = {
  number: "Receipt number",
  datePaid: "Date paid",
  billedTo: "Billed to",
  item: "Item",
  amount: "Amount paid",
  paymentReference: "Payment reference",
  status: "Status",
  refunds: "Refunds",
  refundDate: "Date refunded",
  refundAmount: "Amount refunded",
  refundReference: "Refund reference",
  net: "Net paid",
  note: "Note",
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
