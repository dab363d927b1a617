import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * The page's action answer (useActionData), kept while the page stays where the answer came to:
 * a revalidation of the same location (a live update reloading a thread, for one) clears Remix's
 * action data, which would take "Message sent." or a form's errors off the screen a moment after
 * they appeared. A navigation or a new submission (a new location) drops the kept answer for good,
 * so going Back to the page does not bring it back.
 */
export function useKeptActionData<T>(): T | undefined {
  const actionData = useActionData<T>() as T | undefined;
  const { key } = useLocation();
  const [kept, setKept] = useState<{ key: string; data: T } | null>(null);
  if (actionData !== undefined && (kept === null || kept.data !== actionData || kept.key !== key)) {
    // Derived state, set while rendering (React re-renders at once, before committing).
    setKept({ key, data: actionData });
  } else if (actionData === undefined && kept !== null && kept.key !== key) {
    // Left for another page (or back to an earlier one, whose key it may carry): never again.
    setKept(null);
  }
  if (actionData !== undefined) return actionData;
  return kept !== null && kept.key === key ? kept.data : undefined;
}
