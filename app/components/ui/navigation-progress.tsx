import { useNavigation } from "@remix-run/react";

const NAVIGATION_PROGRESS_LABEL = "Loading the page";

/**
 * A thin bar across the top of the window while the next page loads in the browser: a link
 * followed, a form's answer, a redirect. Without it, a slow network left the old page standing
 * with no sign that anything was happening. The stylesheet shows it only after a quarter of a
 * second, so a quick page never flashes it, and holds it still for reduced motion.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="navigation-progress" role="progressbar" aria-label={NAVIGATION_PROGRESS_LABEL} />;
}
