import { Link } from "@remix-run/react";
import { formatPercent } from "~/lib/shared/numbers";

export type ProfileSetup = { completed: number; total: number; percent: number };

/**
 * First-run guidance on the dashboard (issue #36): while the profile is incomplete, how far it is
 * and the way back to "Almost there!" (/profile-progress). Gone once every step is done.
 */
export function ProfileSetupBanner({ setup }: { setup: ProfileSetup | null }) {
  if (!setup) return null;
  return (
    <section className="notice-banner profile-setup-banner" aria-labelledby="profile-setup-title">
      <div>
        <h2 id="profile-setup-title" className="profile-setup-title">
          Almost there!
        </h2>
        <p>{`Your profile is ${formatPercent(setup.percent, { decimals: 0 })} complete: ${setup.completed} of ${setup.total} steps done.`}</p>
      </div>
      <Link to="/profile-progress" className="button button-secondary">
        Finish your profile
      </Link>
    </section>
  );
}
