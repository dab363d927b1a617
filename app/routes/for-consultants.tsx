import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/public/public-layout";
import { SESSION_AUTO_CONFIRM_DAYS } from "~/lib/engagements/coaching";
import { AUTO_ACCEPT_DAYS } from "~/lib/engagements/review-deadlines";
import { formatPercent } from "~/lib/shared/numbers";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { appOrigin } from "~/server/platform/app-origin.server";

export const handle = PUBLIC_PAGE_HANDLE;

/** Where a consultant applies: the application form of the sign-up. */
const CONSULTANT_APPLICATION_PATH = "/signup/consultant";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicPageMeta(data && { origin: data.origin, ...PUBLIC_PAGES.forConsultants });

export function loader({ request, context }: LoaderFunctionArgs) {
  return { origin: appOrigin(context.app, request), feePercent: context.app.env.PLATFORM_FEE_PERCENT };
}

export default function ForConsultants() {
  const { feePercent } = useLoaderData<typeof loader>();
  return (
    <PublicLayout current={PUBLIC_PAGES.forConsultants.path}>
      <h1>Fractional work with businesses that know what they need</h1>
      <p className="public-lead">
        Partwise businesses have read their own books before they ask for help, so you start from a diagnosis, not a
        sales call.
      </p>
      <section className="public-section" aria-labelledby="get-heading">
        <h2 id="get-heading">What you get</h2>
        <ul className="public-steps">
          <li>
            <h3>Matched, not bidding</h3>
            <p>An engagement manager proposes you for requests in your areas and industries; you accept or decline.</p>
          </li>
          <li>
            <h3>Your plan, your way</h3>
            <p>Draft the statement of work as a project with deliverables, a monthly retainer or coaching sessions.</p>
          </li>
          <li>
            <h3>Paid in advance</h3>
            <p>
              The business pays each piece of work before you start it. It is yours once accepted: when the business
              approves it, or after {AUTO_ACCEPT_DAYS} days without a review ({SESSION_AUTO_CONFIRM_DAYS} for a coaching
              session).
            </p>
          </li>
          <li>
            <h3>One place to work</h3>
            <p>Messages, meetings, files and earnings statements in your portal.</p>
          </li>
        </ul>
      </section>
      <section className="public-section" aria-labelledby="fee-heading">
        <h2 id="fee-heading">The fee</h2>
        <p>
          Partwise keeps {formatPercent(feePercent, { decimals: 0 })} of what the business pays for your work; you
          receive {formatPercent(100 - feePercent, { decimals: 0 })}, paid out through Stripe to the bank account you
          verify with it (payouts start once Stripe has verified it). No subscription, no fee to apply.
        </p>
      </section>
      <section className="public-call" aria-labelledby="apply-heading">
        <h2 id="apply-heading">Apply</h2>
        <p>
          Tell us your name, your LinkedIn profile, your business areas and a few lines about your experience. An
          engagement manager reads every application; <a href="/how-we-vet-consultants">how we vet consultants</a>.
        </p>
        <p className="public-call-actions">
          <a className="button button-primary" href={CONSULTANT_APPLICATION_PATH}>
            Apply as a consultant
          </a>
        </p>
      </section>
    </PublicLayout>
  );
}
