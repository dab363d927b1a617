import { useEffect, useRef, useState } from "react";
import { sessionDraftStorage } from "~/lib/shared/wizard-draft";

/**
 * A request wizard's draft in the tab's sessionStorage (lib/shared/wizard-draft.ts): restored once
 * after hydration, then saved on every change until the request is made (`finished`, which also
 * removes it) or the person cancels (`discard`). `skipRestore` is for a render that already comes
 * from the server's answer (a no-JavaScript round trip or a finished request). Nothing is saved
 * before the restore has run, so a stored draft is never overwritten by the empty form.
 */
export function useSessionDraft<Draft>({
  storageKey,
  parse,
  hasAnswers,
  skipRestore,
  onRestore,
  current,
  finished,
}: {
  storageKey: string;
  parse: (stored: string | null) => Draft | null;
  hasAnswers: (draft: Draft) => boolean;
  skipRestore: boolean;
  onRestore: (draft: Draft) => void;
  /** The draft of the wizard as it is now. */
  current: Draft;
  finished: boolean;
}): { restored: boolean; discard: () => void } {
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const discarded = useRef(false);

  useEffect(() => {
    if (!skipRestore) {
      const draft = parse(sessionDraftStorage()?.getItem(storageKey) ?? null);
      if (draft && hasAnswers(draft)) {
        onRestore(draft);
        setRestored(true);
      }
    }
    setReady(true);
    // Once, on mount: later changes are saved, not restored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const serialized = JSON.stringify(current);
  useEffect(() => {
    if (!ready || discarded.current || finished) return;
    sessionDraftStorage()?.setItem(storageKey, serialized);
  }, [ready, storageKey, finished, serialized]);

  useEffect(() => {
    if (finished) sessionDraftStorage()?.removeItem(storageKey);
  }, [finished, storageKey]);

  const discard = () => {
    discarded.current = true;
    sessionDraftStorage()?.removeItem(storageKey);
  };

  return { restored, discard };
}
