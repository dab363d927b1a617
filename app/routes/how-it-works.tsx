import { NumberedSteps, PublicLayout, SignUpCall } from "~/components/public/public-layout";
import { SESSION_AUTO_CONFIRM_DAYS } from "~/lib/engagements/coaching";
import { AUTO_ACCEPT_DAYS } from "~/lib/engagements/review-deadlines";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMetaOf } from "~/lib/shared/public-pages";
import { publicPageLoader } from "~/http/public-page.server";

export const handle = PUBLIC_PAGE_HANDLE;

export const meta = publicPageMetaOf(PUBLIC_PAGES.howItWorks, (origin) => ({
  "@context": "https://schema.org",
  "@type": "Organization",
  name: "Partwise",
  url: origin,
  description: PUBLIC_PAGES.howItWorks.description,
}));

export const loader = publicPageLoader;

/** The loop, in the product's own order (issue #42): each step is a screen a business uses. */
const HOW_IT_WORKS_STEPS = [
  {
    title: "Diagnose",
    text: "Connect QuickBooks and Partwise reads your books: your figures beside your industry's and your size's, and a diagnostic insight on the issue you name, written by an expert.",
  },
  {
    title: "Match",
    text: "Ask for help in a business area. An engagement manager shortlists vetted consultants who know your industry, and you choose who to meet.",
  },
  {
    title: "Plan",
    text: "The consultant drafts a statement of work: a project with deliverables, a monthly retainer with an hours budget, or coaching sessions. The engagement manager approves it and you sign it.",
  },
  {
    title: "Deliver",
    text: `Each deliverable, month or set of sessions is paid in advance and held until the work is accepted. You approve it, ask for changes or raise a dispute; a deliverable or month left unreviewed is accepted after ${AUTO_ACCEPT_DAYS} days, a coaching session after ${SESSION_AUTO_CONFIRM_DAYS}, so nobody waits for their pay.`,
  },
  {
    title: "Measure",
    text: "Your figures before and after the engagement, from the same books, so you see what the work changed.",
  },
] as const;

export default function HowItWorks() {
  return (
    <PublicLayout current={PUBLIC_PAGES.howItWorks.path}>
      <h1>Fractional experts for the business you already run</h1>
      <p className="public-lead">
        Partwise brings small and mid-size businesses the finance, operations, sales and people leaders they need for a
        few days a month: found from your own numbers, vetted, and paid for work as it is accepted.
      </p>
      <section className="public-section" aria-labelledby="loop-heading">
        <h2 id="loop-heading">How it works</h2>
        <NumberedSteps steps={HOW_IT_WORKS_STEPS} />
      </section>
      <section className="public-section" aria-labelledby="people-heading">
        <h2 id="people-heading">Three people on every engagement</h2>
        <ul className="public-steps">
          <li>
            <h3>You, the business</h3>
            <p>Choose the consultant, sign the plan, review each piece of work, and talk with both in one thread.</p>
          </li>
          <li>
            <h3>The consultant</h3>
            <p>
              Vetted by an engagement manager before meeting any client; <a href="/how-we-vet-consultants">how</a>.
            </p>
          </li>
          <li>
            <h3>The engagement manager</h3>
            <p>Matches, approves every plan before you see it, and settles disputes: Partwise's person on your side.</p>
          </li>
        </ul>
      </section>
      <p className="public-section">
        <a href="/pricing">See the plans and the fee</a> · <a href="/benchmarks">Look up your industry's benchmarks</a>
      </p>
      <SignUpCall
        heading="Start with your own numbers"
        text="The Basic plan is free: create an account, connect your books and ask for a match."
      />
    </PublicLayout>
  );
}
