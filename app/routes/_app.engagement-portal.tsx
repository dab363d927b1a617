import { redirect } from "@remix-run/cloudflare";

/** /engagement-portal: engagements live in the Engagements tab of /features for now. */
export async function loader() {
  throw redirect("/features?focus=Engagements");
}
