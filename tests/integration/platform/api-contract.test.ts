import { beforeAll, describe, expect, it } from "vitest";
import { describeIssues } from "~/http/http.server";
import { OPENAPI_PATH, type ApiOperation } from "~/server/platform/api-contract.server";
import { API_OPERATIONS } from "~/routes/api.openapi[.]json";
import { call, ORIGIN } from "../helpers";
import { signedInClient } from "../../factories";

/**
 * The JSON API's contract against the routes themselves. Each `app/routes/api.*` route exports its
 * operations as `contract` (their shape: app/server/platform/api-contract.server.ts), and
 * app/routes/api.openapi[.]json.ts gathers them into API_OPERATIONS: every operation must sit in the
 * route that serves it, once; the (path, method) pairs the route files answer and the ones the
 * contracts list must be the same, each described session requirement must hold, and each described
 * JSON body must be the schema the route validates with (its rejection message comes back word for word).
 */

/** Route files that are not JSON API operations, each with the reason. */
const NOT_IN_CONTRACT: Record<string, string> = {
  "api.$": "the catch-all that answers unknown /api paths with a JSON 404",
  "api.agreements.privacy-policy": "an HTML page (the spec keeps it under /api), not JSON",
  "api.agreements.terms-and-conditions": "an HTML page (the spec keeps it under /api), not JSON",
};

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** The URL path of a Remix flat-routes file name: dots are slashes, `$x` is a parameter, `[.]` a dot. */
function routePath(routeId: string): string {
  const segments = routeId
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment.replace(/\[(.)\]/g, "$1")));
  return `/${segments.join("/")}`;
}

const routeModules = import.meta.glob<{ contract?: unknown }>("../../../app/routes/api.*.{ts,tsx}", { eager: true });
const routeIdOf = (file: string) => file.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, "");
const routeIds = Object.keys(routeModules).map(routeIdOf);

/** A concrete URL for a described path (parameters filled with a value no record has). */
const sample = (path: string) => path.replace(/\{[^}]+\}/g, "no-such-record");

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe("the contract and the routes", () => {
  it("finds the route files it checks", () => {
    expect(routeIds.length).toBeGreaterThan(40);
    for (const excluded of Object.keys(NOT_IN_CONTRACT)) expect(routeIds).toContain(excluded);
  });

  it("takes each operation from the `contract` of the route that serves it, each once", () => {
    const exported: ApiOperation[] = [];
    for (const [file, module] of Object.entries(routeModules)) {
      const routeId = routeIdOf(file);
      if (routeId in NOT_IN_CONTRACT) {
        expect(module, routeId).not.toHaveProperty("contract");
        continue;
      }
      expect(Array.isArray(module.contract), `${routeId} exports its operations as \`contract\``).toBe(true);
      const contract = module.contract as ApiOperation[];
      expect(contract.length, routeId).toBeGreaterThan(0);
      for (const operation of contract) expect(operation.path, routeId).toBe(routePath(routeId));
      exported.push(...contract);
    }
    // The gathered list is exactly the routes' contracts, nothing added or left out.
    expect(new Set(API_OPERATIONS)).toEqual(new Set(exported));
    expect(API_OPERATIONS).toHaveLength(exported.length);
    const pairs = API_OPERATIONS.map((operation) => key(operation.method, operation.path));
    expect(pairs.filter((pair, index) => pairs.indexOf(pair) !== index)).toEqual([]);
    const operationIds = API_OPERATIONS.map((operation) => operation.operationId);
    expect(operationIds.filter((id, index) => operationIds.indexOf(id) !== index)).toEqual([]);
  });

  it("lists exactly the paths and methods the API routes answer", async () => {
    const answered: string[] = [];
    for (const routeId of routeIds) {
      if (routeId in NOT_IN_CONTRACT) continue;
      const path = routePath(routeId);
      for (const method of METHODS) {
        const response = await call(sample(path), { method });
        await response.body?.cancel();
        // 405 is how every route refuses a method (its own handler, requireMethod, or Remix for a
        // route without a loader or action); anything else means the route does something with it.
        if (response.status !== 405) answered.push(key(method, path));
      }
    }
    const described = API_OPERATIONS.map((operation) => key(operation.method, operation.path));
    expect(new Set(described).size).toBe(described.length);
    expect(answered.sort()).toEqual([...described].sort());
  });

  it("lists a session requirement exactly where the route asks for the session cookie", async () => {
    for (const operation of API_OPERATIONS) {
      const response = await call(sample(operation.path), {
        method: operation.method.toUpperCase(),
        ...(operation.body?.reader === "json" ? { json: {} } : {}),
      });
      await response.body?.cancel();
      const label = key(operation.method, operation.path);
      if (operation.access !== "session") {
        expect(response.status, label).not.toBe(401);
      } else if (operation.errors.includes(401)) {
        expect(response.status, label).toBe(401);
      } else {
        // A browser navigation: without a session it goes to the app's sign-in screen, not onward.
        expect(response.status, label).toBe(302);
        expect(new URL(response.headers.get("Location") ?? "", ORIGIN).origin, label).toBe(ORIGIN);
      }
    }
  });
});

