import { Link } from "@remix-run/react";
import { REVENUE_BAND_CONFIRM_PATH, REVENUE_BAND_COPY, type BandDisagreement } from "~/lib/business/revenue-band";

/**
 * The dashboard says when the books put the business in another revenue band than it chose
 * (ADR 050), and offers the confirmed update in settings.
 */
export function BandsBanner({ bands }: { bands: BandDisagreement | null }) {
  if (!bands) return null;
  return (
    <section className="notice-banner finance-banner-warning bands-banner" aria-labelledby="bands-banner-title">
      <div>
        <h2 id="bands-banner-title" className="profile-setup-title">
          {REVENUE_BAND_COPY.title}
        </h2>
        <p>{REVENUE_BAND_COPY.statement(bands)}</p>
      </div>
      <Link to={REVENUE_BAND_CONFIRM_PATH} className="button button-secondary">
        {REVENUE_BAND_COPY.offer}
      </Link>
    </section>
  );
}
