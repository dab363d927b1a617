import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { removeExports } from "@remix-run/dev/dist/vite/remove-exports.js";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/server/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Route exports only the server keeps, as Remix keeps `loader`, `action` and `headers`: an API
 * route's `contract` (its operations, gathered by app/routes/api.openapi[.]json.ts) names Zod
 * schemas and .server modules, and Remix refuses a .server import that survives in a client
 * module. The client copy of a route drops these exports and whatever only they used.
 */
const SERVER_ONLY_ROUTE_EXPORTS = ["contract", "API_OPERATIONS"];

function serverOnlyRouteExports(): Plugin {
  return {
    name: "partwise-server-only-route-exports",
    transform(code, id, options) {
      if (options?.ssr || !/\/app\/routes\/api\.[^/]+\.ts$/.test(id.split("?")[0]!)) return;
      if (!SERVER_ONLY_ROUTE_EXPORTS.some((name) => code.includes(name))) return;
      const [filename] = id.split("?");
      return removeExports(code, SERVER_ONLY_ROUTE_EXPORTS, { sourceMaps: true, filename, sourceFileName: filename });
    },
  };
}

/**
 * A new id for every build: the public pages' edge cache keys on it (ADR 089), so every deploy,
 * whatever it changed (server code, reference data), starts new keys.
 */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  define: { __PARTWISE_BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    remixCloudflareDevProxy({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    serverOnlyRouteExports(),
    tsconfigPaths(),
  ],
  build: { sourcemap: false, manifest: true },
});
