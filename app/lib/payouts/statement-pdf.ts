import { writePdf, type PdfBlock } from "~/lib/engagements/pdf-writer";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";
import { EARNINGS_STATEMENT_COPY, STATEMENT_COPY } from "./statement-copy";
import { monthLabel, type BusinessStatement, type EarningsStatement } from "./statements";

/**
 * The monthly statements as PDFs (docs/decisions/081), written by the statement of work's PDF
 * writer (ADR 028): the same lines, totals and words as their pages. Pure: the same statement
 * gives the same bytes.
 */

/** The blocks of a business's statement (exported for tests). */
export function businessStatementPdfBlocks(statement: BusinessStatement): PdfBlock[] {
  const label = monthLabel(statement.month);
  return [
    { type: "title", text: STATEMENT_COPY.title(label) },
    { type: "paragraph", text: statement.seller.name, font: "bold" },
    { type: "paragraph", text: statement.seller.address },
    { type: "rule" },
    { type: "heading", text: STATEMENT_COPY.billedTo },
    { type: "paragraph", text: statement.business.name, font: "bold" },
    ...(statement.business.address ? [{ type: "paragraph" as const, text: statement.business.address }] : []),
    { type: "space", height: 8 },
    statement.lines.length === 0
      ? { type: "paragraph", text: STATEMENT_COPY.noLines }
      : {
          type: "table",
          columns: [
            { header: STATEMENT_COPY.columns.date, width: 0.14 },
            { header: STATEMENT_COPY.columns.type, width: 0.09 },
            { header: STATEMENT_COPY.columns.engagement, width: 0.17 },
            { header: STATEMENT_COPY.columns.item, width: 0.19 },
            // A receipt number (PW-YYYYMMDD-XXXXXXXX, up to about 117 pt) on one line.
            { header: STATEMENT_COPY.columns.receipt, width: 0.28 },
            { header: STATEMENT_COPY.columns.amount, width: 0.13, align: "right" },
          ],
          rows: statement.lines.map((line) => [
            formatDate(line.date),
            line.kind === "charge" ? STATEMENT_COPY.charge : STATEMENT_COPY.refund,
            line.engagement,
            line.duplicate ? `${line.item} (${STATEMENT_COPY.duplicateNote})` : line.item,
            line.receiptNumber,
            formatMoney(line.amountCents),
          ]),
        },
    { type: "paragraph", text: `${STATEMENT_COPY.charged}: ${formatMoney(statement.chargedCents)}`, align: "right" },
    {
      type: "paragraph",
      text: `${STATEMENT_COPY.refunded}: ${formatMoney(-statement.refundedCents)}`,
      align: "right",
    },
    {
      type: "paragraph",
      text: `${STATEMENT_COPY.net}: ${formatMoney(statement.netCents)}`,
      font: "bold",
      align: "right",
    },
    { type: "space", height: 8 },
    { type: "paragraph", text: STATEMENT_COPY.noCredits, size: 9 },
    { type: "paragraph", text: STATEMENT_COPY.planNote, size: 9 },
  ];
}

export function renderBusinessStatementPdf(statement: BusinessStatement): Uint8Array<ArrayBuffer> {
  const label = monthLabel(statement.month);
  return writePdf({
    title: STATEMENT_COPY.title(label),
    author: statement.seller.name,
    blocks: businessStatementPdfBlocks(statement),
    footer: (page, pages) => ({
      left: STATEMENT_COPY.pdfFooter(statement.business.name, label),
      right: `Page ${page} of ${pages}`,
    }),
  });
}

/** The blocks of a consultant's earnings statement (exported for tests). */
export function earningsStatementPdfBlocks(statement: EarningsStatement): PdfBlock[] {
  const label = monthLabel(statement.month);
  const copy = EARNINGS_STATEMENT_COPY;
  const { totals } = statement;
  return [
    { type: "title", text: copy.title(label) },
    { type: "paragraph", text: statement.consultant.name, font: "bold" },
    { type: "rule" },
    statement.lines.length === 0
      ? { type: "paragraph", text: copy.noLines }
      : {
          type: "table",
          columns: [
            { header: copy.columns.item, width: 0.25 },
            { header: copy.columns.gross, width: 0.13, align: "right" },
            { header: copy.columns.fee, width: 0.13, align: "right" },
            { header: copy.columns.transferred, width: 0.16, align: "right" },
            { header: copy.columns.reversed, width: 0.15, align: "right" },
            { header: copy.columns.held, width: 0.18, align: "right" },
          ],
          rows: [
            ...statement.lines.map((line) => [
              [{ text: line.item, font: "bold" as const }, { text: `${line.business} · ${line.engagement}` }],
              formatMoney(line.grossCents),
              formatMoney(line.feeCents),
              formatMoney(line.transferredCents),
              formatMoney(line.reversedCents),
              formatMoney(line.heldCents),
            ]),
            [
              [{ text: copy.total, font: "bold" as const }],
              formatMoney(totals.grossCents),
              formatMoney(totals.feeCents),
              formatMoney(totals.transferredCents),
              formatMoney(totals.reversedCents),
              formatMoney(totals.heldCents),
            ],
          ],
        },
    { type: "paragraph", text: `${copy.columns.gross}: ${formatMoney(totals.grossCents)}`, align: "right" },
    { type: "paragraph", text: `${copy.columns.fee}: ${formatMoney(totals.feeCents)}`, align: "right" },
    { type: "paragraph", text: `${copy.columns.transferred}: ${formatMoney(totals.transferredCents)}`, align: "right" },
    { type: "paragraph", text: `${copy.columns.reversed}: ${formatMoney(totals.reversedCents)}`, align: "right" },
    {
      type: "paragraph",
      text: `${copy.columns.held}: ${formatMoney(totals.heldCents)}`,
      font: "bold",
      align: "right",
    },
    { type: "space", height: 8 },
    { type: "paragraph", text: copy.grossNote, size: 9 },
    { type: "paragraph", text: copy.taxForms, size: 9 },
  ];
}

export function renderEarningsStatementPdf(statement: EarningsStatement): Uint8Array<ArrayBuffer> {
  const label = monthLabel(statement.month);
  return writePdf({
    title: EARNINGS_STATEMENT_COPY.title(label),
    blocks: earningsStatementPdfBlocks(statement),
    footer: (page, pages) => ({
      left: EARNINGS_STATEMENT_COPY.pdfFooter(statement.consultant.name, label),
      right: `Page ${page} of ${pages}`,
    }),
  });
}
