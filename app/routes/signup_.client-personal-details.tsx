import type { MetaFunction } from "@remix-run/cloudflare";
import { AuthLayout } from "../components/auth/auth-layout";
import { ComingSoon } from "../components/coming-soon";

export const meta: MetaFunction = () => [{ title: "Let's Get Started | Partwise" }];

/** /Signup/client-personal-details (spec §2): the personal details step, built in the "Accounts" issue. */
export default function ClientPersonalDetails() {
  return (
    <AuthLayout>
      <ComingSoon
        title="Let's Get Started"
        message="Creating a business account online is coming soon. To get started now, email support@partwise.com."
        back={{ to: "/", label: "Back to sign in" }}
      />
    </AuthLayout>
  );
}
