import { writePdf, type PdfBlock } from "~/lib/engagements/pdf-writer";
import { formatMoney } from "~/lib/shared/numbers";
import { formatDate } from "~/lib/shared/dates";
import {
  PAYMENT_STATUS_LABELS,
  RECEIPT_CARD_UNKNOWN,
  RECEIPT_DUPLICATE_NOTE,
  RECEIPT_LABELS,
  RECEIPT_PDF_FOOTER,
  RECEIPT_TAX_NOTE,
  RECEIPT_TITLE,
} from "./receipt-copy";
import { cardLabel, type Receipt } from "./receipts";

/**
 * The receipt as a PDF (docs/decisions/051-receipts.md), written by the statement of work's PDF
 * writer (ADR 028): the seller, the receipt's number, date and status, the buyer, the line with
 * its subtotal, the sales tax and the total, how it was paid, and the refunds against it with
 * what is left paid. The same facts and words as the page. Pure: the same receipt gives the same
 * bytes.
 */

/** The blocks of the receipt (exported for tests). */
export function receiptPdfBlocks(receipt: Receipt): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { type: "title", text: RECEIPT_TITLE },
    { type: "paragraph", text: receipt.seller.name, font: "bold" },
    { type: "paragraph", text: receipt.seller.address },
    { type: "rule" },
    { type: "paragraph", text: `${RECEIPT_LABELS.number}: ${receipt.number}` },
    { type: "paragraph", text: `${RECEIPT_LABELS.datePaid}: ${formatDate(receipt.paidAt)}` },
    { type: "paragraph", text: `${RECEIPT_LABELS.status}: ${PAYMENT_STATUS_LABELS[receipt.status]}` },
    { type: "heading", text: RECEIPT_LABELS.billedTo },
    { type: "paragraph", text: receipt.buyer.name, font: "bold" },
    ...(receipt.buyer.address ? [{ type: "paragraph" as const, text: receipt.buyer.address }] : []),
    { type: "heading", text: RECEIPT_LABELS.lines },
    {
      type: "table",
      columns: [
        { header: RECEIPT_LABELS.description, width: 0.75 },
        { header: RECEIPT_LABELS.lineAmount, width: 0.25, align: "right" },
      ],
      rows: [[receipt.description, formatMoney(receipt.subtotalCents)]],
    },
    { type: "paragraph", text: `${RECEIPT_LABELS.subtotal}: ${formatMoney(receipt.subtotalCents)}`, align: "right" },
    { type: "paragraph", text: `${RECEIPT_LABELS.tax}: ${formatMoney(receipt.taxCents)}`, align: "right" },
    {
      type: "paragraph",
      text: `${RECEIPT_LABELS.total}: ${formatMoney(receipt.amountCents)}`,
      font: "bold",
      align: "right",
    },
    { type: "paragraph", text: RECEIPT_TAX_NOTE(receipt.taxCents), size: 9, align: "right" },
    { type: "heading", text: RECEIPT_LABELS.paymentMethod },
    { type: "paragraph", text: receipt.card ? cardLabel(receipt.card) : RECEIPT_CARD_UNKNOWN },
    // A duplicate payment says so, as the page does (ADR 010).
    ...(receipt.duplicateOf
      ? [{ type: "paragraph" as const, text: `${RECEIPT_LABELS.note}: ${RECEIPT_DUPLICATE_NOTE}` }]
      : []),
    ...(receipt.paymentReference
      ? [{ type: "paragraph" as const, text: `${RECEIPT_LABELS.paymentReference}: ${receipt.paymentReference}` }]
      : []),
  ];
  if (receipt.refunds.length > 0) {
    blocks.push(
      { type: "heading", text: RECEIPT_LABELS.refunds },
      {
        type: "table",
        columns: [
          { header: RECEIPT_LABELS.refundDate, width: 0.25 },
          { header: RECEIPT_LABELS.refundAmount, width: 0.25, align: "right" },
          { header: RECEIPT_LABELS.refundReference, width: 0.5 },
        ],
        rows: receipt.refunds.map((refund) => [
          formatDate(refund.refundedAt),
          formatMoney(refund.amountCents),
          refund.reference ?? "",
        ]),
      },
      {
        type: "paragraph",
        text: `${RECEIPT_LABELS.net}: ${formatMoney(receipt.netCents)}`,
        font: "bold",
        align: "right",
      },
    );
  }
  return blocks;
}

/** The PDF's bytes. */
export function renderReceiptPdf(receipt: Receipt): Uint8Array<ArrayBuffer> {
  return writePdf({
    title: `${RECEIPT_TITLE} ${receipt.number}`,
    author: receipt.seller.name,
    blocks: receiptPdfBlocks(receipt),
    footer: (page, pages) => ({
      left: RECEIPT_PDF_FOOTER(receipt.seller.name, receipt.number),
      right: `Page ${page} of ${pages}`,
    }),
  });
}
