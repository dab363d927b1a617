import { Form, Link } from "@remix-run/react";
import { consultantRequestPath, PUBLIC_PROFILE_TEXTS as T } from "~/lib/consultants/public-profile";

/**
 * The dashboard's reminder of a consultant chosen on their public profile before signing up or
 * logging in (ADR 090): finish the request, or forget it.
 */
export function RequestedConsultantBanner({ consultantId }: { consultantId: string }) {
  const path = consultantRequestPath(consultantId);
  return (
    <section className="notice-banner requested-consultant-banner" aria-labelledby="requested-consultant-text">
      <p id="requested-consultant-text">{T.pendingBanner}</p>
      <div className="button-row">
        <Link to={path} className="button button-primary">
          {T.pendingAction}
        </Link>
        <Form method="post" action={path}>
          <input type="hidden" name="intent" value="forget" />
          <button type="submit" className="button button-ghost">
            {T.pendingForget}
          </button>
        </Form>
      </div>
    </section>
  );
}
