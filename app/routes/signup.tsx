import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { AuthLayout } from "../components/auth/auth-layout";

export const meta: MetaFunction = () => [{ title: "Join our community | Partwise" }];

/**
 * /Signup (spec §2): choose an account type. Consultant sign-up is not offered (spec §6); the
 * consultant card reveals that through `?type=consultant`, so it also works without JavaScript.
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
            to="/Signup/client-personal-details"
            className="choice-card"
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
              className="choice-card"
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
          {consultantChosen ? <p className="notice">Consulting Sign Up Not Yet Available</p> : null}
        </div>
        <p className="auth-footer">
          <Link to="/">Already have an account? Sign in!</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
