import { useEffect, useState } from "react";

let hydrated = false;

/**
 * False during server rendering and the first client render, true afterwards. Controls that only
 * work with JavaScript (a show-password toggle) are rendered once this is true, so nobody meets a
 * dead button before hydration or without scripts.
 */
export function useHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setIsHydrated(true);
  }, []);
  return isHydrated;
}
