import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout, SignUpCall } from "~/components/public/public-layout";
import { SizeBarChart } from "~/components/public/size-bar-chart";
import { CPI_CURRENT_YEAR } from "~/lib/benchmarking/benchmarks";
import { businessSignUpPath } from "~/lib/business/naics";
import type { PeerFigure } from "~/lib/benchmarking/report";
import { formatDollars, formatNumber, formatPercent } from "~/lib/shared/numbers";
import { benchmarkingOfferText, PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { BENCHMARKING_PRICE_CENTS, PLANS, TRIAL_DAYS } from "~/lib/payments/plans";
import { formatMoney } from "~/lib/shared/numbers";

import { PAGE_MEASURE_LABELS, PAGE_MEASURES, type PageMeasure } from "~/lib/benchmarking/industry-page";
import { industryBenchmarkPage, publicReferenceData } from "~/server/benchmarking/industry-pages.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const handle = PUBLIC_PAGE_HANDLE;

/** Benchmarking's terms, from the plans' data. */
const BENCHMARKING_OFFER = benchmarkingOfferText({
  plans: [PLANS.STANDARD.displayName, PLANS.PREMIUM.displayName],
  trialDays: TRIAL_DAYS,
  yearPrice: formatMoney(BENCHMARKING_PRICE_CENTS),
});

/** The page's address of a code. */
const pagePath = (code: string) => `${PUBLIC_PAGES.benchmarks.path}/${code}`;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return publicPageMeta(null);
  const { page, origin } = data;
  const rpe = page.figures.revenuePerEmployee.published;
  return publicPageMeta({
    origin,
    path: pagePath(page.code),
    title: `${page.title} (NAICS ${page.code}): revenue per employee and payroll benchmarks`,
    description:
      rpe === null
        ? `Census benchmarks for ${page.title} (NAICS ${page.code}): payroll, firm sizes and the figures of its industry.`
        : `Average revenue per employee for ${page.compared.name}: ${formatDollars(rpe)} in ${page.figures.revenuePerEmployee.year} (U.S. Census). Payroll share, average pay and figures by firm size.`,
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Dataset",
      name: `Industry benchmarks for ${page.title} (NAICS ${page.code})`,
      description: `Revenue per employee, payroll per employee, payroll as a share of revenue and firm sizes for ${page.compared.name}, from the ${page.compared.source.name}.`,
      url: `${origin}${pagePath(page.code)}`,
      creator: { "@type": "Organization", name: "U.S. Census Bureau" },
      temporalCoverage: String(page.compared.source.year),
      isAccessibleForFree: true,
    },
  });
};

/**
 * /benchmarks/:code (public, ADR 089): one 2022 NAICS code's benchmarks. 404 for a code the 2022
 * NAICS does not have. No session, no database: the reference data of the deploy.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ref = await publicReferenceData(context.app);
  const page = industryBenchmarkPage(ref, params.code ?? "");
  if (!page) throw new Response("Not found", { status: 404 });
  return { origin: appOrigin(context.app, request), page };
}

function shown(figure: PeerFigure, measure: PageMeasure): string {
  if (figure.published === null) return "Not published";
  if (measure === "payrollShare") return formatPercent(figure.published);
  if (measure === "employees") return formatNumber(figure.published, 2);
  return formatDollars(figure.published);
}

/** "1 to 4 employees" from Census's "Firms with 1 to 4 employees" (the column says firm size). */
const sizeLabel = (label: string) => {
  const rest = label.replace(/^Firms with /, "");
  return rest.charAt(0).toUpperCase() + rest.slice(1);
};

function today(figure: PeerFigure, measure: PageMeasure): string {
  if (figure.value === null || measure === "payrollShare" || measure === "employees") return "";
  return formatDollars(figure.value);
}

