import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { AuthLayout } from "~/components/identity/auth-layout";
import { PARTWISE_CONTACT } from "~/lib/support/support-schemas";
import { homePathFor } from "~/server/identity/auth.server";
import { getViewer } from "~/server/identity/session.server";

export const meta: MetaFunction = () => [{ title: "Consulting Sign Up Not Yet Available | Partwise" }];

const CONSULTANT_SIGNUP_UNAVAILABLE = "Consulting Sign Up Not Yet Available";

/** A signed-in visitor has an account already: straight to their home (startup routing). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return null;
}

/**
 * /Signup/consultant: where the chooser's consultant card leads. Consultants do not sign up
 * themselves (spec §4); engagement managers invite them, so the page says so and how to reach
 * Partwise. The contact form at /contact-us needs a business account, hence phone and email.
 */
export default function ConsultantSignup() {
  const c = PARTWISE_CONTACT;
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-title">{CONSULTANT_SIGNUP_UNAVAILABLE}</h1>
        <div className="stack">
          <p className="auth-lead">Consultants join Partwise by invitation from an Engagement Manager.</p>
          <p>
            To be considered, email us your profile (your expertise, business areas and the engagements you take on) at{" "}
            <a href={`mailto:${c.email}?subject=Consultant%20application`}>{c.email}</a> or call us at{" "}
            <a href={c.phoneHref}>{c.phone}</a>. An Engagement Manager answers within one business day.
          </p>
          <p>Invited already? Sign in with the email and password from your invitation.</p>
          <Link to="/" className="button button-primary button-block">
            Sign in
          </Link>
        </div>
        <p className="auth-footer">
          <Link to="/Signup">Back to account types</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
