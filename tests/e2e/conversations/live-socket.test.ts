import { describe, expect } from "vitest";
import { browserTest, expectPath, signIn } from "../support";

/**
 * A thread's live socket from a real browser under `wrangler dev` (docs/decisions/073): Chromium
 * sends the session cookie and its Origin on the handshake, the page's CSP lets it connect, the
 * ThreadRoom Durable Object accepts it and its auto-response answers the keep-alive; a thread the
 * person takes no part in refuses the handshake. Delivery between two browsers is played by the
 * thread pages' own test.
 */
describe("a thread's live socket", () => {
  browserTest(
    "opens for the consultant of a candidacy and answers its keep-alive; refuses a thread they are not in",
    async ({ page }) => {
      await signIn(page, "consultant1@partwise.test");
      // The sign-in's post sets the session cookie; a navigation before its answer would cancel it.
      await expectPath(page, "/consultant");
      await page.goto("/consultant/candidacies");
      const href = await page.locator('a[href^="/consultant/candidacies/"]').first().getAttribute("href");
      const threadId = href!.split("/").pop()!;

      const answer = await page.evaluate(async (path) => {
        const url = new URL(path, location.href);
        url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
        const socket = new WebSocket(url);
        return new Promise<string>((resolve) => {
          socket.onopen = () => socket.send("ping");
          socket.onmessage = (message) => {
            resolve(String(message.data));
            socket.close(1000, "done");
          };
          socket.onclose = () => resolve("closed");
        });
      }, `/live/threads/${threadId}`);
      expect(answer).toBe("pong");

      const refused = await page.evaluate(async () => {
        const url = new URL("/live/threads/no-such-thread", location.href);
        url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
        const socket = new WebSocket(url);
        return new Promise<string>((resolve) => {
          socket.onopen = () => resolve("open");
          socket.onclose = () => resolve("closed");
        });
      });
      expect(refused).toBe("closed");
    },
    // Chromium reports the refused handshake (404) on the console.
    { allowConsoleErrors: [/WebSocket connection to .*no-such-thread.* failed/] },
  );
});
