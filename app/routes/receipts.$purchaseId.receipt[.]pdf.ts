import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { renderReceiptPdf } from "~/lib/payouts/receipt-pdf";
import { receiptPdfFileName } from "~/lib/payouts/receipts";
import { requireClientBusiness } from "~/http/guards.server";
import { loadReceipt } from "~/server/payments/receipts.server";
import { pdfResponse } from "~/http/pdf-response.server";
import { methodNotAllowed, notFound } from "~/http/route-kit.server";

const PurchaseIdSchema = z.string().trim().min(1).max(80);

/**
 * GET /receipts/{purchaseId}/receipt.pdf (receiptPdfPath): the receipt of one of the business's
 * paid (or since refunded) purchases as a PDF, written on the Worker by the statement of work's
 * PDF writer (docs/decisions/051-receipts.md). The same checks as the receipt page: anonymous →
 * the login screen; another business's, an unpaid or an unknown purchase → 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const purchaseId = PurchaseIdSchema.safeParse(params.purchaseId);
  if (!purchaseId.success) throw notFound();
  const receipt = await loadReceipt(context.app, viewer.business, purchaseId.data);
  if (!receipt) throw notFound();
  const bytes = renderReceiptPdf(receipt);
  return pdfResponse(bytes, receiptPdfFileName(receipt.number));
}

export const action = methodNotAllowed("GET");
