import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/public/public-layout";
import {
  consultantRequestPath,
  PUBLIC_PROFILE_TEXTS as T,
  publicProfilePath,
  type PublicConsultantProfile,
} from "~/lib/consultants/public-profile";
import {
  listText,
  pastClientLine,
  profileFactRows,
  PROFILE_VIEW_TEXTS,
  ratingSummary,
} from "~/lib/consultants/profile-view";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { loadPublicProfile } from "~/server/consultants/public-profiles.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { notFound } from "~/http/route-kit.server";

export const handle = PUBLIC_PAGE_HANDLE;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return publicPageMeta(null);
  const { profile, origin } = data;
  return publicPageMeta({
    origin,
    path: publicProfilePath(profile.consultantId),
    title: `${profile.name}, ${profile.headline}`,
    description: `${profile.name}: ${profile.headline}. ${profile.yearsOfExperience} years of experience in ${listText(profile.businessAreas)}. A fractional consultant vetted by Partwise.`,
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: profile.name,
      jobTitle: profile.headline,
      url: `${origin}${publicProfilePath(profile.consultantId)}`,
      ...(profile.photoUrl ? { image: `${origin}${profile.photoUrl}` } : {}),
      homeLocation: { "@type": "Place", name: profile.location },
      knowsAbout: [...profile.businessAreas, ...profile.industries],
    },
  });
};

/**
 * /consultants/:id (public, ADR 090): a vetted consultant's profile, while they choose to show it
 * (listedInPublic); a 404 otherwise, the same for an id that never existed. No session; one D1
 * round trip. Never a rate, a contact or a client's name (toPublicProfile).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const profile = await loadPublicProfile(context.app, params.id ?? "");
  if (!profile) throw notFound();
  return { origin: appOrigin(context.app, request), profile };
}

export default function PublicConsultantPage() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <PublicLayout current={PUBLIC_PAGES.consultants.path}>
      <nav aria-label="Breadcrumb" className="public-breadcrumb">
        <ol>
          <li>
            <a href={PUBLIC_PAGES.consultants.path}>{PUBLIC_PAGES.consultants.navLabel}</a>
          </li>
          <li aria-current="page">{profile.name}</li>
        </ol>
      </nav>
      <div className="public-profile-head">
        {profile.photoUrl ? (
          <img src={profile.photoUrl} alt="" width={120} height={120} className="public-profile-photo" />
        ) : null}
        <div>
          <h1>{profile.name}</h1>
          <p className="public-lead">{profile.headline}</p>
          <p className="muted">{`${profile.location} · ${profile.availability}`}</p>
          <p className="public-call-actions">
            <a className="button button-primary" href={consultantRequestPath(profile.consultantId)}>
              {T.request}
            </a>
          </p>
        </div>
      </div>
      <ProfileFacts profile={profile} />
      <section className="public-section" aria-labelledby="profile-about">
        <h2 id="profile-about">About</h2>
        <p>{profile.bio}</p>
        <h3>Mission</h3>
        <p>{profile.missionStatement}</p>
      </section>
      <section className="public-section" aria-labelledby="profile-companies">
        <h2 id="profile-companies">{T.companiesWorkedWith}</h2>
        {profile.companiesWorkedWith.length === 0 ? (
          <p>{PROFILE_VIEW_TEXTS.noPastClients}</p>
        ) : (
          <ul className="public-list">
            {profile.companiesWorkedWith.map((company, index) => (
              <li key={index}>{pastClientLine(company)}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="public-section" aria-labelledby="profile-outcomes">
        <h2 id="profile-outcomes">{T.outcomes}</h2>
        {profile.outcomes.length === 0 ? (
          <p>{T.noOutcomes}</p>
        ) : (
          <ul className="public-list">
            {profile.outcomes.map((outcome, index) => (
              <li key={index}>
                {`${outcome.area} · ${outcome.type} engagement`}
                {/* Read aloud as two parts, shown as two lines. */}
                <span className="visually-hidden">, </span>
                <span className="public-list-note">{`${outcome.industry} · ${outcome.size}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="public-call" aria-labelledby="public-call-heading">
        <h2 id="public-call-heading">{T.requestTitle(profile.name)}</h2>
        <p>{T.requestSignUpLead}</p>
        <p className="public-call-actions">
          <a className="button button-primary" href={consultantRequestPath(profile.consultantId)}>
            {T.request}
          </a>
        </p>
      </section>
    </PublicLayout>
  );
}

function ProfileFacts({ profile }: { profile: PublicConsultantProfile }) {
  const facts = profileFactRows(profile, profile.rating ? ratingSummary(profile.rating) : T.ratingsTooFew);
  return (
    <dl className="public-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
