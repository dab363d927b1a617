// CPU profiles of the local Worker for `npm run profile` (issue #17, item 2): a small client for
// workerd's V8 inspector (the `--inspector-port` wrangler dev is given), the source map of the
// bundle wrangler dev serves, and the pure part: a V8 `Profiler.Profile` (nodes, samples,
// timeDeltas) turned into self time per function and per part of the stack (React, Remix, Drizzle,
// Zod, the D1 client, the app's own code, garbage collection, …).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SourceMapConsumer } from "source-map";
import WebSocket from "ws";

/** The parts a request's CPU time is split into, in the order they are printed. */
export const PARTS = [
  { key: "react", label: "React rendering (react-dom, react)" },
  { key: "remix", label: "Remix and its router (@remix-run/*, react-router*, turbo-stream)" },
  { key: "drizzle", label: "Drizzle (drizzle-orm)" },
  { key: "zod", label: "Zod" },
  { key: "d1", label: "D1 client (workerd's cloudflare-internal:d1-api)" },
  { key: "app", label: "The app's own code (build/server, app/, functions/, db/)" },
  { key: "libraries", label: "Other libraries (Conform, Stripe, isbot, …)" },
  { key: "wrangler", label: "wrangler's bundle glue (esbuild's __name) and dev middleware" },
  { key: "runtime", label: "workerd native work not called from JS (streams, I/O glue)" },
  { key: "gc", label: "Garbage collection" },
  { key: "program", label: "(program): V8/workerd native work outside JS" },
];

/** Not CPU work: the isolate waiting (for D1, for the next request). Reported, never summed. */
export const IDLE = "idle";

const PACKAGE_PARTS = new Map([
  ["react", "react"],
  ["react-dom", "react"],
  ["scheduler", "react"],
  ["react-router", "remix"],
  ["react-router-dom", "remix"],
  ["turbo-stream", "remix"],
  // Dependencies only Remix's server runtime uses: cookie parsing and multipart bodies.
  ["cookie", "remix"],
  ["set-cookie-parser", "remix"],
  ["@web3-storage/multipart-parser", "remix"],
  ["drizzle-orm", "drizzle"],
  // drizzle-orm publishes its files at the package root with source maps pointing at "../src/*.ts",
  // so its original sources resolve to node_modules/src/ (d1/driver.ts, sqlite-core/dialect.ts, …).
  ["src", "drizzle"],
  ["zod", "zod"],
  ["wrangler", "wrangler"],
]);

/** "…/node_modules/@remix-run/router/router.ts" → "@remix-run/router"; null outside node_modules. */
export function packageOfSource(source) {
  const parts = source.split(/[\\/]/);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return null;
  const name = parts[at + 1];
  return name.startsWith("@") ? `${name}/${parts[at + 2] ?? ""}` : name;
}

/**
 * The part a frame's original source belongs to (a path relative to the project, or a runtime URL
 * such as "cloudflare-internal:d1-api"); null when the source says nothing (a native built-in).
 */
