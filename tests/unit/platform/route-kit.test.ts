import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { readBody } from "~/http/http.server";
import { methodNotAllowed, notFound, resultResponse, runIntent } from "~/http/route-kit.server";

const put = (body: string) =>
  new Request("https://partwise.test/api/x", { method: "PUT", headers: { "Content-Type": "application/json" }, body });

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a thrown Response");
}

describe("the resource-route kit", () => {
  it("answers an unhandled method 405 {msg} naming it, with Allow and no caching", async () => {
    const response = methodNotAllowed("PUT")({ request: new Request("https://partwise.test/api/x") });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PUT");
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ msg: "Method GET is not allowed." });
  });

  it("gives the plain 404, keeping a header the caller sets", async () => {
    const plain = notFound();
    expect(plain.status).toBe(404);
    expect(await plain.text()).toBe("Not Found");
    expect(notFound({ "Content-Type": "text/plain; charset=utf-8" }).headers.get("Content-Type")).toBe(
      "text/plain; charset=utf-8",
    );
  });

  it("maps a failed result to its status and {msg}, a success through the callback", async () => {
    type Result = { ok: true; n: number } | { ok: false; status: 409; msg: string };
    const failed = resultResponse<Result>({ ok: false, status: 409, msg: "Taken." }, () => new Response("unused"));
    expect(failed.status).toBe(409);
    expect(await failed.json()).toEqual({ msg: "Taken." });
    const done = resultResponse<Result>({ ok: true, n: 3 }, (ok) => new Response(String(ok.n), { status: 201 }));
    expect(done.status).toBe(201);
    expect(await done.text()).toBe("3");
  });
});

describe("readBody's error formatter", () => {
  const schema = z.object({ name: z.string({ error: "Name is required." }) });
  const asArray = ({ msg, errors }: { msg: string; errors?: Record<string, string> }) =>
    errors ? Object.entries(errors).map(([field, text]) => ({ msg: text, field })) : [{ msg }];

  it("keeps the {msg, errors} answer without a formatter", async () => {
    const response = await thrownBy(readBody(put("{}"), schema));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "Name is required.", errors: { name: "Name is required." } });
  });

  it("answers invalid fields and malformed JSON in the formatter's shape", async () => {
    const invalid = await thrownBy(readBody(put("{}"), schema, asArray));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual([{ msg: "Name is required.", field: "name" }]);
    const malformed = await thrownBy(readBody(put("{"), schema, asArray));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual([{ msg: "The request body is not valid JSON." }]);
  });
});

describe("runIntent: one function per intent of a page action", () => {
  const handlers = {
    save: (args: { n: number }) => `save ${args.n}`,
    publish: (args: { n: number }) => `publish ${args.n}`,
  };
  const otherwise = (args: { n: number }) => `other ${args.n}`;

  it("calls the intent's own function with the shared arguments", () => {
    expect(runIntent("save", handlers, otherwise, { n: 1 })).toBe("save 1");
    expect(runIntent("publish", handlers, otherwise, { n: 2 })).toBe("publish 2");
  });

  it("sends any other post to `otherwise`: none, a file, an unknown word, an Object.prototype name", () => {
    for (const intent of [
      null,
      new File(["x"], "save"),
      "",
      "Save",
      "delete",
      "constructor",
      "toString",
      "__proto__",
    ]) {
      expect(runIntent(intent, handlers, otherwise, { n: 3 })).toBe("other 3");
    }
  });

  it("answers the union of what the functions return (one may redirect, another reply with data)", () => {
    const mixed = { count: (args: { n: number }) => args.n, name: (args: { n: number }) => `n${args.n}` };
    const answer = runIntent("count", mixed, () => null, { n: 4 });
    expectTypeOf(answer).toEqualTypeOf<number | string | null>();
    expect(answer).toBe(4);
    expect(runIntent("name", mixed, () => null, { n: 5 })).toBe("n5");
    expect(runIntent("other", mixed, () => null, { n: 6 })).toBeNull();
  });
});
