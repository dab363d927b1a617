// The public face (issue #42, ADR 089): pages a visitor reads without an account. They carry no
// session and no JavaScript, so the edge caches one copy for everyone
// (app/http/public-cache.server.ts). One list names them for the navigation, the footer
// and the sitemap; their meta tags come from publicPageMeta.
import type { MetaDescriptor, MetaFunction } from "@remix-run/cloudflare";
import { PUBLIC_LINKS } from "./public-links";

export { PUBLIC_PAGE_HANDLE } from "./public-page-handle";

export type PublicPage = { path: string; title: string; navLabel: string; description: string };

export { PUBLIC_NAV } from "./public-links";

/** The public information pages, in the navigation's order. */
export const PUBLIC_PAGES = {
  howItWorks: {
    ...PUBLIC_LINKS.howItWorks,
    title: "How Partwise works: diagnose, match, plan, deliver, measure",
    description:
      "Partwise connects small and mid-size businesses with vetted fractional consultants: your books diagnose the issue, an engagement manager matches the consultant, and you pay per deliverable.",
  },
  pricing: {
    ...PUBLIC_LINKS.pricing,
    title: "Pricing: membership plans and the platform fee",
    description:
      "Partwise membership plans for businesses, monthly or yearly, with what each includes, and the platform fee on engagements.",
  },
  benchmarks: {
    ...PUBLIC_LINKS.benchmarks,
    title: "Free industry benchmarks: revenue per employee, payroll share and firm sizes",
    description:
      "Census figures for every industry and firm size: revenue per employee, payroll as a share of revenue and average pay, free for every NAICS code.",
  },
  consultants: {
    ...PUBLIC_LINKS.consultants,
    title: "Vetted fractional consultants",
    description:
      "Fractional consultants vetted by Partwise's engagement managers: their areas, industries, experience and the engagements they completed. Ask for one by name.",
  },
  vetting: {
    ...PUBLIC_LINKS.vetting,
    title: "How Partwise vets its consultants",
    description:
      "Every Partwise consultant is reviewed by an engagement manager before they meet a client: the application, the profile, vetting, and every plan.",
  },
  forConsultants: {
    ...PUBLIC_LINKS.forConsultants,
    title: "For consultants: fractional work with small and mid-size businesses",
    description:
      "Work with businesses that have already diagnosed their issue: prepaid deliverables, payouts after approval, and an engagement manager beside you.",
  },
  terms: {
    ...PUBLIC_LINKS.terms,
    title: "Terms and Conditions",
    description: "The agreement between your business and Partwise.",
  },
  privacy: {
    ...PUBLIC_LINKS.privacy,
    title: "Privacy Policy",
    description: "How Partwise collects, uses, shares and protects information.",
  },
} as const satisfies Record<string, PublicPage>;

/** Every information page (the sitemap lists them, then the benchmark pages). */
export const PUBLIC_INFO_PAGES: readonly PublicPage[] = Object.values(PUBLIC_PAGES);

/** The site's name in titles and Open Graph. */
export const SITE_NAME = "Partwise";

/** The Open Graph image every public page shares (public/og-image.png, 1200×630; made once from the brand with headless Chromium). */
export const OG_IMAGE_PATH = "/og-image.png";

export type PageMetaInput = {
  /** The app's origin (APP_URL, else the request's), so canonical and Open Graph links are absolute. */
  origin: string;
  path: string;
  title: string;
  description: string;
  /** JSON-LD structured data for the page, when it has any. */
  structuredData?: Record<string, unknown>;
};

/**
 * The meta tags of a public page: title, description, canonical link, Open Graph and Twitter
 * card, and its structured data. A missing origin (an error page) gives the title alone.
 */
export function publicPageMeta(input: PageMetaInput | null | undefined): MetaDescriptor[] {
  if (!input) return [{ title: SITE_NAME }];
  const url = `${input.origin}${input.path}`;
  const title = `${input.title} | ${SITE_NAME}`;
  const image = `${input.origin}${OG_IMAGE_PATH}`;
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: "Partwise: fractional consultants for small and mid-size businesses" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(input.structuredData ? [{ "script:ld+json": input.structuredData }] : []),
  ];
}

/** The meta function of an information page whose loader gives its origin (publicPageLoader). */
export function publicPageMetaOf(page: PublicPage, structuredData?: (origin: string) => Record<string, unknown>) {
  const meta: MetaFunction<() => { origin: string }> = ({ data }) =>
    publicPageMeta(data && { origin: data.origin, ...page, structuredData: structuredData?.(data.origin) });
  return meta;
}

/**
 * What comparing your own books takes, said where the public pages offer it: benchmarking comes
 * with the paid plans (and their trial) or on its own for a year (app/lib/payments/plans.ts).
 */
export function benchmarkingOfferText(input: { plans: string[]; trialDays: number; yearPrice: string }) {
  return `Create a free account and connect QuickBooks; benchmarking comes with the ${input.plans.join(" and ")} plans (each with a ${input.trialDays}-day free trial) or on its own at ${input.yearPrice} a year.`;
}
