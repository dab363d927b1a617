import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { ReceiptDocument } from "~/components/payouts/receipt";
import { RECEIPT_TITLE } from "~/lib/payouts/receipt-copy";
import { requireClientBusiness } from "~/http/guards.server";
import { loadReceipt } from "~/server/payments/receipts.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${RECEIPT_TITLE} ${loaded.receipt.number} | Partwise` : `${RECEIPT_TITLE} | Partwise` },
];

const PurchaseIdSchema = z.string().trim().min(1).max(80);

/**
 * /receipts/{purchaseId}: the printable receipt of one of the business's paid (or since refunded)
 * purchases, with its PDF at /receipts/{purchaseId}/receipt.pdf. Anonymous → the login screen;
 * another business's, an unpaid or an unknown purchase → 404. The viewer, then one parallel read
 * (two sequential D1 round trips; a purchase whose card is not yet recorded asks the provider once).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const purchaseId = PurchaseIdSchema.safeParse(params.purchaseId);
  if (!purchaseId.success) throw notFound();
  const receipt = await loadReceipt(context.app, viewer.business, purchaseId.data);
  if (!receipt) throw notFound();
  return { receipt };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  return (
    <div className="page receipt-page">
      <ReceiptDocument receipt={receipt} />
    </div>
  );
}