describe("described request bodies", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedInClient()).token;
  });

  const withBodies = API_OPERATIONS.filter((operation) => operation.body);

  /** The first message of an error answer, in either of the API's error shapes. */
  async function firstMessage(response: Response): Promise<string> {
    const body = (await response.json()) as { msg: string } | { msg: string }[];
    return Array.isArray(body) ? body[0]!.msg : body.msg;
  }

  function send(operation: ApiOperation, body: string, contentType = "application/json") {
    return call(sample(operation.path), {
      method: operation.method.toUpperCase(),
      cookie,
      headers: { "Content-Type": contentType },
      body,
    });
  }

  it.each(
    withBodies
      .filter((operation) => operation.body!.reader === "json")
      .map((operation) => [key(operation.method, operation.path), operation] as const),
  )("%s rejects what its described schema rejects, with the schema's own message", async (_label, operation) => {
    const schema = operation.body!.schema;
    for (const raw of [{}, [], { unexpected: 12 }]) {
      const verdict = schema.safeParse(raw);
      const response = await send(operation, JSON.stringify(raw));
      if (verdict.success) {
        expect(response.status, JSON.stringify(raw)).toBeLessThan(500);
        await response.body?.cancel();
      } else {
        expect(response.status, JSON.stringify(raw)).toBe(400);
        expect(await firstMessage(response)).toBe(describeIssues(verdict.error).msg);
      }
    }
    const junk = await send(operation, "\u0000junk{]");
    expect(junk.status).toBe(400);
    expect(await firstMessage(junk)).toBe("The request body is not valid JSON.");
  });

  it.each(
    withBodies
      .filter((operation) => operation.body!.reader !== "json")
      .map((operation) => [key(operation.method, operation.path), operation] as const),
  )("%s answers junk with a 4xx, never a 500", async (_label, operation) => {
    for (const [body, type] of [
      ["{}", "application/json"],
      ["\u0000junk{]", "text/plain"],
      ["not multipart", "multipart/form-data; boundary=x"],
    ]) {
      const response = await send(operation, body!, type);
      expect(response.status, `${type}: ${body}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${type}: ${body}`).toBeLessThan(500);
      expect(typeof (await firstMessage(response))).toBe("string");
    }
  });
});

describe("GET /api/openapi.json", () => {
  type Document = {
    openapi: string;
    info: { title: string; version: string };
    paths: Record<
      string,
      Record<string, { operationId: string; responses: Record<string, unknown>; security: unknown[] }>
    >;
    components: {
      schemas: Record<string, unknown>;
      securitySchemes: Record<string, { type: string; in: string; name: string }>;
    };
  };

  it("answers an OpenAPI 3.1 document of every operation, publicly and cacheably", async () => {
    const response = await call(OPENAPI_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const text = await response.text();
    const document = JSON.parse(text) as Document;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe("Partwise JSON API");
    expect(document.info.version).not.toBe("");
    expect(document.components.securitySchemes.session).toEqual({
      type: "apiKey",
      in: "cookie",
      name: "__Host-partwise_session",
      description: expect.any(String),
    });

    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.map(({ method, path }) => key(method, path)).sort()).toEqual(
      API_OPERATIONS.map((operation) => key(operation.method, operation.path)).sort(),
    );
    for (const { path, method, operation } of operations) {
      const statuses = Object.keys(operation.responses).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 400),
        `${method} ${path}`,
      ).toBe(true);
      expect(operation.operationId).toMatch(/^[a-zA-Z]+$/);
    }
    // Every reference points at a schema the document holds.
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas, name).toHaveProperty(name!);
    }
    expect(document.components.schemas.SignIn).toMatchObject({ type: "object", required: ["email", "password"] });
  });
});
