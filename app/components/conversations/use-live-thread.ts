import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  createReloadGate,
  readThreadLiveEvent,
  reconnectDelayMs,
  type LiveThreadState,
} from "~/lib/conversations/live-client";
import { LIVE_PING } from "~/lib/conversations/live-room";

export type { LiveThreadState } from "~/lib/conversations/live-client";

/** A keep-alive well inside the idle limits of proxies on the way; the room answers it without waking. */
const PING_INTERVAL_MS = 30_000;

/**
 * Follows a thread live (docs/decisions/073): opens its socket once the page is hydrated, reloads
 * the page's data (Remix revalidation) when an event says the thread changed, reconnects with a
 * capped backoff while the page is visible (and reloads once back, for what it missed), and closes
 * on unmount. `socketPath` is threadSocketPath(threadId), or null for no live delivery.
 */
export function useLiveThread(socketPath: string | null): LiveThreadState {
  const [state, setState] = useState<LiveThreadState>("offline");
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation().state;
  const revalidateRef = useRef(revalidate);
  const [gate] = useState(() => createReloadGate(() => revalidateRef.current()));

  useEffect(() => {
    revalidateRef.current = revalidate;
  }, [revalidate]);

  useEffect(() => {
    gate.setBusy(revalidation !== "idle" || navigation !== "idle");
  }, [gate, revalidation, navigation]);

  useEffect(() => {
    if (!socketPath) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let opened = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const url = new URL(socketPath, window.location.href);
    url.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";

    const scheduleRetry = () => {
      // Hidden: visibilitychange reconnects when the reader comes back.
      if (stopped || retry !== undefined || document.visibilityState !== "visible") return;
      retry = setTimeout(connect, reconnectDelayMs(attempt));
      attempt += 1;
    };

    function connect() {
      retry = undefined;
      if (stopped || socket) return;
      setState("connecting");
      let current: WebSocket;
      try {
        current = new WebSocket(url);
      } catch {
        setState("offline");
        scheduleRetry();
        return;
      }
      socket = current;
      current.onopen = () => {
        attempt = 0;
        setState("live");
        // Back after a drop: what changed meanwhile was not pushed.
        if (opened) gate.request();
        opened = true;
        ping = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) current.send(LIVE_PING);
        }, PING_INTERVAL_MS);
      };
      current.onmessage = (message) => {
        if (readThreadLiveEvent(message.data)) gate.request();
      };
      current.onclose = () => {
        if (socket !== current) return;
        socket = null;
        clearInterval(ping);
        if (stopped) return;
        setState("offline");
        scheduleRetry();
      };
    }

    const comeBack = () => {
      if (document.visibilityState !== "visible" || socket || stopped) return;
      if (retry !== undefined) clearTimeout(retry);
      connect();
    };

    connect();
    document.addEventListener("visibilitychange", comeBack);
    window.addEventListener("online", comeBack);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", comeBack);
      window.removeEventListener("online", comeBack);
      if (retry !== undefined) clearTimeout(retry);
      clearInterval(ping);
      socket?.close(1000, "Page left");
      socket = null;
      gate.dispose();
      setState("offline");
    };
  }, [socketPath, gate]);

  return state;
}
