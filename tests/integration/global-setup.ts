import type { TestProject } from "vitest/node";
import { startIntuitStub } from "../support/intuit-stub";

/**
 * Runs in Node before the integration project: starts the Intuit stub on 127.0.0.1 and hands its
 * URL to the tests (`inject("intuitStubUrl")`, typed in tests/integration/env.d.ts). The returned
 * teardown closes it, destroying open sockets and pending slow answers.
 */
export default async function setup(project: TestProject) {
  const stub = await startIntuitStub();
  project.provide("intuitStubUrl", stub.url);
  return () => stub.close();
}
