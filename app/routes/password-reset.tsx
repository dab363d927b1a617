import type { MetaFunction } from "@remix-run/cloudflare";
import { PasswordResetScreen } from "../components/auth/password-reset-screen";

export { passwordResetAction as action, passwordResetLoader as loader } from "../components/auth/password-reset.server";

export const meta: MetaFunction = () => [{ title: "Reset your password | Partwise" }];

export default PasswordResetScreen;
