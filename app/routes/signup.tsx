import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { AuthLayout } from "../components/auth/auth-layout";
import { homePathFor } from "../server/auth.server";
import { getViewer } from "../server/session.server";

export const meta: MetaFunction = () => [{ title: "Join our community | Partwise" }];

const BUSINESS_SIGNUP_PATH = "/Signup/client-personal-details";

/** A signed-in visitor has an account already: straight to their home (startup routing). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return null;
}

/**
 * /Signup (spec §2): choose an account type. Consultant sign-up is not offered (spec §6); the
 * consultant card reveals that through `?type=consultant`, so it also works without JavaScript.
 * 'Create an account' continues with the chosen card, the business one unless the consultant
 * card was chosen.
 */
export default function SignupChooser() {
  const [params] = useSearchParams();
  const consultantChosen = params.get("type") === "consultant";
  return (
    <AuthLayout>
      <div className="auth-card auth-card-wide">
        <h1 className="auth-title">Join our community</h1>
        <p className="auth-lead">Tell us who you are to get started.</p>
        <div className="choice-grid">
          <Link
            to={BUSINESS_SIGNUP_PATH}
            className={consultantChosen ? "choice-card" : "choice-card choice-card-selected"}
            aria-labelledby="choice-business-title"
            aria-describedby="choice-business-text"
          >
            <span id="choice-business-title" className="choice-title">
              I&apos;m a Business
            </span>
            <span id="choice-business-text" className="choice-text">
              Find fractional talent, request diagnostic insights and run engagements.
            </span>
          </Link>
          <Form method="get" replace preventScrollReset className="choice-form">
            <button
              type="submit"
              name="type"
              value="consultant"
              className={consultantChosen ? "choice-card choice-card-selected" : "choice-card"}
              aria-labelledby="choice-consultant-title"
              aria-describedby="choice-consultant-text"
              aria-expanded={consultantChosen}
              aria-controls="consultant-unavailable"
            >
              <span id="choice-consultant-title" className="choice-title">
                I&apos;m a Consultant
              </span>
              <span id="choice-consultant-text" className="choice-text">
                Offer your expertise to businesses like yours.
              </span>
            </button>
          </Form>
        </div>
        <div id="consultant-unavailable" role="status">
          {consultantChosen ? (
            <div className="notice">
              <p className="notice-title">Consulting Sign Up Not Yet Available</p>
              <p className="notice-text">Consultants join Partwise by invitation from an Engagement Manager.</p>
            </div>
          ) : null}
        </div>
        {/* Continues with the chosen card. As a consultant that can only repeat the answer above. */}
        <Form
          method="get"
          action={consultantChosen ? "/Signup" : BUSINESS_SIGNUP_PATH}
          replace={consultantChosen}
          preventScrollReset={consultantChosen}
        >
          {consultantChosen ? <input type="hidden" name="type" value="consultant" /> : null}
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
