import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOut } from "~/server/identity/auth.server";

/** POST only: ends the session and goes to /login (spec §4). */
export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await signOut(context.app, request);
  throw redirect("/login", { headers: { "Set-Cookie": cookie } });
}

/** A GET never signs anyone out (a link or prefetch must not end a session). */
export async function loader() {
  throw redirect("/");
}
