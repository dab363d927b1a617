import { createElement, lazy, type ComponentType } from "react";

/**
 * A component whose code is its own chunk (React.lazy) in the browser: fetched when it is first
 * rendered. Render it inside a Suspense boundary. On the server the chunk is imported when the
 * module is evaluated, so by the time a page renders (after its loader's D1 reads) it is there and
 * the HTML is rendered in one pass as before; should a render come first, it suspends like the
 * browser's.
 */
export function lazyTab<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  let loaded: ComponentType<P> | null = null;
  if (import.meta.env.SSR) {
    void load().then(
      (module) => {
        loaded = module.default;
      },
      () => undefined, // the lazy component reports the error when it renders
    );
  }
  function LazyTab(props: P) {
    // (the cast: createElement's overloads cannot relate a generic P to their props types)
    return createElement((loaded ?? Lazy) as ComponentType<object>, props);
  }
  return LazyTab;
}
