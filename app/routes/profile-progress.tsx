import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { ProgressBlocks } from "~/components/business/progress-blocks";
import { ProgressWheel } from "~/components/business/progress-wheel";
import { homePathFor } from "~/server/identity/auth.server";
import { requireViewer } from "~/http/guards.server";
import { loadProfileProgress } from "~/server/business/profile-progress.server";

export const meta: MetaFunction = () => [{ title: "Profile progress | Partwise" }];

/**
 * /profile-progress: the real profile completion (five steps), the sign-up flow's step after the
 * plan ("Almost there!", ADR 050): Skip this Step and Next go on to the dashboard. Exempt from
 * startup routing (spec §2): a session is enough; a client without a business is sent to
 * business details and staff to their own home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  if (viewer.user.role !== "client" || !viewer.business || !viewer.member) throw redirect(homePathFor(viewer));
  const progress = await loadProfileProgress(context.app, viewer.user.id, viewer.business.id);
  if (!progress) throw redirect("/");
  // Outside the `_app` layout: the page names the member's role itself (docs/decisions/071).
  return { ...progress, role: viewer.member.role };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ProfileProgressPage() {
  const progress = useLoaderData<typeof loader>();
  return (
    <PlainLayout signedIn>
      <div className="progress-page">
        {progress.accountingConnected ? (
          <section className="card progress-banner" aria-labelledby="progress-title">
            <h1 id="progress-title">You're all set!</h1>
            <p>It looks like you've already connected your company data.</p>
            <p className="progress-actions">
              <Link to="/dashboard" className="button button-primary">
                Next
              </Link>
            </p>
          </section>
        ) : (
          <section className="card progress-banner" aria-labelledby="progress-title">
            <h1 id="progress-title">Almost there!</h1>
            <p>Complete your profile so we can match you with the right consultants and insights.</p>
          </section>
        )}

        <section className="card progress-card" aria-labelledby="progress-completion-title">
          <h2 id="progress-completion-title">Profile Completion</h2>
          <div className="progress-layout">
            <ProgressWheel percent={progress.percent} />
            <ProgressBlocks steps={progress.steps} role={progress.role} />
          </div>
          <p className="muted progress-summary">
            {`${progress.completed} of ${progress.steps.length} steps complete.`}
          </p>
        </section>

        {progress.accountingConnected ? null : (
          <p className="progress-skip">
            <Link to="/dashboard" className="button button-secondary">
              Skip this Step
            </Link>
          </p>
        )}
      </div>
    </PlainLayout>
  );
}
