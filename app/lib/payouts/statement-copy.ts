/** The texts of the monthly statements (docs/decisions/081-monthly-statements.md): pages, PDFs, emails, the hubs. */

export const STATEMENT_COPY = {
  listTitle: "Monthly statements",
  listIntro:
    "A statement for each month with a charge or a refund: every line with the engagement and deliverable behind it, as a page, a PDF and a CSV for your bookkeeper.",
  none: "No statements yet: a statement appears for each month with a charge or a refund.",
  title: (month: string) => `Statement for ${month}`,
  pdfTitle: "Monthly statement",
  monthsNav: "Months",
  downloadPdf: "Download PDF",
  downloadCsv: "Download CSV",
  backToPayments: "Back to payments",
  linkFromPayments: "Monthly statements",
  columns: {
    date: "Date",
    type: "Type",
    description: "Description",
    engagement: "Engagement",
    item: "Deliverable or insight",
    receipt: "Receipt",
    amount: "Amount",
  },
  charge: "Charge",
  refund: "Refund",
  duplicateNote: "Duplicate payment",
  noLines: "No charges or refunds this month.",
  charged: "Charged",
  refunded: "Refunded",
  net: "Net",
  billedTo: "Billed to",
  noCredits: "Credits: none. Partwise does not issue account credits; every refund is returned to the card that paid.",
  planNote: "Plan charges are Stripe invoices, in Manage Payment; they are not on this statement.",
  pdfFooter: (business: string, month: string) => `${business} · Statement for ${month}`,
  hubName: (month: string) => `Statement for ${month}`,
  hubSource: "Monthly statement",
} as const;

export const EARNINGS_STATEMENT_COPY = {
  listTitle: "Earnings statements",
  listIntro:
    "A statement for each month with earnings, transfers, reversals or money held: per deliverable, as a page, a PDF and a CSV.",
  none: "No earnings statements yet: a statement appears for each month with activity.",
  title: (month: string) => `Earnings statement for ${month}`,
  pdfTitle: "Earnings statement",
  monthsNav: "Months",
  downloadPdf: "Download PDF",
  downloadCsv: "Download CSV",
  backToPayouts: "Back to payouts",
  linkFromPayouts: "Monthly earnings statements",
  /** The Payouts page's card (not "Earnings …": the page's Earnings card has that heading). */
  payoutsCardTitle: "Monthly statements",
  taxForms:
    "Tax forms (1099) come from Stripe Connect Express, not Partwise: find them in your Stripe Express dashboard.",
  columns: {
    business: "Business",
    engagement: "Engagement",
    item: "Deliverable",
    gross: "Gross",
    fee: "Platform fee",
    transferred: "Transferred",
    reversed: "Reversed",
    held: "Held at month end",
  },
  noLines: "No earnings, transfers or reversals this month.",
  total: "Total",
  grossNote:
    "Gross and fee count in the month the deliverable was approved; transfers and reversals in the month they were made; held is what was owed and not sent at the month's end.",
  pdfFooter: (consultant: string, month: string) => `${consultant} · Earnings statement for ${month}`,
  hubHeading: "Earnings statements",
  hubName: (month: string) => `Earnings statement for ${month}`,
} as const;

/** The email of the 1st: each business member who may pay, and each consultant with activity. */
export const STATEMENT_EMAIL_COPY = {
  businessTitle: (month: string) => `Your Partwise statement for ${month}`,
  businessBody: (business: string, month: string) =>
    `The statement of ${business}'s charges and refunds for ${month} is ready, as a page, a PDF and a CSV for your bookkeeper.`,
  businessAction: "Open the statement",
  businessFooter: "You get this email because you may pay for your business on Partwise.",
  consultantTitle: (month: string) => `Your Partwise earnings statement for ${month}`,
  consultantBody: (month: string) =>
    `Your earnings statement for ${month} is ready: gross, fees, transfers, reversals and money held, per deliverable.`,
  consultantAction: "Open the statement",
  consultantFooter: "You get this email because you earned, were paid or had money held on Partwise this month.",
} as const;
