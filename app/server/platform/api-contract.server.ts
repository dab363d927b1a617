// The JSON API's contract: the shape of one operation (ApiOperation), what the operations share,
// and the OpenAPI 3.1 document generated from them (served at GET /api/openapi.json). Each
// operation sits beside its route: every `app/routes/api.*` resource route exports its own as
// `contract`, with the very Zod schema it validates with, and app/routes/api.openapi[.]json.ts
// gathers them into API_OPERATIONS. tests/integration/platform/api-contract.test.ts fails when a
// route and its contract disagree (a path or method missing on either side, a body the route reads
// with another schema, a session requirement that differs).
import * as z from "zod";
import { SESSION_COOKIE } from "~/server/identity/session.server";

export const OPENAPI_PATH = "/api/openapi.json";

export type HttpMethod = "get" | "post" | "put" | "delete";

/** The document's tags, in the order it lists them and its operations. */
export const API_TAGS = [
  "identity",
  "business",
  "finance",
  "payments",
  "benchmarking",
  "engagements",
  "files",
  "insights",
  "matching",
  "conversations",
  "platform",
] as const;

export type ApiTag = (typeof API_TAGS)[number];

/**
 * How a route reads its body: `json` through readBody (JSON, or an urlencoded form for no-JS
 * posts; a failed parse answers 400 with the schema's first message), `multipart` through the
 * upload reader, `raw` as the exact bytes (the Stripe webhook verifies them before parsing).
 */
export type BodyReader = "json" | "multipart" | "raw";

export type ApiOperation = {
  method: HttpMethod;
  /** The OpenAPI path: the route file's name with dots as slashes and `$param` as `{param}`. */
  path: string;
  operationId: string;
  tag: ApiTag;
  summary: string;
  /** `session`: the session cookie is required (401 without it); `stripe`: the Stripe-Signature header. */
  access: "public" | "session" | "stripe";
  body?: { name: string; schema: z.ZodType; reader: BodyReader; description?: string };
  /** Path parameters, in path order; a schema where the route validates the parameter. */
  params?: { name: string; description: string; schema?: z.ZodType }[];
  /** Query parameters, as one object schema (each property becomes a parameter). */
  query?: z.ZodObject;
  /** Success answers: status → what comes back. */
  ok: Record<number, string>;
  /** Error answers, `{ msg }` unless `errorShape` says otherwise. */
  errors: number[];
  /** updatePassword answers its 400s as `[{msg, field?}]`. */
  errorShape?: "array";
};

/** What a Stripe webhook's raw body is, as far as the document says: a signed event. */
export const StripeEventSchema = z.looseObject({ id: z.string(), type: z.string() });

/** The errors of every client-only session operation: no session, or not a client account. */
export const CLIENT_ERRORS = [401, 403] as const;

/** One path parameter holding a record's id (`params` of an ApiOperation). */
export const idParam = (name = "id", description = "The record's id.") => [{ name, description }];

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed body or invalid fields",
  401: "No session",
  403: "Not a client account",
  404: "Not found, or another business's record",
  409: "Conflicts with the current state",
  429: "Too many attempts (Retry-After says when to try again)",
  500: "Failed; nothing was half-written",
  502: "The payment provider could not be reached",
};

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  });
  return rest;
}

const mediaTypes: Record<BodyReader, string[]> = {
  json: ["application/json", "application/x-www-form-urlencoded"],
  multipart: ["multipart/form-data"],
  raw: ["application/json"],
};

function successResponse(status: number, description: string, operation: ApiOperation) {
  if (status >= 300 && status < 400) return { description, headers: { Location: { schema: { type: "string" } } } };
  if (operation.operationId === "getFile")
    return { description, content: { "application/octet-stream": { schema: {} } } };
  return { description, content: { "application/json": { schema: { type: ["object", "array"] } } } };
}

/** The OpenAPI 3.1 document of the given operations (the routes' contracts), in their order. */
export function buildOpenApiDocument(operations: readonly ApiOperation[]): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: "object",
      required: ["msg"],
      properties: {
        msg: { type: "string", description: "What went wrong, in words for people." },
        errors: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "The first message per invalid field.",
        },
      },
    },
    ErrorList: {
      type: "array",
      items: { type: "object", required: ["msg"], properties: { msg: { type: "string" }, field: { type: "string" } } },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters = [
      ...(operation.params ?? []).map((param) => ({
        name: param.name,
        in: "path",
        required: true,
        description: param.description,
        schema: param.schema ? jsonSchema(param.schema) : { type: "string" },
      })),
      ...Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: !(schema as z.ZodType).safeParse(undefined).success,
        schema: jsonSchema(schema as z.ZodType),
      })),
    ];
    let requestBody: unknown;
    if (operation.body) {
      schemas[operation.body.name] = jsonSchema(operation.body.schema);
      const ref = { $ref: `#/components/schemas/${operation.body.name}` };
      requestBody = {
        required: true,
        ...(operation.body.description ? { description: operation.body.description } : {}),
        content: Object.fromEntries(mediaTypes[operation.body.reader].map((type) => [type, { schema: ref }])),
      };
    }
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(operation.ok)) {
      responses[status] = successResponse(Number(status), description, operation);
    }
    for (const status of operation.errors) {
      const list = operation.errorShape === "array" && status === 400;
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? "Error",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${list ? "ErrorList" : "Error"}` } } },
      };
    }
    responses["405"] = {
      description: "Another method",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    const security =
      operation.access === "session"
        ? [{ session: [] }]
        : operation.access === "stripe"
          ? [{ stripeSignature: [] }]
          : [];
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Partwise JSON API",
      version: "1",
      description:
        "The resource routes under /api. Errors answer `{ msg }` (with `errors`, one message per field, for invalid fields). " +
        "Writes from a browser must come from the app's own origin. Generated from the `contract` each app/routes/api.* module exports.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by sign-in, sign-up and recovery.",
        },
        stripeSignature: {
          type: "apiKey",
          in: "header",
          name: "Stripe-Signature",
          description: "Stripe's signature of the raw body.",
        },
      },
    },
  };
}
