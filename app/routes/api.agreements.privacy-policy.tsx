import type { MetaFunction } from "@remix-run/cloudflare";
import { PRIVACY_POLICY_TITLE, PrivacyPolicy } from "~/components/legal/privacy-policy";

/** /api/agreements/privacy-policy/ (spec §2): the Privacy Policy as a readable page. Public. */
export const meta: MetaFunction = () => [
  { title: `${PRIVACY_POLICY_TITLE} | Partwise` },
  { name: "description", content: "How Partwise collects, uses, shares and protects information." },
];

export default PrivacyPolicy;
