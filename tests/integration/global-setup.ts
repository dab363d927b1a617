import type { TestProject } from "vitest/node";
import { startIntuitStub } from "../support/intuit-stub";
import { startStripeStub } from "../support/stripe-stub";
import { bundleServerBuild } from "./server-bundle";

/**
 * Runs in Node before the integration project: bundles the server build for workerd
 * (./server-bundle.ts), starts the Intuit and Stripe stubs on 127.0.0.1 and hands their URLs to the tests (`inject("intuitStubUrl")`, `inject("stripeStubUrl")`, typed in
 * tests/integration/env.d.ts). The returned teardown closes them, destroying open sockets and
 * pending slow answers.
 */
export default async function setup(project: TestProject) {
  const [intuit, stripe] = await Promise.all([startIntuitStub(), startStripeStub(), bundleServerBuild()]);
  project.provide("intuitStubUrl", intuit.url);
  project.provide("stripeStubUrl", stripe.url);
  return async () => {
    await Promise.all([intuit.close(), stripe.close()]);
  };
}
