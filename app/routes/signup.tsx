import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { businessSignUpPath } from "~/lib/business/naics";
import { AuthLayout } from "~/components/identity/auth-layout";
import { homePathFor } from "~/server/identity/auth.server";
import { getViewer } from "~/server/identity/session.server";

export const meta: MetaFunction = () => [{ title: "Join our community | Partwise" }];

const BUSINESS_SIGNUP_PATH = businessSignUpPath();
const CONSULTANT_PATH = "/Signup/consultant";

/**
 * A signed-in visitor has an account already: straight to their home (startup routing). The
 * chooser once answered consultants in place at `?type=consultant`; such links go to their page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  if (new URL(request.url).searchParams.get("type") === "consultant") throw redirect(CONSULTANT_PATH);
  return null;
}

/**
 * /Signup (spec §2): choose an account type. Both cards are plain links that behave alike: the
 * business card starts the business sign-up, the consultant card opens the page that explains
 * how consultants join (spec §4: 'Consulting Sign Up Not Yet Available'). Each card's accessible
 * name is its whole visible text. 'Create an account' starts the business sign-up, the only one
 * offered.
 */
export default function SignupChooser() {
  return (
    <AuthLayout>
      <div className="auth-card auth-card-wide">
        <h1 className="auth-title">Join our community</h1>
        <p className="auth-lead">Tell us who you are to get started.</p>
        <ul className="choice-grid" aria-label="Account types">
          <li>
            <Link to={BUSINESS_SIGNUP_PATH} className="choice-card">
              <span className="choice-title">I&apos;m a Business</span>
              <span className="choice-text">
                Find fractional talent, request diagnostic insights and run engagements.
              </span>
            </Link>
          </li>
          <li>
            <Link to={CONSULTANT_PATH} className="choice-card">
              <span className="choice-title">I&apos;m a Consultant</span>
              <span className="choice-text">Offer your expertise to businesses like yours.</span>
            </Link>
          </li>
        </ul>
        <Form method="get" action={BUSINESS_SIGNUP_PATH}>
          <button type="submit" className="button button-primary button-block">
            Create an account
          </button>
        </Form>
        <p className="auth-footer">
          <Link to="/">Already have an account? Sign in!</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
