import { Link } from "@remix-run/react";
import { DashboardCard } from "~/components/dashboard/dashboard-card";
import {
  BENCHMARKING_CARD_TEXT,
  BENCHMARKING_OPEN_BUTTON,
  BENCHMARKING_TITLE,
  benchmarkingBuyText,
  benchmarkingIncludedText,
} from "~/lib/benchmarking/benchmarking-copy";
import type { BenchmarkingPageView } from "~/lib/benchmarking/report-types";

/** The parts of the page view the tab and the card read. */
export type BenchmarkingSummaryView = Pick<
  BenchmarkingPageView,
  "year" | "access" | "planName" | "trialEndsAt" | "priceLabel" | "status"
> & { peerGroup: string | null };

export function benchmarkingSummary(view: BenchmarkingPageView): BenchmarkingSummaryView {
  return {
    year: view.year,
    access: view.access,
    planName: view.planName,
    trialEndsAt: view.trialEndsAt,
    priceLabel: view.priceLabel,
    status: view.status,
    peerGroup: view.report?.peerGroup.name ?? null,
  };
}

function SummaryLines({ summary }: { summary: BenchmarkingSummaryView }) {
  return (
    <>
      <p>{BENCHMARKING_CARD_TEXT[summary.status]}</p>
      {summary.status === "ready" && summary.peerGroup ? (
        <p className="bench-summary-peers">{`Compared with ${summary.peerGroup}.`}</p>
      ) : null}
      {summary.status === "none" ? (
        <p className="console-muted">
          {summary.access === "included"
            ? benchmarkingIncludedText(summary.planName, summary.year, summary.trialEndsAt)
            : benchmarkingBuyText(summary.priceLabel, summary.year)}
        </p>
      ) : null}
    </>
  );
}

/** The Benchmarking tab of /features: where the year stands, and the way to /benchmarking. */
export function BenchmarkingFeature({ summary }: { summary: BenchmarkingSummaryView }) {
  return (
    <div className="bench-summary stack">
      <SummaryLines summary={summary} />
      <p>
        <Link to="/benchmarking" className="button button-primary">
          {BENCHMARKING_OPEN_BUTTON}
        </Link>
      </p>
    </div>
  );
}

/** The dashboard's Benchmarking card: a click goes to its feature page (spec §2 card clicks). */
export function BenchmarkingCard({ summary }: { summary: BenchmarkingSummaryView }) {
  return (
    <DashboardCard id="benchmarking-card" title={BENCHMARKING_TITLE} to="/features?focus=Benchmarking">
      <SummaryLines summary={summary} />
    </DashboardCard>
  );
}
