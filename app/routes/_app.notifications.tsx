import { redirect } from "@remix-run/cloudflare";

/** /notifications has no screen of its own (spec §2): the dashboard's Notifications card shows them. */
export async function loader() {
  throw redirect("/dashboard");
}