export default function IndustryBenchmarks() {
  const { page } = useLoaderData<typeof loader>();
  const { compared, figures, bySize } = page;
  const year = figures.revenuePerEmployee.year;
  return (
    <PublicLayout>
      <nav aria-label="Breadcrumb" className="public-breadcrumb">
        <ol>
          <li>
            <a href={PUBLIC_PAGES.benchmarks.path}>Industry benchmarks</a>
          </li>
          {page.parents.map((parent) => (
            <li key={parent.code}>
              <a href={pagePath(parent.code)}>{parent.title}</a>
            </li>
          ))}
          <li aria-current="page">{page.title}</li>
        </ol>
      </nav>
      <h1>
        {page.title} <span className="public-code">NAICS {page.code}</span>
      </h1>
      <p className="public-lead">
        What the average firm in {compared.name} takes in and pays per employee, from the U.S. Census Bureau.
        {compared.firms !== null ? ` ${formatNumber(compared.firms)} employer firms.` : ""}
      </p>
      {page.note ? (
        <p className="notice" role="note">
          {page.note}
        </p>
      ) : null}

      <section className="public-section" aria-labelledby="measures-heading">
        <h2 id="measures-heading">The averages</h2>
        <p id="averages-caption" className="public-table-caption">
          {compared.name}, all employer firms, {year}. Dollars of {year}; the last column restates them in{" "}
          {CPI_CURRENT_YEAR} dollars (CPI-U).
        </p>
        <div className="table-scroll" role="region" aria-labelledby="averages-caption" tabIndex={0}>
          <table className="public-table" aria-labelledby="averages-caption">
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col">Average, {year}</th>
                <th scope="col">In {CPI_CURRENT_YEAR} dollars</th>
              </tr>
            </thead>
            <tbody>
              {PAGE_MEASURES.map((measure) => (
                <tr key={measure}>
                  <th scope="row">{PAGE_MEASURE_LABELS[measure]}</th>
                  <td>{shown(figures[measure], measure)}</td>
                  <td>{today(figures[measure], measure)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">
          Source: {compared.source.name}, {compared.source.year} (NAICS {compared.source.naicsEdition}). Census
          publishes totals, so each figure is the average of the firms; a figure Census withholds is marked “Not
          published”.
        </p>
      </section>

      {bySize ? (
        <section className="public-section" aria-labelledby="sizes-heading">
          <h2 id="sizes-heading">By firm size</h2>
          <p>
            Revenue per employee in {bySize.sectorName} by the number of employees a firm has, {bySize.source.year}.
          </p>
          <SizeBarChart
            caption={`Revenue per employee by firm size, ${bySize.source.year} (dollars of ${bySize.source.year})`}
            bars={bySize.rows.map((row) => ({
              label: sizeLabel(row.label),
              value: row.figures.revenuePerEmployee.published,
              text: shown(row.figures.revenuePerEmployee, "revenuePerEmployee"),
            }))}
          />
          <p id="sizes-caption" className="public-table-caption">
            {bySize.sectorName} by firm size, {bySize.source.year} (dollars of {bySize.source.year})
          </p>
          <div className="table-scroll" role="region" aria-labelledby="sizes-caption" tabIndex={0}>
            <table className="public-table" aria-labelledby="sizes-caption">
              <thead>
                <tr>
                  <th scope="col">Firm size</th>
                  <th scope="col">Share of firms</th>
                  <th scope="col">{PAGE_MEASURE_LABELS.revenuePerEmployee}</th>
                  <th scope="col">{PAGE_MEASURE_LABELS.payrollPerEmployee}</th>
                  <th scope="col">{PAGE_MEASURE_LABELS.payrollShare}</th>
                </tr>
              </thead>
              <tbody>
                {bySize.rows.map((row) => (
                  <tr key={row.sizeClass}>
                    <th scope="row">{sizeLabel(row.label)}</th>
                    <td>{row.firmShare === null ? "Not published" : formatPercent(row.firmShare)}</td>
                    <td>{shown(row.figures.revenuePerEmployee, "revenuePerEmployee")}</td>
                    <td>{shown(row.figures.payrollPerEmployee, "payrollPerEmployee")}</td>
                    <td>{shown(row.figures.payrollShare, "payrollShare")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">
            Source: {bySize.source.name}, {bySize.source.year}. Firms with no employees have no revenue per employee.
          </p>
        </section>
      ) : null}

      {page.children.length > 0 ? (
        <section className="public-section" aria-labelledby="children-heading">
          <h2 id="children-heading">Industries within {page.title}</h2>
          <ul className="public-columns">
            {page.children.map((child) => (
              <li key={child.code}>
                <a href={pagePath(child.code)}>{child.title}</a> <span className="muted">({child.code})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <SignUpCall
        heading="Compare your own books"
        href={businessSignUpPath(page.code.length === 6 ? page.code : null)}
        text={`See where your business stands against ${compared.name}: Partwise sets your figures beside these, by your size, with what the gaps mean. ${BENCHMARKING_OFFER}`}
      />
    </PublicLayout>
  );
}
