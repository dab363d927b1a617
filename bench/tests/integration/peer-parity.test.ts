import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/server/identity/password.server";
import { DEMO_BUSINESS, DEMO_CLIENT, DEMO_PASSWORD, demoSeedSql } from "~db/seed/demo";
import { app as peer } from "../../peer/src/app";
import worker from "../../../functions/worker";
import { recordD1, type RecordedCall } from "../../../tests/integration/helpers/d1-recorder";
import {
  html,
  LOCAL_PEPPER,
  ORIGIN,
  SESSION_COOKIE,
  sessionTokenFrom,
  signIn,
} from "../../../tests/integration/helpers";

/**
 * Issue #17: `npm run bench` compares the app's /dashboard and /features documents with a bare
 * Hono Worker (bench/peer) that must do exactly the same D1 work. Both run here on one recording
 * D1 binding (helpers/d1-recorder.ts) for the seeded demo client: the same statements (SQL with
 * normalised whitespace, the same parameters, times masked), grouped into the same calls (a
 * batch stays a batch), in the same sequential waves; and the peer's page shows the same figures.
 *
 * When the app's queries change (a new column, another query, one more wave), this test fails
 * until bench/peer/src/sql.ts and app.ts are updated: otherwise the benchmark would compare the
 * app with a peer doing other work.
 */

const PAGES = ["/dashboard", "/features?focus=Insights"] as const;
let token = "";

beforeAll(async () => {
  const hash = await hashPassword(DEMO_PASSWORD, LOCAL_PEPPER);
  for (const statement of demoSeedSql(hash)) await env.DB.prepare(statement).run();
  token = sessionTokenFrom(await signIn(DEMO_CLIENT.email, DEMO_PASSWORD)) ?? "";
  if (!token) throw new Error("could not sign in the demo client");
});

const squash = (sql: string) => sql.replace(/\s+/g, " ").trim();
/** Millisecond timestamps (now, now minus the idle limit) differ between two requests: masked. */
const mask = (value: unknown) => (typeof value === "number" && value > 1e12 ? "<time>" : value);

/** One call as text: its kind, then each statement's SQL and parameters (a batch's in order). */
function signature(call: RecordedCall): string {
  return [call.kind, ...call.statements.map((s) => `${squash(s.sql)} ${JSON.stringify(s.params.map(mask))}`)].join(
    "\n  ",
  );
}

/** The calls of each wave, as a sorted multiset (calls of one wave run side by side, in any order). */
function wavesOf(calls: RecordedCall[]): string[][] {
  const waves: string[][] = [];
  for (const call of calls) (waves[call.wave - 1] ??= []).push(signature(call));
  return waves.map((wave) => wave.sort());
}

type Served = { status: number; body: string; waves: string[][]; statements: number };

async function viaApp(path: string, cookie: string | null): Promise<Served> {
  const recorder = recordD1(env.DB);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      headers: cookie ? { Cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, DB: recorder.db },
    ctx,
  );
  const body = await response.text();
  const calls = [...recorder.calls];
  await waitOnExecutionContext(ctx);
  return served(response.status, body, calls);
}

async function viaPeer(path: string, cookie: string | null): Promise<Served> {
  const recorder = recordD1(env.DB);
  const response = await peer.fetch(
    new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: `${SESSION_COOKIE}=${cookie}` } : {} }),
    { DB: recorder.db },
  );
  const body = await response.text();
  return served(response.status, body, [...recorder.calls]);
}

function served(status: number, body: string, calls: RecordedCall[]): Served {
  return {
    status,
    // React separates adjacent text with <!-- -->; the figures are compared as text.
    body: body.replace(/<!-- -->/g, ""),
    waves: wavesOf(calls),
    statements: calls.reduce((sum, call) => sum + call.statements.length, 0),
  };
}

const figure = (body: string, pattern: RegExp) => pattern.exec(body)?.[1] ?? null;

describe("the bench peer does the app's D1 work", () => {
  for (const path of PAGES) {
    it(`${path}: the same statements in the same batches and waves`, async () => {
      const app = await viaApp(path, token);
      const bare = await viaPeer(path, token);
      expect(app.status).toBe(200);
      expect(bare.status).toBe(200);
      // Sanity: the session read alone, then the page's reads side by side.
      expect(app.waves).toHaveLength(2);
      expect(app.waves[0]).toHaveLength(1);
      expect(app.statements).toBeGreaterThan(path === "/dashboard" ? 20 : 5);
      expect(bare.waves).toHaveLength(app.waves.length);
      for (let wave = 0; wave < app.waves.length; wave++) {
        expect(bare.waves[wave], `wave ${wave + 1} of ${path}`).toEqual(app.waves[wave]);
      }
    });

    it(`${path}: the peer's page shows the app's figures for the demo client`, async () => {
      const app = await viaApp(path, token);
      const bare = await viaPeer(path, token);
      const texts = [
        `Hello, ${DEMO_CLIENT.firstName} ${DEMO_CLIENT.lastName}`,
        // The newest notification (the shell's bell) and the two insight requests' areas.
        html("Your insight is available!"),
        html("Cut stockouts with a weekly reorder rhythm"),
        "Marketing",
        "Operations",
      ];
      // The dashboard's header names the business and its plan.
      if (path === "/dashboard") texts.push(html(DEMO_BUSINESS.name), "BASIC plan");
      for (const text of texts) {
        expect(app.body, `the app's ${path}`).toContain(text);
        expect(bare.body, `the peer's ${path}`).toContain(text);
      }
      const delivered = /<dt>Delivered<\/dt><dd>(\d+)<\/dd>/;
      const pending = /<dt>Pending<\/dt><dd>(\d+)<\/dd>/;
      if (path === "/dashboard") {
        // The Insights card's counts: one request delivered (ready), one pending.
        expect(figure(app.body, delivered)).toBe("1");
        expect(figure(bare.body, delivered)).toBe("1");
        expect(figure(app.body, pending)).toBe("1");
        expect(figure(bare.body, pending)).toBe("1");
      }
      expect(figure(app.body, /aria-label="Notifications, (\d+) unread"/)).toBe("1");
      expect(figure(bare.body, /<span class="unread">(\d+)<\/span> Notifications/)).toBe("1");
    });
  }

  it("answers /healthz bare, and sends a visitor without a session to the login screen as the app does", async () => {
    const health = await peer.fetch(new Request(`${ORIGIN}/healthz`), { DB: env.DB });
    expect(health.status).toBe(200);
    expect(await health.text()).toBe("ok");
    for (const path of PAGES) {
      const app = await worker.fetch(
        new Request(`${ORIGIN}${path}`) as Request<unknown, IncomingRequestCfProperties>,
        env,
        createExecutionContext(),
      );
      const bare = await peer.fetch(new Request(`${ORIGIN}${path}`), { DB: env.DB });
      expect(bare.status).toBe(app.status);
      expect(bare.status).toBe(302);
      expect(new URL(bare.headers.get("Location") ?? "", ORIGIN).pathname).toBe(
        new URL(app.headers.get("Location") ?? "", ORIGIN).pathname,
      );
    }
  });
});
