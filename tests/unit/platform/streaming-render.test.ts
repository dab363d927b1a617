import { createRequire } from "node:module";
import path from "node:path";
import { createElement, Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";

// patches/react-dom+18.3.1.patch (applied by `npm install`'s postinstall): React 18's streaming
// renderer for Workers (react-dom/server's browser build, the one the deployed Worker runs) encoded
// every attribute name, attribute value and text to bytes on its own with TextEncoder as it wrote
// them; in workerd each of those is a native call, about a third of a dashboard render
// (docs/decisions/042-request-cost.md). Patched, it gathers a flush's markup as text and encodes it
// once when the flush ends. These tests load the production build the Worker runs (vitest's
// NODE_ENV would pick the development one) and fail when the patch is not applied.

const require = createRequire(import.meta.url);
const PRODUCTION_BUILD = path.join(
  path.dirname(require.resolve("react-dom/package.json")),
  "cjs/react-dom-server.browser.production.min.js",
);

type Server = {
  renderToReadableStream(
    node: ReactNode,
    options?: { nonce?: string },
  ): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;
};

const RealTextEncoder = globalThis.TextEncoder;
afterEach(() => {
  globalThis.TextEncoder = RealTextEncoder;
});

/** The production renderer, loaded afresh with a TextEncoder that counts its calls. */
function loadCountingRenderer(): { server: Server; encodes: { count: number } } {
  const encodes = { count: 0 };
  globalThis.TextEncoder = class extends RealTextEncoder {
    encode(input?: string) {
      encodes.count++;
      return super.encode(input);
    }
  };
  delete require.cache[PRODUCTION_BUILD];
  const server = require(PRODUCTION_BUILD) as Server;
  return { server, encodes };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const reader = stream.getReader();
  const bytes: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.push(value);
  }
  return { text: Buffer.concat(bytes).toString("utf8"), chunks: bytes.length };
}

/** A page of `rows` rows, each with attributes, escaped text and characters of 2–4 bytes. */
function page(rows: number, extra: ReactNode = null) {
  return createElement(
    "html",
    { lang: "en" },
    createElement(
      "body",
      null,
      createElement(
        "ul",
        { className: "rows" },
        Array.from({ length: rows }, (_, i) =>
          createElement(
            "li",
            { key: i, className: "row", "data-row": i },
            createElement("a", { href: `/rows/${i}?a=1&b=2` }, `Row ${i} — café 💶`),
          ),
        ),
      ),
      extra,
    ),
  );
}

function expectedRows(rows: number): string {
  return Array.from(
    { length: rows },
    (_, i) => `<li class="row" data-row="${i}"><a href="/rows/${i}?a=1&amp;b=2">Row ${i} — café 💶</a></li>`,
  ).join("");
}

describe("React's streaming renderer (patched react-dom/server browser build)", () => {
  it("writes the same markup, byte for byte, encoding once per flush instead of once per string", async () => {
    const { server, encodes } = loadCountingRenderer();
    const stream = await server.renderToReadableStream(page(400));
    const { text, chunks } = await readAll(stream);
    expect(text).toBe(`<!DOCTYPE html><html lang="en"><body><ul class="rows">${expectedRows(400)}</ul></body></html>`);
    // Unpatched: thousands of calls (every attribute name and value, every text) for 400 rows.
    expect(encodes.count).toBeLessThanOrEqual(chunks + 1);
    expect(encodes.count).toBeLessThan(10);
  });

  it("streams a suspended boundary in a later flush, each flush encoded once and whole", async () => {
    const { server, encodes } = loadCountingRenderer();
    let resolve = () => {};
    const ready = new Promise<void>((r) => (resolve = r));
    let done = false;
    void ready.then(() => (done = true));
    function Later(): ReactNode {
      if (!done) throw ready;
      return createElement("p", { className: "later" }, "Arrivé 🎉 ".repeat(200));
    }
    const stream = await server.renderToReadableStream(
      page(3, createElement(Suspense, { fallback: createElement("span", null, "Loading…") }, createElement(Later))),
      { nonce: "n0nce" },
    );
    const reading = readAll(stream);
    setTimeout(resolve, 5);
    const { text, chunks } = await reading;
    expect(chunks).toBeGreaterThanOrEqual(2);
    expect(encodes.count).toBeLessThanOrEqual(chunks + 1);
    expect(text.startsWith(`<!DOCTYPE html><html lang="en"><body><ul class="rows">${expectedRows(3)}</ul>`)).toBe(true);
    expect(text).toContain("<span>Loading…</span>");
    expect(text).toContain(`<p class="later">${"Arrivé 🎉 ".repeat(200)}</p>`);
    expect(text).toMatch(/<script nonce="n0nce">/);
  });
});