export function partOfSource(source) {
  if (!source) return null;
  if (source === "cloudflare-internal:d1-api") return "d1";
  if (/^(cloudflare-internal|node-internal|node):/.test(source)) return "runtime";
  const pkg = packageOfSource(source);
  if (pkg) {
    if (pkg.startsWith("@remix-run/")) return "remix";
    return PACKAGE_PARTS.get(pkg) ?? "libraries";
  }
  const relative = source.replace(/\\/g, "/").replace(/^(\.\.\/)+/, "");
  if (/^(build\/server|app|functions|db)\//.test(relative)) return "app";
  // wrangler dev's middleware facade (.wrangler/tmp/bundle-*/), its modules-watch stub, and code
  // of the bundle no source maps to (esbuild's helpers, such as the __name keepNames adds).
  if (/(^|\/)bundle-[^/]+\/|^wrangler-modules-watch:|^wrangler-bundle:/.test(relative)) return "wrangler";
  return "libraries";
}

/** Frames V8 itself names: (garbage collector), (program), (idle), (root). */
function specialPart(functionName) {
  if (functionName === "(garbage collector)") return "gc";
  if (functionName === "(program)") return "program";
  if (functionName === "(idle)" || functionName === "(root)") return IDLE;
  return null;
}

/**
 * Self time per profile node, in microseconds. Each sample stands for the time until the next one
 * (Chrome DevTools' convention; the last sample runs to endTime) — unless that gap is longer than
 * `maxSampleUs`: workerd's sampler only records while this isolate runs, so a long gap is time
 * spent elsewhere (workerd's other isolates, such as the local D1 and wrangler's entry Worker, or
 * a busy machine), and charging it to whichever function the sample before it caught would inflate
 * that function. Such a sample counts for the sampler's typical interval instead (the median of the
 * gaps up to `maxSampleUs`; a request that runs for less than a millisecond is mostly such samples).
 * Returns { self: Map(nodeId → µs), samples, cappedUs (gap time left out), typicalUs }.
 */
export function selfTimes(profile, { maxSampleUs = Infinity } = {}) {
  const self = new Map();
  const { samples = [], timeDeltas = [] } = profile;
  let time = profile.startTime;
  const stamps = samples.map((_, i) => (time += timeDeltas[i] ?? 0));
  // The sampler's cadence while the isolate runs: the median of the gaps that are not long ones.
  const gaps = timeDeltas
    .slice(1, samples.length)
    .filter((delta) => delta > 0 && delta <= maxSampleUs)
    .sort((a, b) => a - b);
  const typicalUs =
    gaps.length > 0 ? gaps[Math.floor((gaps.length - 1) / 2)] : Number.isFinite(maxSampleUs) ? maxSampleUs : 0;
  let cappedUs = 0;
  for (let i = 0; i < samples.length; i++) {
    const next = i + 1 < samples.length ? stamps[i + 1] : Math.max(profile.endTime, stamps[i]);
    const span = Math.max(0, next - stamps[i]);
    const counted = span <= maxSampleUs ? span : Math.min(span, typicalUs);
    cappedUs += span - counted;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + counted);
  }
  return { self, samples: samples.length, cappedUs, typicalUs };
}

/**
 * Aggregates a V8 profile into self time per part and per function.
 * `resolve(callFrame)` gives a frame's original position ({ source, line, name? }, line 1-based)
 * or null; the default keeps the frame's own URL (tests pass a table). A frame without a source
 * (a native built-in such as fetch, Headers or a RegExp) is charged to the part of the nearest
 * caller that has one, so a Headers object Remix builds counts as Remix; with no such caller it is
 * "runtime".
 */
export function aggregateProfile(profile, { resolve = defaultResolve, maxSampleUs = Infinity } = {}) {
  const { self, samples, cappedUs, typicalUs } = selfTimes(profile, { maxSampleUs });
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const located = new Map(); // nodeId → { part, source, line, name }
  const locate = (id) => {
    if (located.has(id)) return located.get(id);
    const node = byId.get(id);
    const frame = node.callFrame;
    let info;
    const special = specialPart(frame.functionName);
    if (special) {
      info = { part: special, source: "", line: 0, name: frame.functionName, native: false };
    } else {
      const original = frame.url ? resolve(frame) : null;
      const source = original?.source ?? frame.url ?? "";
      const part = partOfSource(source);
      const name = frame.functionName || original?.name || "(anonymous)";
      if (part) {
        info = { part, source, line: original?.line ?? frame.lineNumber + 1, name, native: false };
      } else {
        const parentId = parentOf.get(id);
        const caller = parentId === undefined ? null : locate(parentId);
        const inherited = caller && caller.part !== IDLE && caller.part !== "program" ? caller.part : "runtime";
        info = { part: inherited, source: "(native)", line: 0, name, native: true };
      }
    }
    located.set(id, info);
    return info;
  };

  const parts = Object.fromEntries([...PARTS.map((p) => [p.key, 0]), [IDLE, 0]]);
  const functions = new Map();
  for (const [id, us] of self) {
    if (us === 0) continue;
    const info = locate(id);
    parts[info.part] += us;
    if (info.part === IDLE) continue;
    const key = `${info.name}\u0000${info.source}\u0000${info.line}\u0000${info.part}`;
    const entry = functions.get(key) ?? {
      name: info.name,
      source: info.source,
      line: info.line,
      part: info.part,
      us: 0,
    };
    entry.us += us;
    functions.set(key, entry);
  }
  const busyUs = PARTS.reduce((sum, p) => sum + parts[p.key], 0);
  return {
    samples,
    busyUs,
    idleUs: parts[IDLE],
    cappedUs,
    typicalUs,
    parts,
    functions: [...functions.values()].sort((a, b) => b.us - a.us),
  };
}

