import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout, SignUpCall } from "~/components/public/public-layout";
import { NAICS_SEARCH_MAX_LENGTH, NAICS_SEARCH_MIN_LENGTH } from "~/lib/business/naics";
import { benchmarkingOfferText, PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { BENCHMARKING_PRICE_CENTS, PLANS, TRIAL_DAYS } from "~/lib/payments/plans";
import { formatMoney } from "~/lib/shared/numbers";

import { naicsIndexFromAssets, searchNaics } from "~/server/business/naics-search.server";
import { benchmarkSectors } from "~/server/benchmarking/industry-pages.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const handle = PUBLIC_PAGE_HANDLE;

/** Benchmarking's terms, from the plans' data. */
const BENCHMARKING_OFFER = benchmarkingOfferText({
  plans: [PLANS.STANDARD.displayName, PLANS.PREMIUM.displayName],
  trialDays: TRIAL_DAYS,
  yearPrice: formatMoney(BENCHMARKING_PRICE_CENTS),
});

/** Industries a search lists (the page says when there are more). */
const SEARCH_RESULTS = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicPageMeta(
    data && {
      origin: data.origin,
      path: PUBLIC_PAGES.benchmarks.path,
      title: PUBLIC_PAGES.benchmarks.title,
      description: PUBLIC_PAGES.benchmarks.description,
    },
  );

/**
 * /benchmarks (public, ADR 089): the sectors, and a search by everyday words or a code
 * (`?q=`, the NAICS index search of the business details form) leading to each industry's page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, NAICS_SEARCH_MAX_LENGTH).trim();
  const search =
    query.length >= NAICS_SEARCH_MIN_LENGTH
      ? await searchNaics(naicsIndexFromAssets(context.app.bindings.ASSETS), query, SEARCH_RESULTS)
      : null;
  return {
    origin: appOrigin(context.app, request),
    query,
    tooShort: query.length > 0 && query.length < NAICS_SEARCH_MIN_LENGTH,
    search: search && { results: search.results, total: search.total, partial: search.partial },
    sectors: benchmarkSectors(),
  };
}

export default function BenchmarksIndex() {
  const { query, tooShort, search, sectors } = useLoaderData<typeof loader>();
  return (
    <PublicLayout current={PUBLIC_PAGES.benchmarks.path}>
      <h1>Industry benchmarks</h1>
      <p className="public-lead">
        How do businesses like yours do? Census figures for every industry and firm size: revenue per employee, payroll
        per employee and payroll as a share of revenue. Free, and no account needed.
      </p>

      <form method="get" action="/benchmarks" role="search" className="public-search" aria-label="Industries">
        <label htmlFor="benchmark-search">Search by what your business does, or by NAICS code</label>
        <div className="public-search-row">
          <input
            id="benchmark-search"
            className="input"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={NAICS_SEARCH_MAX_LENGTH}
            placeholder="For example: bakery, plumber, 541611"
            aria-describedby={tooShort ? "benchmark-search-error" : undefined}
            aria-invalid={tooShort || undefined}
          />
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
        {tooShort ? (
          <p id="benchmark-search-error" className="form-error" role="alert">
            Type at least 2 characters to search.
          </p>
        ) : null}
      </form>

      {search ? (
        <section className="public-section" aria-labelledby="search-results-heading">
          <h2 id="search-results-heading">
            {search.total === 0
              ? `No industries match “${query}”`
              : search.partial
                ? `No industry matches every word of “${query}”; the closest ${search.results.length === 1 ? "match" : `${search.results.length} matches`}`
                : search.total > search.results.length
                  ? `The first ${search.results.length} of ${search.total} industries matching “${query}”`
                  : `${search.total === 1 ? "1 industry matches" : `${search.total} industries match`} “${query}”`}
          </h2>
          {search.total === 0 ? (
            <p>Try other words for what the business does, or browse the sectors below.</p>
          ) : (
            <ul className="public-list">
              {search.results.map((result) => (
                <li key={result.code}>
                  <a href={`/benchmarks/${result.code}`}>
                    {result.title} <span className="muted">(NAICS {result.code})</span>
                  </a>
                  {result.match && result.match !== result.title ? (
                    <span className="public-list-note">Includes: {result.match}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section className="public-section" aria-labelledby="sectors-heading">
        <h2 id="sectors-heading">Browse by sector</h2>
        <ul className="public-columns">
          {sectors.map((sector) => (
            <li key={sector.code}>
              <a href={`/benchmarks/${sector.code}`}>{sector.title}</a> <span className="muted">({sector.code})</span>
            </li>
          ))}
        </ul>
      </section>

      <SignUpCall
        heading="Compare your own books"
        text={`Partwise sets your figures beside your industry's and your size's, with what the gaps mean. ${BENCHMARKING_OFFER}`}
      />
    </PublicLayout>
  );
}
