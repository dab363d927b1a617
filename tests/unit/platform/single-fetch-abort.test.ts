import * as commonJs from "@remix-run/react/dist/single-fetch.js";
// @ts-expect-error the browser's (ES module) build has no types of its own: dist/single-fetch.d.ts
import * as esModule from "@remix-run/react/dist/esm/single-fetch.js";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The @remix-run/react patch (ADR 042, "The patches"): a data request the browser gives up while
 * its body is still arriving (the person clicked on, so the router aborted the revalidation) is
 * an abort, not a failure. Unpatched, Remix wrote the AbortError to the console as an error
 * ("AbortError: signal is aborted without reason", met in the browser tests) before the router
 * rightly ignored the aborted request.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fetcher load of one route through Remix's single-fetch strategy, answered by `respond`. */
async function loadThroughSingleFetch(build: typeof commonJs, request: Request, respond: () => Response) {
  // The browser's window as far as Remix reads it: its origin, and the globals turbo-stream builds with.
  vi.stubGlobal("window", Object.assign(Object.create(globalThis), { location: { origin: "https://partwise.test" } }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => respond()),
  );
  const strategy = build.getSingleFetchDataStrategy({ routes: {} } as never, {} as never, () => ({}) as never);
  const match = {
    shouldLoad: true,
    route: { id: "routes/_app.dashboard" },
    resolve: async (load: (handler: (run: () => unknown) => unknown) => Promise<unknown>) => ({
      type: "data",
      result: await load((run) => run()),
    }),
  };
  return strategy({ request, matches: [match], fetcherKey: "activity" } as never);
}

/** A body that sends a first chunk, then fails the way Chromium fails it when the fetch is aborted. */
function bodyCutByAbort(controller: AbortController) {
  return new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(new TextEncoder().encode('[{"_1":2},"routes/_app'));
    },
    pull(stream) {
      controller.abort();
      stream.error(controller.signal.reason);
    },
  });
}

describe.each([
  ["the browser's build", esModule as typeof commonJs],
  ["the CommonJS build", commonJs],
])("single fetch, patched: %s", (_name, build) => {
  it("an aborted request's cut body is not written to the console as an error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const controller = new AbortController();
    const request = new Request("https://partwise.test/dashboard", { signal: controller.signal });
    await expect(
      loadThroughSingleFetch(build, request, () => new Response(bodyCutByAbort(controller), { status: 200 })),
    ).rejects.toThrow();
    expect(errors).not.toHaveBeenCalled();
  });

  it("a body that cannot be decoded while the request stands is still written to the console", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = new Request("https://partwise.test/dashboard");
    await expect(
      loadThroughSingleFetch(build, request, () => new Response("not a turbo stream", { status: 200 })),
    ).rejects.toThrow(
      "Unable to decode turbo-stream response from URL: https://partwise.test/dashboard.data?_routes=routes%2F_app.dashboard",
    );
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