/**
 * The profile with each frame at its original position: url = the original source ("app/…",
 * "node_modules/…"), lineNumber 0-based, functionName the original name when the bundle's was
 * lost. Chrome DevTools then shows the sources after wrangler dev has deleted its bundle and map.
 * Frames `resolve` gives nothing for keep their own position.
 * @template {{ nodes: { callFrame: { url: string, lineNumber: number, functionName: string } }[] }} P
 * @param {P} profile
 * @param {(frame: any) => ({ source: string, line: number, name?: string } | null | undefined)} [resolve]
 * @returns {P}
 */
export function mapProfile(profile, resolve = defaultResolve) {
  return {
    ...profile,
    nodes: profile.nodes.map((node) => {
      const frame = node.callFrame;
      const original = frame.url ? resolve(frame) : null;
      if (!original) return node;
      return {
        ...node,
        callFrame: {
          ...frame,
          url: original.source,
          lineNumber: original.line - 1,
          columnNumber: 0,
          functionName: frame.functionName || original.name || "",
        },
      };
    }),
  };
}

function defaultResolve(frame) {
  return { source: frame.url, line: frame.lineNumber + 1 };
}

/** A path relative to `root` when it lies inside it ("node_modules/react-dom/…"), else as given. */
export function relativeSource(source, root) {
  if (!source || !path.isAbsolute(source)) return source;
  const relative = path.relative(root, source);
  return relative.startsWith("..") ? source : relative;
}

/**
 * Resolves profile frames through the source maps of the scripts the isolate runs:
 * `scripts` are Debugger.scriptParsed events ({ scriptId, url, sourceMapURL }); a script served
 * from a file:// URL with a sourceMapURL next to it (wrangler dev's .wrangler/tmp/dev-*\/worker.js
 * and worker.js.map) is mapped, the rest (cloudflare-internal:*, node-internal:*) keep their URL.
 * Read the maps while wrangler dev still runs: it deletes its temporary folder when it stops.
 * Returns { resolve(callFrame), destroy() }.
 */
