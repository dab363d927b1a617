import { writePdf, type PdfBlock } from "./pdf-writer";
import { formatDate } from "~/lib/shared/dates";
import { type SowDocument } from "./sow";

/**
 * The signed statement of work as a PDF: the same SowDocument the screens show (its three
 * headings, the deliverables with their total), then the signature block with the typed name and
 * the date, and on every page a footer naming the outline, the version and the page. Pure.
 */

export const SOW_PDF_HEADING = "Statement of Work";
export const SIGNATURE_HEADING = "Signature";

export type SowPdfInput = {
  document: SowDocument;
  outlineId: string;
  /** The signature: the typed name and the date written (YYYY-MM-DD). */
  signature: { name: string; date: string };
  businessName: string;
  consultantName: string;
};

/** The blocks of the statement (exported for tests and previews). */
export function sowPdfBlocks({ document, signature, businessName, consultantName }: SowPdfInput): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { type: "title", text: `${SOW_PDF_HEADING}: ${document.title}` },
    {
      type: "paragraph",
      text: `${businessName} and ${consultantName} · Version ${document.version} · Effective date ${document.effectiveDate}`,
      size: 9.5,
    },
    { type: "rule" },
  ];
  for (const section of document.sections) {
    blocks.push({ type: "heading", text: section.heading });
    for (const paragraph of section.paragraphs) blocks.push({ type: "paragraph", text: paragraph });
    if (section.items && section.items.length > 0) {
      blocks.push({
        type: "table",
        columns: [
          { header: "#", width: 0.06 },
          { header: "Deliverable", width: 0.58 },
          { header: "Delivery date", width: 0.17 },
          { header: "Price", width: 0.19, align: "right" },
        ],
        rows: section.items.map((item) => [
          String(item.number),
          [{ text: item.title, font: "bold" }, ...(item.description ? [{ text: item.description }] : [])],
          item.deliveryDate,
          item.price,
        ]),
      });
    }
    if (section.total !== undefined && section.items && section.items.length > 0) {
      blocks.push({ type: "paragraph", text: `Total: ${section.total}`, font: "bold", align: "right" });
    }
  }
  blocks.push(
    // The signature block on one page.
    { type: "keep", height: 190 },
    { type: "heading", text: SIGNATURE_HEADING },
    {
      type: "paragraph",
      text: `By typing their name below, the signer accepted this Statement of Work (version ${document.version}) on behalf of ${businessName}.`,
    },
    { type: "space", height: 6 },
    { type: "paragraph", text: `Name: ${signature.name}`, font: "bold" },
    { type: "paragraph", text: `Date: ${formatDate(signature.date)}`, font: "bold" },
    { type: "rule" },
    { type: "paragraph", text: document.signature ?? `Signed by ${signature.name} on ${formatDate(signature.date)}` },
  );
  return blocks;
}

/** The PDF's bytes. */
export function renderSowPdf(input: SowPdfInput): Uint8Array<ArrayBuffer> {
  return writePdf({
    title: `${SOW_PDF_HEADING}: ${input.document.title} (version ${input.document.version})`,
    author: input.signature.name,
    blocks: sowPdfBlocks(input),
    footer: (page, pages) => ({
      left: `Partwise Statement of Work · Outline ${input.outlineId} · Version ${input.document.version}`,
      right: `Page ${page} of ${pages}`,
    }),
  });
}
