import type { MetaFunction } from "@remix-run/cloudflare";
import { TERMS_TITLE, TermsAndConditions } from "~/components/legal/terms-and-conditions";

/** /api/agreements/terms-and-conditions/ (spec §2): the Terms and Conditions as a readable page. Public. */
export const meta: MetaFunction = () => [
  { title: `${TERMS_TITLE} | Partwise` },
  { name: "description", content: "The agreement between your business and Partwise." },
];

export default TermsAndConditions;
