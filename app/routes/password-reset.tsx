import type { MetaFunction } from "@remix-run/cloudflare";
import { PasswordResetScreen } from "~/components/identity/password-reset-screen";

export {
  passwordResetAction as action,
  passwordResetLoader as loader,
} from "~/server/identity/password-reset-page.server";

export const meta: MetaFunction = () => [{ title: "Reset your password | Partwise" }];

export default PasswordResetScreen;
