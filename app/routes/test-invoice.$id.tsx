import { cardDigits, DECLINED_CARD, isCardNumber } from "~/lib/payments/test-cards";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  CARD_DECLINED_MESSAGE,
  CARD_INVALID_MESSAGE,
  TEST_CARD_DECLINED,
  TEST_CARD_NUMBER,
  TestCardFields,
} from "~/components/payments/test-checkout";
import { PlainLayout } from "~/components/shell/plain-layout";
import { intentOf, usePendingPost } from "~/components/ui/pending-post";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";
import type { AppContext } from "~/server/load-context";
import { appOrigin } from "~/server/platform/app-origin.server";
import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { cardOf, getLocalInvoice, payLocalInvoice } from "~/server/payments/stripe-fake/keyless.server";
import { FORM_UNREADABLE_MESSAGE, readForm, seeOther } from "~/http/http.server";
import { notFound, runIntent } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Test invoice | Partwise" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const TEST_INVOICE_TITLE = "Test invoice — no real card is charged";
const INVOICE_PAID_MESSAGE = "This invoice is paid.";
const INVOICE_VOID_MESSAGE = "This invoice was voided.";

/**
 * Only while STRIPE_SECRET_KEY is unset (never in production, which requires the key). A draft
 * has no page, as on Stripe (its hosted_invoice_url is null until it is finalized).
 */
async function invoiceFor(app: AppContext, id: string | undefined) {
  if (app.env.STRIPE_SECRET_KEY || !id) throw notFound();
  const invoice = await getLocalInvoice(app, id);
  if (!invoice || invoice.status === "draft") throw notFound();
  return invoice;
}

/** "Open — payment due", "Paid", "Void". */
function statusText(status: string): string {
  switch (status) {
    case "open":
      return "Open — payment due";
    case "paid":
      return "Paid";
    case "void":
      return "Void";
    default:
      return status.charAt(0).toUpperCase() + status.slice(1);
  }
}

/**
 * GET /test-invoice/:id — the built-in stand-in for Stripe's hosted invoice page (the keyless
 * provider's hosted_invoice_url): the invoice, its lines and total, and while it is open a test
 * card form to pay it. Anyone holding the unguessable invoice id may pay, as on Stripe.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = context.app;
  const invoice = await invoiceFor(app, params.id);
  const customer = invoice.customer;
  return {
    invoice: {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      description: invoice.description,
      billedTo:
        customer.name && customer.email ? `${customer.name} (${customer.email})` : (customer.name ?? customer.email),
      lines: invoice.lines,
      total: invoice.total,
      amountRemaining: invoice.amountRemaining,
      paidOn: invoice.paidAt ? formatDate(invoice.paidAt * 1000) : null,
      lastDecline: invoice.status === "open" ? invoice.lastDecline : null,
    },
    backUrl: `${appOrigin(app, request)}/`,
  };
}

/**
 * POST intent=pay: a test card (4242…) pays the open invoice once and delivers the signed
 * invoice.paid event to the webhook handler, then 303 back to this page (now paid); 4000 0000
 * 0000 0002 is declined (402 and the message; the attempt is counted and invoice.payment_failed
 * delivered, as Stripe's page does). A paid or void invoice answers its page again (303). Any other
 * post is a 400 with the form's message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const app = context.app;
  const invoice = await invoiceFor(app, params.id);
  const body = await readForm(request);
  if (!body.ok) return data({ error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const form = body.form;
  return runIntent(form.get("intent"), INVOICE_INTENTS, otherPost, { app, request, invoice, form });
}

/** What each of the invoice page's posts is given. */
type InvoicePost = {
  app: AppContext;
  request: Request;
  invoice: Awaited<ReturnType<typeof invoiceFor>>;
  form: FormData;
};

