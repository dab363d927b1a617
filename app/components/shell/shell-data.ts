import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "../../routes/_app";

export type ShellData = {
  user: { firstName: string; lastName: string; email: string };
  business: { name: string; memberTier: string; paymentPastDue: boolean };
};

/** What the `_app` layout loaded for the signed-in client: only what the shell and pages show. */
export function useShellData(): ShellData {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) throw new Error("useShellData must be used inside the _app layout.");
  return data as ShellData;
}
