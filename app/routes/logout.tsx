import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signedOutHeaders } from "~/http/requested-consultant.server";
import { signOut } from "~/server/identity/auth.server";

/** POST only: ends the session and goes to /login (spec §4), forgetting a consultant chosen on this device. */
export async function action({ request, context }: ActionFunctionArgs) {
  throw redirect("/login", { headers: signedOutHeaders(await signOut(context.app, request)) });
}

/** A GET never signs anyone out (a link or prefetch must not end a session). */
export async function loader() {
  throw redirect("/");
}
