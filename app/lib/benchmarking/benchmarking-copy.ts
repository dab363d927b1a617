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
// ===== end server (H3) =====

// ===== screens (H4) =====
// ===== end screens (H4) =====
