// What `npm start` says while the demo data is played (scripts/start.mjs): the server answers
// pages before the demo flows end, so the first line says that some demo accounts are not ready
// yet, and a "demo ready" line, with the address, says when they are.

import { DEMO_PASSWORD } from "./demo-sign-in.mjs";

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** The line printed once the server answers, before the demo flows start. */
export function serverUpLine(url, elapsedMs) {
  return (
    `\n▶ The server is up on ${url} (${seconds(elapsedMs)} after npm start). The demo data is being ` +
    `loaded now, through the app itself: some demo accounts are not ready yet. Wait for the ` +
    `"demo ready" line (about a minute on a first start).\n`
  );
}

/** The line printed when the demo flows have ended. `played`: false when the data was already there. */
export function demoReadyLine(url, elapsedMs, { played }) {
  return (
    `\n✔ demo ready on ${url} (${seconds(elapsedMs)} after npm start` +
    `${played ? "" : "; the demo data was already there"}). ` +
    `Sign in as demo@partwise.test / ${DEMO_PASSWORD}; emails at ${url}/dev/outbox.\n`
  );
}

/** The line printed when a demo flow failed: the server keeps running. */
export function demoFailedLine(url, error) {
  return (
    `\n✖ The demo data could not be fully loaded (${error.message}). The server keeps running on ` +
    `${url}, but some demo accounts may be incomplete; delete .wrangler/state and run npm start again ` +
    `to start afresh.\n`
  );
}

/**
 * Waits for the server, says it is up, plays the demo flows and says when the demo is ready (or
 * that it could not be loaded). `startedAt`: when npm start began (Date.now()), for the figures.
 * Never throws: the server keeps running either way. Answers whether the demo is ready.
 */
export async function announceDemo({ url, waitForServer, play, startedAt, log = console.log, now = Date.now }) {
  try {
    await waitForServer();
  } catch (error) {
    log(`\n✖ The server did not answer (${error.message}); the demo data was not loaded.\n`);
    return false;
  }
  log(serverUpLine(url, now() - startedAt));
  try {
    const result = await play();
    log(demoReadyLine(url, now() - startedAt, { played: result?.played !== false }));
    return true;
  } catch (error) {
    log(demoFailedLine(url, error));
    return false;
  }
}
