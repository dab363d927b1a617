import { useEffect, useState } from "react";
import { isCompact, layoutClass, type LayoutClass } from "~/lib/shared/layout";

/**
 * The shell's layout class (from the window width) and compact flag (content scrolled past 30px).
 * CSS media queries do the real collapsing, so the first paint is right before hydration; these
 * values refine it (`data-layout`, `data-compact`) once scripts run. Null before hydration.
 */
export function useLayout(): { layout: LayoutClass | null; compact: boolean } {
  const [layout, setLayout] = useState<LayoutClass | null>(null);
  const [compact, setCompact] = useState(false);

  useEffect(() => {
    const onResize = () => setLayout(layoutClass(window.innerWidth));
    onResize();
    window.addEventListener("resize", onResize, { passive: true });
    return () => window.removeEventListener("resize", onResize);
  }, []);

  useEffect(() => {
    // The content scrolls with the document; the top bar is sticky above it.
    const onScroll = () => setCompact(isCompact(window.scrollY || document.documentElement.scrollTop));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return { layout, compact };
}
