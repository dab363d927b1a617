import type { TestProject } from "vitest/node";
import { CHROMIUM_MISSING, findChromium, startE2EServer } from "../../scripts/lib/e2e-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error(CHROMIUM_MISSING);
  project.provide("chromiumPath", chromiumPath);

  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide("baseURL", given.replace(/\/$/, ""));
    return;
  }
  const server = await startE2EServer();
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}
