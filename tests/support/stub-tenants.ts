import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** One stub's state and its request handler (`url` has any /t/<key> prefix removed). */
export type StubTenant = {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Stops anything the stub still has pending (e.g. a slow answer's timer). */
  close?(): void;
};

/**
 * One loopback server, many independent stubs. A request to `/t/<key>/…` reaches the stub of
 * `<key>` (created on first use) with the prefix removed; a client that cannot add a path (the
 * Stripe SDK takes only a host) names its key another way (`tenantOf`); any other request reaches
 * the default stub.
 * The integration tests run two files at a time, each with its own key (tests/integration/helpers:
 * `stripeStubUrl()`, `intuitStubUrl()`), so a failure one file tells its stub to answer, or the
 * request log it reads, is never another file's (ADR 055).
 */
export async function serveTenants<T extends StubTenant>(
  name: string,
  create: () => T,
  options: { port?: number; tenantOf?: (req: IncomingMessage) => string | null } = {},
) {
  const main = create();
  const tenants = new Map<string, T>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    let url = new URL(req.url ?? "/", "http://127.0.0.1");
    let tenant = main;
    const scoped = /^\/t\/([A-Za-z0-9_-]{1,64})(\/.*)$/.exec(url.pathname);
    if (scoped) url = new URL(`${scoped[2]}${url.search}`, url);
    const key = scoped?.[1] ?? options.tenantOf?.(req) ?? null;
    if (key) {
      tenant = tenants.get(key) ?? create();
      tenants.set(key, tenant);
    }
    void tenant.handle(req, res, url);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error(`${name} stub: no TCP address`);
  return {
    url: `http://127.0.0.1:${address.port}`,
    main,
    close: () =>
      new Promise<void>((resolve) => {
        // Pending answers and keep-alive sockets must not keep the test run alive.
        for (const tenant of [main, ...tenants.values()]) tenant.close?.();
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        server.close(() => resolve());
      }),
  };
}
