import type { MetaFunction } from "@remix-run/cloudflare";
import { LoginScreen } from "~/components/identity/login-screen";

export { loginAction as action, loginHeaders as headers, loginLoader as loader } from "~/server/identity/login.server";

export const meta: MetaFunction = () => [{ title: "Sign in | Partwise" }];

export default LoginScreen;
