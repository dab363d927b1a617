import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout, SignUpCall } from "~/components/public/public-layout";
import { PUBLIC_PROFILE_TEXTS as T, publicProfilePath } from "~/lib/consultants/public-profile";
import { areaLabel, MATCH_AREA_OPTIONS } from "~/lib/matching/match-schemas";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { listPublicProfiles } from "~/server/consultants/public-profiles.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const handle = PUBLIC_PAGE_HANDLE;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicPageMeta(data ? { origin: data.origin, ...PUBLIC_PAGES.consultants } : null);

/**
 * /consultants (public, ADR 090): the vetted consultants who chose to show their profiles, by
 * name; `?area=` keeps those who work in one business area (another value is a 404, so no
 * invented address makes a copy of its own in the edge cache). One D1 read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("area") ?? "";
  const area = MATCH_AREA_OPTIONS.find((option) => option.key === raw)?.key ?? null;
  if (raw !== "" && !area) throw new Response("Not found", { status: 404 });
  const consultants = await listPublicProfiles(context.app, area);
  return { origin: appOrigin(context.app, request), area, consultants };
}

export default function PublicConsultants() {
  const { area, consultants } = useLoaderData<typeof loader>();
  return (
    <PublicLayout current={PUBLIC_PAGES.consultants.path}>
      <h1>{T.indexTitle}</h1>
      <p className="public-lead">{T.indexLead}</p>

      <form method="get" action={PUBLIC_PAGES.consultants.path} className="public-search" aria-label="Consultants">
        <label htmlFor="consultant-area">Business area</label>
        <div className="public-search-row">
          <select id="consultant-area" name="area" className="input" defaultValue={area ?? ""}>
            <option value="">All areas</option>
            {MATCH_AREA_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-primary">
            Show
          </button>
        </div>
      </form>

      <section className="public-section" aria-labelledby="consultants-heading">
        <h2 id="consultants-heading">
          {area
            ? `${consultants.length === 1 ? "1 consultant" : `${consultants.length} consultants`} in ${areaLabel(area)}`
            : `${consultants.length === 1 ? "1 consultant" : `${consultants.length} consultants`}`}
        </h2>
        {consultants.length === 0 ? (
          <p>{area ? T.noneInArea : T.noneListed}</p>
        ) : (
          <ul className="public-consultants">
            {consultants.map((consultant) => (
              <li key={consultant.consultantId} className="public-consultant-card">
                {consultant.photoUrl ? (
                  <img src={consultant.photoUrl} alt="" width={72} height={72} className="public-consultant-photo" />
                ) : (
                  <span className="public-consultant-photo public-consultant-initials" aria-hidden="true">
                    {consultant.initials}
                  </span>
                )}
                <div>
                  <h3>
                    <a href={publicProfilePath(consultant.consultantId)}>{consultant.name}</a>
                  </h3>
                  <p className="public-consultant-headline">{consultant.headline}</p>
                  <p className="muted">{`${consultant.location} · ${consultant.yearsOfExperience} years of experience`}</p>
                  <p className="muted">{consultant.businessAreas.join(", ")}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <SignUpCall
        heading="Not sure who you need?"
        text="Create an account and tell us what you need help with: matching ranks every vetted consultant for it, and an engagement manager proposes the right one."
      />
    </PublicLayout>
  );
}