export async function sourceMapResolver(scripts, { root }) {
  const consumers = new Map();
  const urls = new Map();
  for (const script of scripts) {
    urls.set(script.scriptId, script.url);
    if (!script.url.startsWith("file://") || !script.sourceMapURL || script.sourceMapURL.startsWith("data:")) continue;
    const file = fileURLToPath(script.url);
    const mapFile = path.resolve(path.dirname(file), script.sourceMapURL);
    const raw = JSON.parse(readFileSync(mapFile, "utf8"));
    const consumer = await new SourceMapConsumer(raw);
    consumers.set(script.scriptId, { consumer, root: raw.sourceRoot || path.dirname(mapFile) });
  }
  const cache = new Map();
  const resolve = (frame) => {
    const key = `${frame.scriptId}:${frame.lineNumber}:${frame.columnNumber}`;
    if (cache.has(key)) return cache.get(key);
    const mapped = consumers.get(frame.scriptId);
    // A position in the bundle that maps to no source is the bundler's own code.
    let result = mapped
      ? { source: `wrangler-bundle:${frame.url}`, line: frame.lineNumber + 1 }
      : { source: urls.get(frame.scriptId) ?? frame.url, line: frame.lineNumber + 1 };
    if (mapped) {
      const position = { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) };
      let original = mapped.consumer.originalPositionFor(position);
      if (!original.source)
        original = mapped.consumer.originalPositionFor({ ...position, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
      if (original.source) {
        const source = original.source;
        const isUrl = /^[a-z][\w+.-]*:/i.test(source) && !path.isAbsolute(source);
        const absolute = isUrl || path.isAbsolute(source) ? source : path.resolve(mapped.root, source);
        result = { source: relativeSource(absolute, root), line: original.line, name: original.name ?? undefined };
      }
    }
    cache.set(key, result);
    return result;
  };
  return {
    resolve,
    destroy: () => {
      for (const { consumer } of consumers.values()) consumer.destroy();
    },
  };
}

/**
 * The Worker's target on workerd's inspector (wrangler dev's proxy lists it at /json) and a
 * connection to it: { send(method, params, { needsResult }) → result, scripts, close() }. `scripts` collects
 * Debugger.scriptParsed events.
 */
export async function connectInspector(inspectorPort, { timeoutMs = 15_000 } = {}) {
  const response = await fetch(`http://127.0.0.1:${inspectorPort}/json`, { signal: AbortSignal.timeout(timeoutMs) });
  const targets = await response.json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? null;
  if (!target) throw new Error(`the inspector on port ${inspectorPort} lists no target with a webSocketDebuggerUrl`);
  const socket = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 1024 * 1024 * 1024 });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 0;
  const pending = new Map();
  const scripts = [];
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    // workerd answers some commands (Profiler.enable, .start, .setSamplingInterval) with the
    // command echoed back (id, method, params; no result): that echo is the answer, except for a
    // command that must bring a result (Profiler.stop), which waits for the message carrying it.
    if (message.id !== undefined && pending.has(message.id)) {
      const waiter = pending.get(message.id);
      const answered = "result" in message || "error" in message;
      if (!answered && waiter.needsResult) return;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result ?? {});
    } else if (message.method === "Debugger.scriptParsed") {
      scripts.push(message.params);
    }
  });
  socket.on("close", () => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${waiter.method}: the inspector closed`));
    pending.clear();
  });
  const send = (method, params = {}, { needsResult = false, waitMs = timeoutMs } = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer from the inspector within ${waitMs} ms`));
      }, waitMs);
      pending.set(id, {
        method,
        needsResult,
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { target, send, scripts, close: () => socket.close() };
}

/** "/features?focus=Insights" → "features-focus-Insights" (for a file name). */
export function slug(target) {
  return (
    target
      .replace(/^\/+/, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/-+$/, "") || "root"
  );
}

const ms = (us, requests) => us / 1000 / Math.max(1, requests);

/** The per-part table for one profiled path: ms of CPU per answered request and share. */
export function formatParts(result, requests) {
  const rows = PARTS.map((p) => [
    p.label,
    ms(result.parts[p.key], requests).toFixed(2),
    share(result.parts[p.key], result.busyUs),
  ]);
  rows.push(["Total (everything but idle)", ms(result.busyUs, requests).toFixed(2), "100%"]);
  rows.push(["(idle: waiting, not counted)", ms(result.idleUs, requests).toFixed(2), ""]);
  return table(["part", "ms/request", "share"], rows);
}

/** The functions with the most self time: name, part, original source:line, ms per request. */
export function formatFunctions(result, requests, count = 15) {
  const rows = result.functions
    .slice(0, count)
    .map((f) => [
      f.name.slice(0, 40),
      f.part,
      f.source === "(native)" ? "(native built-in)" : f.line > 0 ? `${f.source}:${f.line}` : f.source || "-",
      ms(f.us, requests).toFixed(3),
      share(f.us, result.busyUs),
    ]);
  return table(["function", "part", "source", "ms/request", "share"], rows);
}

function share(us, total) {
  return total > 0 ? `${((us / total) * 100).toFixed(1)}%` : "-";
}

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const numeric = (i) => header[i] === "ms/request" || header[i] === "share";
  const line = (cells) =>
    cells.map((cell, i) => (numeric(i) ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
