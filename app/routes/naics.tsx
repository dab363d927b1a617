import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { NAICS_SEARCH_MAX_LENGTH } from "~/lib/business/naics";
import { naicsIndexFromAssets, searchNaics } from "~/server/business/naics-search.server";
import { Field } from "~/components/ui/field";

export const meta: MetaFunction = () => [{ title: "NAICS code lookup | Partwise" }];

/** Results shown per search; the page says when there are more. */
const PAGE_SIZE = 50;
/** Wait this long after the last keystroke before searching as you type. */
const DEBOUNCE_MS = 250;
/** Longest query considered (the longest 2022 title or index description is well under this). */
const MAX_QUERY_LENGTH = NAICS_SEARCH_MAX_LENGTH;

/**
 * /naics: Partwise's own directory of the 2022 NAICS six-digit industries (public; the business
 * details form links here). GET ?q= searches by words (titles and the Census index entries) or
 * by a code prefix; works without JS.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  const source = naicsIndexFromAssets(context.app.bindings.ASSETS);
  const { results, total, partial } = await searchNaics(source, query, PAGE_SIZE);
  return { query, results, total, partial };
}

type SearchData = Awaited<ReturnType<typeof loader>>;

export default function NaicsDirectory() {
  const loaderData = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof loader>();
  const [query, setQuery] = useState(loaderData.query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  const { load } = fetcher;

  // A full navigation (the form submitted with Enter, back/forward) brings its own query.
  useEffect(() => setQuery(loaderData.query), [loaderData.query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onQueryChange(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      load(`/naics?q=${encodeURIComponent(value.trim().slice(0, MAX_QUERY_LENGTH))}`);
    }, DEBOUNCE_MS);
  }

  const fetched = fetcher.data as SearchData | undefined;
  const data: SearchData = fetched && fetched.query === query.trim() ? fetched : loaderData;
  const searching = fetcher.state === "loading";

  return (
    <PlainLayout>
      <div className="naics-page stack">
        <p>
          <Link to="/">Back to Partwise</Link>
        </p>
        <header>
          <h1>NAICS code lookup</h1>
          <p className="muted">
            Find the six-digit 2022 NAICS code for your business by what it does (for example “coffee shop” or
            “plumber”), then enter it in your business details.
          </p>
        </header>

        <Form method="get" role="search" className="naics-search card" aria-label="NAICS industries">
          <Field id={inputId} label="Search by keyword or code">
            {(control) => (
              <div className="naics-search-row">
                <input
                  {...control}
                  className="input"
                  type="search"
                  name="q"
                  value={query}
                  onChange={(event) => onQueryChange(event.currentTarget.value)}
                  maxLength={MAX_QUERY_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="e.g. coffee shop or 4591"
                />
                <button type="submit" className="button button-primary">
                  Search
                </button>
              </div>
            )}
          </Field>
        </Form>

        <section className="naics-results" aria-labelledby="naics-results-title" aria-busy={searching}>
          <h2 id="naics-results-title" className="visually-hidden">
            Results
          </h2>
          <div aria-live="polite">
            <ResultsSummary data={data} />
          </div>
          {data.results.length > 0 ? (
            <ul className="naics-list">
              {data.results.map((industry) => (
                <li key={industry.code} className="naics-item">
                  <span className="naics-code">{industry.code}</span>
                  <span className="naics-title">{industry.title}</span>
                  {industry.match ? <span className="naics-match">{`Includes: ${industry.match}`}</span> : null}
                  <span className="naics-sector muted">
                    {`Sector ${industry.sector.code}: ${industry.sector.title}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className="card naics-about" aria-labelledby="naics-about-title">
          <h2 id="naics-about-title">What is NAICS?</h2>
          <p>
            The North American Industry Classification System (NAICS) is the standard that US, Canadian and Mexican
            statistical agencies use to classify businesses by what they do. Each national industry has a six-digit
            code: the first two digits name the sector (for example 44-45 Retail Trade) and each further digit narrows
            it down.
          </p>
          <p className="muted">
            Partwise uses the 2022 edition published by the US Census Bureau, with its 1,012 six-digit industries. Your
            code helps us match you with consultants and compare your business with similar ones.
          </p>
        </section>
      </div>
    </PlainLayout>
  );
}

function ResultsSummary({ data }: { data: SearchData }) {
  if (data.query === "") {
    return (
      <p className="empty-state">
        Type what your business does, such as “bakery” or “hair salon”, or the first digits of a code.
      </p>
    );
  }
  if (data.partial) {
    return (
      <p className="naics-count">
        {`No industry matches every word of “${data.query}”. Closest matches (${Math.min(data.total, data.results.length)} shown):`}
      </p>
    );
  }
  if (data.total === 0) {
    return (
      <p className="empty-state">
        {`No 2022 NAICS industries match “${data.query}”. Try fewer or shorter words, or fewer digits.`}
      </p>
    );
  }
  const noun = data.total === 1 ? "industry matches" : "industries match";
  return (
    <p className="naics-count">
      {`${data.total} ${noun} “${data.query}”`}
      {data.total > data.results.length
        ? `; showing the first ${data.results.length}. Add words to narrow it down.`
        : "."}
    </p>
  );
}
