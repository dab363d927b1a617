import { PrivacyPolicy } from "~/components/legal/privacy-policy";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMetaOf } from "~/lib/shared/public-pages";
import { publicPageLoader } from "~/http/public-page.server";

/** /api/agreements/privacy-policy/ (spec §2): the Privacy Policy as a readable page. Public (ADR 089): no session, no scripts, cached at the edge. */
export const handle = PUBLIC_PAGE_HANDLE;

export const meta = publicPageMetaOf(PUBLIC_PAGES.privacy);

export const loader = publicPageLoader;

export default PrivacyPolicy;
