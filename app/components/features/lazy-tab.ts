import { createElement, lazy, type ComponentType } from "react";

type Preload = { shownAt: (url: URL) => boolean; load: () => Promise<void> };

/** The browser's lazy tabs, each with the pages that show it (see preloadLazyTabs). */
const preloads: Preload[] = [];

/**
 * A component whose code is its own chunk (React.lazy) in the browser: fetched when it is first
 * rendered. Render it inside a Suspense boundary. On the server the chunk is imported when the
 * module is evaluated, so by the time a page renders (after its loader's D1 reads) it is there and
 * the HTML is rendered in one pass as before; should a render come first, it suspends like the
 * browser's. `shownAt` says which addresses show it on arrival: the browser loads it before
 * hydrating such a page (preloadLazyTabs), so its server HTML is live at once.
 */
export function lazyTab<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  shownAt?: (url: URL) => boolean,
): ComponentType<P> {
  const Lazy = lazy(load);
  let loaded: ComponentType<P> | null = null;
  const loadNow = () =>
    load().then((module) => {
      loaded = module.default;
    });
  if (import.meta.env.SSR) {
    void loadNow().catch(() => undefined); // the lazy component reports the error when it renders
  } else if (shownAt) {
    preloads.push({ shownAt, load: loadNow });
  }
  function LazyTab(props: P) {
    // (the cast: createElement's overloads cannot relate a generic P to their props types)
    return createElement((loaded ?? Lazy) as ComponentType<object>, props);
  }
  return LazyTab;
}

/**
 * Loads the lazy tabs the page at `url` shows before the page hydrates (app/entry.client.tsx).
 * Hydrating a tab whose code is still loading leaves its server HTML inert until the code
 * arrives, and a click in that moment (a tab, a button) would do nothing. A failed load is left
 * to the lazy component, which reports it when it renders.
 */
export async function preloadLazyTabs(url: URL): Promise<void> {
  await Promise.all(
    preloads.filter((preload) => preload.shownAt(url)).map((preload) => preload.load().catch(() => undefined)),
  );
}
