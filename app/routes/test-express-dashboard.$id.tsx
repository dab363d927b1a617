import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import {
  TEST_DASHBOARD_BACK,
  TEST_DASHBOARD_BANNER,
  TEST_DASHBOARD_ENABLED,
  TEST_DASHBOARD_FIELDS as FIELDS,
  TEST_DASHBOARD_NOT_ENABLED,
  TEST_DASHBOARD_TITLE,
  PAYOUTS_PATH,
} from "~/lib/payouts/payout-copy";
import { getLocalConnectAccount } from "~/server/payments/stripe-fake/keyless.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [
  { title: "Test Express dashboard | Partwise" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * GET /test-express-dashboard/:accountId — the built-in stand-in for Stripe's Express dashboard
 * (the local provider's login link): the test account as Stripe would show it. Only while
 * STRIPE_SECRET_KEY is unset.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const app = context.app;
  if (app.env.STRIPE_SECRET_KEY || !params.id) throw notFound();
  const account = await getLocalConnectAccount(app, params.id);
  if (!account) throw notFound();
  return {
    account: {
      id: account.id,
      email: account.email,
      name: account.individual ? `${account.individual.first_name} ${account.individual.last_name}` : null,
      payoutsEnabled: account.payouts_enabled,
      bankLast4: account.external_account_last4,
    },
  };
}

export default function TestExpressDashboard() {
  const { account } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    [FIELDS.account, account.id],
    [FIELDS.email, account.email ?? "—"],
    [FIELDS.name, account.name ?? "—"],
    [FIELDS.payouts, account.payoutsEnabled ? TEST_DASHBOARD_ENABLED : TEST_DASHBOARD_NOT_ENABLED],
    [FIELDS.bank, account.bankLast4 ? `•••• ${account.bankLast4}` : "—"],
  ];
  return (
    <PlainLayout>
      <section className="card test-checkout" aria-labelledby="test-dashboard-title">
        <h1 id="test-dashboard-title" className="test-checkout-title">
          {TEST_DASHBOARD_TITLE}
        </h1>
        <p className="test-checkout-note" role="note">
          {TEST_DASHBOARD_BANNER}
        </p>
        <dl className="test-checkout-summary">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <a className="button button-primary" href={PAYOUTS_PATH}>
          {TEST_DASHBOARD_BACK}
        </a>
      </section>
    </PlainLayout>
  );
}
