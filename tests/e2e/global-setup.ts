import type { TestProject } from "vitest/node";
import { CHROMIUM_MISSING, findChromium, startE2EServer } from "../../scripts/lib/e2e-server.mjs";
import { stopD1Writers } from "./engagements/d1-writers";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    /** The local D1/R2 state of the server under test, for tests that start mid-flow (tests/e2e/engagements/d1.ts). */
    persistTo: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error(CHROMIUM_MISSING);
  project.provide("chromiumPath", chromiumPath);

  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide("baseURL", given.replace(/\/$/, ""));
    const persistTo = process.env.E2E_PERSIST_TO ?? "";
    project.provide("persistTo", persistTo);
    return () => stopD1Writers(persistTo);
  }
  const server = await startE2EServer();
  project.provide("baseURL", server.baseURL);
  project.provide("persistTo", server.persistTo);
  return async () => {
    stopD1Writers(server.persistTo);
    await server.stop();
  };
}
