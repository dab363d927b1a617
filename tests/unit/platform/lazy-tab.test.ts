import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyTab } from "~/components/features/lazy-tab";

function Greeting({ name }: { name: string }) {
  return createElement("p", null, `Hello, ${name}`);
}

describe("a lazily loaded tab", () => {
  it("is imported on the server when the module is evaluated, so a page renders it in one pass", async () => {
    let loads = 0;
    const Tab = lazyTab(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Promise.resolve(); // the import has settled (a loader's D1 read takes far longer)
    // renderToString cannot wait for a suspended component: it would render the fallback.
    const html = renderToString(createElement(Suspense, { fallback: "loading" }, createElement(Tab, { name: "Dana" })));
    expect(html).toContain("Hello, Dana");
    expect(html).not.toContain("loading");
    expect(loads).toBe(1);
  });

  it("suspends like React.lazy when it renders before its import has settled", () => {
    const Tab = lazyTab(() => new Promise<{ default: typeof Greeting }>(() => undefined));
    const html = renderToString(createElement(Suspense, { fallback: "loading" }, createElement(Tab, { name: "Dana" })));
    expect(html).toContain("loading");
  });
});
