import { TermsAndConditions } from "~/components/legal/terms-and-conditions";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMetaOf } from "~/lib/shared/public-pages";
import { publicPageLoader } from "~/http/public-page.server";

/** /api/agreements/terms-and-conditions/ (spec §2): the Terms and Conditions as a readable page. Public (ADR 089): no session, no scripts, cached at the edge. */
export const handle = PUBLIC_PAGE_HANDLE;

export const meta = publicPageMetaOf(PUBLIC_PAGES.terms);

export const loader = publicPageLoader;

export default TermsAndConditions;
