import { describe, expect, it } from "vitest";
import { bytesByPackage, formatWorkerSize, packageOf } from "../../../scripts/lib/worker-size.mjs";

describe("the Worker's size report", () => {
  it("names the package of each bundled input", () => {
    expect(packageOf("node_modules/zod/v4/core/schemas.js")).toBe("zod");
    expect(packageOf("node_modules/@remix-run/server-runtime/dist/esm/index.js")).toBe("@remix-run/server-runtime");
    expect(packageOf("node_modules/.pnpm/x/node_modules/drizzle-orm/d1/session.js")).toBe("drizzle-orm");
    expect(packageOf("build/server/index.js")).toBe("build/server (the app's Remix server build)");
    expect(packageOf("app/server/load-context.ts")).toBe("app/");
  });

  it("adds up the bytes per package across outputs, largest first", () => {
    const metafile = {
      outputs: {
        "worker.js": {
          inputs: {
            "node_modules/zod/a.js": { bytesInOutput: 300 },
            "node_modules/zod/b.js": { bytesInOutput: 200 },
            "app/server/x.ts": { bytesInOutput: 700 },
            "node_modules/@conform-to/dom/c.js": { bytesInOutput: 50 },
          },
        },
      },
    };
    expect(bytesByPackage(metafile)).toEqual([
      { name: "app/", bytes: 700 },
      { name: "zod", bytes: 500 },
      { name: "@conform-to/dom", bytes: 50 },
    ]);
    expect(
      formatWorkerSize({ gzipBytes: 1_401_800, rawBytes: 7_672_500, modules: 1, packages: bytesByPackage(metafile) }),
    ).toBe(
      [
        "Worker (wrangler deploy --dry-run): 1401.8 kB gzipped, 7672.5 kB raw, 1 module(s); goal under 1000.0 kB gzipped",
        "Largest parts of the bundle (raw bytes in the output):",
        "      0.7 kB  app/",
        "      0.5 kB  zod",
        "      0.1 kB  @conform-to/dom",
      ].join("\n"),
    );
  });
});
