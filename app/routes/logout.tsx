import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { forgetRequestedConsultant } from "~/http/requested-consultant.server";
import { signOut } from "~/server/identity/auth.server";

/**
 * POST only: ends the session and goes to /login (spec §4). A consultant chosen on a public
 * profile on this device is forgotten too: the next person to sign in here did not choose them.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await signOut(context.app, request);
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", forgetRequestedConsultant());
  throw redirect("/login", { headers });
}

/** A GET never signs anyone out (a link or prefetch must not end a session). */
export async function loader() {
  throw redirect("/");
}