async function payPost({ app, request, invoice, form }: InvoicePost) {
  const here = new URL(request.url).pathname;
  if (invoice.status !== "open") return seeOther(here);
  const digits = cardDigits(form.get("cardNumber"));
  const declines = digits === DECLINED_CARD;
  if (!declines && !isCardNumber(digits)) {
    return data({ error: CARD_INVALID_MESSAGE }, { status: 400 });
  }
  const paid = await payLocalInvoice(
    app,
    invoice.id,
    cardOf(digits),
    (rawBody, header) => handleStripeWebhook(app, rawBody, header, appOrigin(app, request)),
    { declines },
  );
  if (!paid) throw notFound();
  if (paid.outcome === "declined") return data({ error: CARD_DECLINED_MESSAGE }, { status: 402 });
  // Paid (by this post or another at the same time) or void meanwhile: the page says which.
  return seeOther(here);
}

async function otherPost(_post: InvoicePost) {
  return data({ error: FORM_UNREADABLE_MESSAGE }, { status: 400 });
}

const INVOICE_INTENTS = { pay: payPost };

export default function TestInvoicePage() {
  const { invoice, backUrl } = useLoaderData<typeof loader>();
  // The action answers either a redirect or {error}.
  const actionData = useActionData<typeof action>() as { error?: string } | undefined;
  const error = actionData?.error ?? null;
  const post = usePendingPost();
  const busy = post !== null;
  const paying = intentOf(post) === "pay";
  return (
    <PlainLayout>
      <section className="card test-checkout" aria-labelledby="test-invoice-title">
        <h1 id="test-invoice-title" className="test-checkout-title">
          {TEST_INVOICE_TITLE}
        </h1>
        <p className="test-checkout-note">
          This is Partwise&apos;s built-in stand-in for Stripe&apos;s invoice page, used while no Stripe key is
          configured. Paying here completes the payment through the same steps as Stripe.
        </p>
        <h2 className="card-title">{invoice.number ? `Invoice ${invoice.number}` : "Invoice"}</h2>
        <dl className="test-checkout-summary">
          {invoice.billedTo ? (
            <div>
              <dt>Billed to</dt>
              <dd>{invoice.billedTo}</dd>
            </div>
          ) : null}
          {invoice.description ? (
            <div>
              <dt>Description</dt>
              <dd>{invoice.description}</dd>
            </div>
          ) : null}
          {invoice.lines.map((line) => (
            <div key={line.id}>
              <dt>{line.description ?? "Item"}</dt>
              <dd>{formatMoney(line.amount)}</dd>
            </div>
          ))}
          <div>
            <dt>Total</dt>
            <dd>{formatMoney(invoice.total)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{statusText(invoice.status)}</dd>
          </div>
        </dl>
        {invoice.status === "paid" ? (
          <>
            <p role="status">
              {INVOICE_PAID_MESSAGE}
              {invoice.paidOn ? ` Paid on ${invoice.paidOn}.` : ""}
            </p>
            <a className="button button-primary" href={backUrl}>
              Back to Partwise
            </a>
          </>
        ) : invoice.status === "void" ? (
          <>
            <p role="status">{INVOICE_VOID_MESSAGE}</p>
            <a className="button button-primary" href={backUrl}>
              Back to Partwise
            </a>
          </>
        ) : (
          <Form method="post" className="test-checkout-form">
            {error ? (
              <p className="form-error" role="alert" id="test-card-error">
                {error}
              </p>
            ) : invoice.lastDecline ? (
              <p role="status">{`The last payment attempt failed: ${invoice.lastDecline}`}</p>
            ) : null}
            <TestCardFields
              error={error}
              hint={
                <>
                  Test card: {TEST_CARD_NUMBER}. {TEST_CARD_DECLINED} is declined.
                </>
              }
            />
            <div className="button-row">
              <button type="submit" name="intent" value="pay" className="button button-primary" disabled={busy}>
                {paying ? "Paying…" : `Pay ${formatMoney(invoice.amountRemaining)}`}
              </button>
            </div>
          </Form>
        )}
      </section>
    </PlainLayout>
  );
}
