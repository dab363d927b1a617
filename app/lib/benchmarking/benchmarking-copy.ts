// Every user-facing text of benchmarking, in one place (screens, API messages, emails,
// notifications). Spec §4 "Benchmarking" and the error catalogue give the fixed ones.

/** Spec §4: shown while the report is being built. */
export const BENCHMARKING_BUILDING_MESSAGE = "Building your benchmarking data... This might take a while";
/** Spec §6 error catalogue: benchmarking creation error. */
export const BENCHMARKING_ERROR_MESSAGE = "An error has occurred... Please try again later";
// The congratulations card and the cancel message live with the other payment texts
// (app/lib/payments/payment-copy.ts).

// ===== engine (H1) =====
// ===== end engine (H1) =====

// ===== books (H2) =====
// ===== end books (H2) =====

// ===== server (H3) =====
/** POST /api/benchmarking/create without a bought year or a plan that includes benchmarking. */
export const BENCHMARKING_NOT_UNLOCKED_MESSAGE =
  "Benchmarking for this year is not unlocked. Buy it, or choose a plan that includes it.";
/** A job's lastError when its message could not be queued (the next start retries). */
export const BENCHMARKING_START_FAILED_MESSAGE = "The benchmarking build could not be queued.";
/** The job's lastError when the business has no access to the job's year any more. */
export const BENCHMARKING_NO_ACCESS_ERROR = "The business has no benchmarking for this year.";
/** The owner's notification and email once the year's report is built. */
export const benchmarkingReadyNotice = (year: number, peerGroup: string) => ({
  title: `Your ${year} benchmarking is ready`,
  body: `See how your business compares with ${peerGroup}.`,
  action: "View benchmarking",
});
/** The owner's notification and email when the year's report was rebuilt from changed books. */
export const benchmarkingUpdatedNotice = (year: number, peerGroup: string) => ({
  title: `Your ${year} benchmarking is updated`,
  body: `Your benchmarking was rebuilt from your latest books. See how your business compares with ${peerGroup}.`,
  action: "View benchmarking",
});
export const BENCHMARKING_NOTICE_FOOTER = "You receive this email because benchmarking is on for your business.";
// ===== end server (H3) =====

// ===== screens (H4) =====
// ===== end screens (H4) =====
