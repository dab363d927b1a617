import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadLazyTabs } from "~/components/features/lazy-tab";

// Remix's default browser entry, except that the lazily loaded tabs the page shows on arrival are
// loaded first (the route modules, which register them, ran before this module): their server
// HTML then hydrates at once instead of staying inert until their code arrives.
void preloadLazyTabs(new URL(window.location.href)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
