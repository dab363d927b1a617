// The public pages' addresses and link labels (ADR 089), apart from their titles and descriptions
// (public-pages.ts), so the login screen's links cost its JavaScript only these few words.

export const PUBLIC_LINKS = {
  howItWorks: { path: "/how-it-works", navLabel: "How it works" },
  pricing: { path: "/pricing", navLabel: "Pricing" },
  benchmarks: { path: "/benchmarks", navLabel: "Industry benchmarks" },
  consultants: { path: "/consultants", navLabel: "Consultants" },
  vetting: { path: "/how-we-vet-consultants", navLabel: "How we vet consultants" },
  forConsultants: { path: "/for-consultants", navLabel: "For consultants" },
  terms: { path: "/api/agreements/terms-and-conditions/", navLabel: "Terms and Conditions" },
  privacy: { path: "/api/agreements/privacy-policy/", navLabel: "Privacy Policy" },
} as const;

export type PublicLink = { path: string; navLabel: string };

/** The pages the public header and the login screen link to, in order. */
export const PUBLIC_NAV: readonly PublicLink[] = [
  PUBLIC_LINKS.howItWorks,
  PUBLIC_LINKS.pricing,
  PUBLIC_LINKS.consultants,
  PUBLIC_LINKS.benchmarks,
  PUBLIC_LINKS.forConsultants,
];
