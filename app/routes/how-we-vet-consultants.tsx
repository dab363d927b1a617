import { NumberedSteps, PublicLayout, SignUpCall } from "~/components/public/public-layout";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMetaOf } from "~/lib/shared/public-pages";
import { publicPageLoader } from "~/http/public-page.server";

export const handle = PUBLIC_PAGE_HANDLE;

export const meta = publicPageMetaOf(PUBLIC_PAGES.vetting);

export const loader = publicPageLoader;

/** The review steps of the engagement managers' console (/manage/consultants), in order. */
const VETTING_STEPS = [
  {
    title: "Application or invitation",
    text: "A consultant applies with their experience and LinkedIn profile, or an engagement manager invites someone they know. Every application is read by an engagement manager.",
  },
  {
    title: "A full profile",
    text: "The consultant writes their profile: business areas, industries, the engagement types they take on, their experience and the outcomes they have delivered.",
  },
  {
    title: "Profile review",
    text: "An engagement manager reviews the profile and approves it or asks for changes. Later changes to what it says are reviewed again before a business sees them; availability and hours are the consultant's to set.",
  },
  {
    title: "Vetting",
    text: "A consultant is vetted when their first profile is approved. Only vetted consultants are proposed by matching; an engagement manager can unvet a consultant, saying why, or pause them.",
  },
  {
    title: "Paid accounts",
    text: "Before any payout the consultant verifies their identity and bank account with Stripe, Partwise's payment provider.",
  },
  {
    title: "Every engagement",
    text: "An engagement manager approves each plan before the business signs it, and businesses rate the work when it ends.",
  },
] as const;

export default function HowWeVet() {
  return (
    <PublicLayout>
      <h1>How we vet consultants</h1>
      <p className="public-lead">
        Nobody meets a Partwise client without an engagement manager's review. These are the steps, as our managers take
        them.
      </p>
      <h2 className="public-section">The steps</h2>
      <NumberedSteps steps={VETTING_STEPS} />
      <SignUpCall
        heading="Meet a vetted consultant"
        text="Create an account, tell us what you need help with, and an engagement manager proposes a shortlist."
      />
    </PublicLayout>
  );
}
