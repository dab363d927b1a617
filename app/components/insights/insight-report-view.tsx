import type { ReactNode } from "react";

export type InsightReportContent = {
  /** The business area as shown, e.g. "Marketing" or "HR". */
  category: string;
  title: string;
  summary: string;
  /** One entry per recommendation (see recommendationLines). */
  recommendations: string[];
};

/**
 * A delivered insight as the business reads it on /insight-discovery: the category and title, the
 * summary (blank lines start paragraphs) and the recommendations, with a side column beside it.
 * The engagement manager's publish preview renders this same component, so what is confirmed is
 * what the client gets; each page brings its own side column.
 */
export function InsightReportView({ report, aside }: { report: InsightReportContent; aside: ReactNode }) {
  return (
    <>
      <header className="page-header">
        <div>
          <p className="eyebrow">{report.category}</p>
          <h1>{report.title}</h1>
        </div>
      </header>
      <div className="discovery-layout">
        <article className="card discovery-report" aria-labelledby="discovery-summary-title">
          <h2 id="discovery-summary-title" className="card-title">
            Summary
          </h2>
          {report.summary
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean)
            .map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          {report.recommendations.length ? (
            <>
              <h2 className="card-title">Recommendations</h2>
              <ul className="discovery-recommendations">
                {report.recommendations.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
        </article>
        {aside}
      </div>
    </>
  );
}
