import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";
import { PlainLayout } from "../components/plain-layout";
import { RESET_COMING_SOON_MESSAGE } from "../lib/password-reset-copy";

export const meta: MetaFunction = () => [{ title: "Reset your password | Partwise" }];

/** /password-reset (public, exempt from startup routing): reset by email is built in a later issue. */
export default function PasswordReset() {
  return (
    <PlainLayout>
      <ComingSoon
        title="Reset your password"
        message={RESET_COMING_SOON_MESSAGE}
        back={{ to: "/", label: "Back to sign in" }}
      />
    </PlainLayout>
  );
}
