#!/usr/bin/env node
// `npm run profile [-- --path /dashboard] [-- --seconds N] [-- --connections N] [-- --no-build] [-- --peer]`:
// where a request's CPU time goes in the local Worker (issue #17, item 2). Builds (unless
// --no-build), starts the same throw-away `wrangler dev` bench uses (fresh migrated + seeded local
// D1, demo flows played), signs in over HTTP as the demo client, and for each --path (repeatable;
// default /dashboard): warms up, starts V8's sampling profiler in workerd through its inspector,
// runs closed-loop load for N seconds, stops the profiler and charges each sample's self time to a
// part (React, Remix, Drizzle, Zod, the D1 client, the app's code, GC, …) through the source map of
// the bundle wrangler dev serves. Prints ms of CPU per answered request per part and the top 15
// functions; writes test-results/profile.json. With --peer it profiles the bare peer of the bench
// (bench/peer, on the same seeded D1, the same session) instead of the app, for the same paths, so
// both sides' cost per request is read the same way (test-results/profile-peer.json). Exits
// non-zero when an answer is not 200 (or the build, server, sign-in or inspector fails) — never on
// timings, which depend on the machine.
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  aggregateProfile,
  connectInspector,
  formatFunctions,
  formatParts,
  mapProfile,
  PARTS,
  slug,
  sourceMapResolver,
} from "./lib/cpu-profile.mjs";
import { startE2EServer } from "../scripts/lib/e2e-server.mjs";
import { runLoad } from "./lib/load.mjs";
import { startPeer } from "./lib/peer-bench.mjs";
import { buildApp, ROOT, stopServerOnSignal } from "../scripts/lib/proc.mjs";
import { signIn } from "../scripts/lib/demo-sign-in.mjs";

const RESULTS = path.join(ROOT, "test-results");
const output = (peer) => path.join(RESULTS, peer ? "profile-peer.json" : "profile.json");
const EMAIL = "demo@partwise.test";
/** V8's sampling interval (µs): ~100 µs is as fine as a shared 2-CPU machine keeps up with. */
const SAMPLING_INTERVAL_US = 100;
/** A longer gap after a sample is time outside the isolate (see selfTimes in bench/lib/cpu-profile.mjs). */
const MAX_SAMPLE_US = 10 * SAMPLING_INTERVAL_US;
const WARMUP_MS = 3_000;
const TOP_FUNCTIONS = 15;

function parseArgs(argv) {
  const options = { paths: [], seconds: 10, connections: 4, build: true, peer: false };
  const value = (arg, i) => (arg.includes("=") ? [arg.slice(arg.indexOf("=") + 1), i] : [argv[i + 1], i + 1]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.split("=")[0];
    if (arg === "--no-build") options.build = false;
    else if (arg === "--peer") options.peer = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else if (name === "--path") {
      const [v, next] = value(arg, i);
      i = next;
      if (!v?.startsWith("/")) throw new Error(`--path needs a path starting with / (got ${v})`);
      options.paths.push(v);
    } else if (name === "--seconds" || name === "--connections") {
      const [v, next] = value(arg, i);
      i = next;
      const number = Number(v);
      if (!Number.isInteger(number) || number < 1) throw new Error(`${name} needs a whole number ≥ 1 (got ${v})`);
      options[name.slice(2)] = number;
    } else {
      throw new Error(`unknown option ${arg} (use --path P, --seconds N, --connections N, --no-build, --peer)`);
    }
  }
  if (options.paths.length === 0) options.paths.push("/dashboard");
  return options;
}

/**
 * CPU time (ms, user + system, all threads) of the workerd processes wrangler started (its process
 * group): the isolate, the local D1's SQLite and workerd's I/O together, as a cross-check on the
 * profile. null where /proc is not available.
 */
function workerdCpuMs(groupId) {
  try {
    let ticks = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue;
      }
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[2] is the process group; fields[11] and [12] utime and stime (fields 14 and 15 of stat).
      if (name === "workerd" && Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

async function profilePath({ baseURL, inspector, cookie, target, options, groupId }) {
  const url = `${baseURL}${target}`;
  const headers = { Cookie: cookie, Accept: "text/html" };
  const warmup = await runLoad({ url, headers, connections: options.connections, durationMs: WARMUP_MS });
  await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await inspector.send("Profiler.start");
  const cpuBefore = workerdCpuMs(groupId);
  const load = await runLoad({ url, headers, connections: options.connections, durationMs: options.seconds * 1000 });
  const cpuAfter = workerdCpuMs(groupId);
  const { profile } = await inspector.send("Profiler.stop", {}, { needsResult: true, waitMs: 120_000 });
  if (!profile?.nodes) throw new Error(`Profiler.stop brought no profile for ${target}`);
  return {
    load,
    warmupNon200: warmup.non200,
    warmupBadStatus: warmup.firstBadStatus,
    profile,
    workerdCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`profile: ${error.message}`);
    return 2;
  }
  if (options.help) {
    console.log(
      "Usage: npm run profile [-- --path /dashboard] [-- --path /healthz …] [-- --seconds 10] [-- --connections 4] [-- --no-build] [-- --peer]",
    );
    return 0;
  }

  let server;
  const interrupted = stopServerOnSignal(() => server);

  if (options.build && !(await buildApp("profile"))) return 1;
  if (interrupted()) return 130;

  try {
    server = await startE2EServer({ logFile: path.join(RESULTS, "profile-wrangler.log") });
  } catch (error) {
    console.error(`profile: ${error.message}`);
    return 1;
  }
  if (interrupted()) {
    await server.stop();
    return 130;
  }

  let inspector;
  let resolver;
  let peer;
  try {
    const cookie = await signIn(server.baseURL, EMAIL);
    // The peer reads the same D1 (the same session row), so the app's cookie signs it in too.
    if (options.peer)
      peer = await startPeer({
        persistTo: server.persistTo,
        logFile: path.join(RESULTS, "profile-peer-wrangler.log"),
        label: "profile: peer",
      });
    const profiled = peer ? { ...peer, groupId: peer.child.pid } : { ...server, groupId: server.child.pid };
    inspector = await connectInspector(profiled.inspectorPort);
    // The scripts the isolate runs (and where their source maps are): read now, while wrangler dev
    // still has its temporary folder. The debugger is switched off again before any profiling.
    await inspector.send("Debugger.enable");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await inspector.send("Debugger.disable");
    resolver = await sourceMapResolver(inspector.scripts, { root: ROOT });
    await inspector.send("Profiler.enable");

    const results = [];
    for (const target of options.paths) {
      console.log(
        `\n▶ profile: ${peer ? "the peer's " : ""}${target} — ${WARMUP_MS / 1000} s warm-up, then ${options.seconds} s at ${options.connections} connections under V8's sampling profiler (${SAMPLING_INTERVAL_US} µs)`,
      );
      let measured;
      for (let attempt = 1; !measured; attempt++) {
        try {
          measured = await profilePath({
            baseURL: profiled.baseURL,
            inspector,
            cookie,
            target,
            options,
            groupId: profiled.groupId,
          });
        } catch (error) {
          // The inspector very rarely answers Profiler.stop without the profile: measure again once.
          if (attempt >= 2 || interrupted()) throw error;
          console.error(`profile: ${error.message}; measuring ${target} again`);
          await inspector.send("Profiler.stop").catch(() => undefined);
        }
      }
      const requests = measured.load.requests;
      // The profile too, its frames at their original sources (the bundle wrangler dev served is
      // gone once it stops): Chrome DevTools (Performance → Load profile) opens it.
      mkdirSync(RESULTS, { recursive: true });
      const rawFile = path.join(RESULTS, `profile-${peer ? "peer-" : ""}${slug(target)}.cpuprofile`);
      writeFileSync(rawFile, JSON.stringify(mapProfile(measured.profile, resolver.resolve)));
      const summary = aggregateProfile(measured.profile, { resolve: resolver.resolve, maxSampleUs: MAX_SAMPLE_US });
      // The same profile with every gap counted (Chrome DevTools' reading): an upper bound.
      const uncapped = aggregateProfile(measured.profile, { resolve: resolver.resolve });
      const perRequest = (us) => round(us / 1000 / Math.max(1, requests));
      console.log(
        `${requests} answers in ${options.seconds} s (${measured.load.throughput.toFixed(1)}/s, p50 ${measured.load.p50Ms.toFixed(1)} ms, p99 ${measured.load.p99Ms.toFixed(1)} ms); ` +
          `${summary.samples} samples, typically ${summary.typicalUs} µs apart; gaps over ${MAX_SAMPLE_US / 1000} ms (the isolate not running) ` +
          `count as one interval, ${(summary.cappedUs / 1000).toFixed(0)} ms left out (counting them: ${perRequest(uncapped.busyUs).toFixed(2)} ms/request)` +
          (measured.workerdCpuMs === null
            ? ""
            : `; workerd processes' CPU (isolate + local D1 + I/O): ${(measured.workerdCpuMs / Math.max(1, requests)).toFixed(2)} ms/request`),
      );
      console.log(`\n${formatParts(summary, requests)}\n`);
      console.log(formatFunctions(summary, requests, TOP_FUNCTIONS));
      const non200 = measured.load.non200 + measured.warmupNon200;
      if (non200 > 0)
        console.error(
          `profile: ${target} answered ${measured.load.firstBadStatus ?? measured.warmupBadStatus} (${non200} answers not 200)`,
        );
      results.push({
        path: target,
        requests,
        non200,
        firstBadStatus: measured.load.firstBadStatus ?? measured.warmupBadStatus,
        throughput: round(measured.load.throughput, 1),
        p50Ms: round(measured.load.p50Ms, 1),
        p99Ms: round(measured.load.p99Ms, 1),
        samples: summary.samples,
        typicalSampleGapUs: summary.typicalUs,
        cpuprofile: path.relative(ROOT, rawFile),
        msPerRequest: {
          total: perRequest(summary.busyUs),
          idle: perRequest(summary.idleUs),
          ...Object.fromEntries(PARTS.map((p) => [p.key, perRequest(summary.parts[p.key])])),
        },
        share: Object.fromEntries(
          PARTS.map((p) => [p.key, summary.busyUs > 0 ? round((summary.parts[p.key] / summary.busyUs) * 100, 1) : 0]),
        ),
        uncountedGapMs: round(summary.cappedUs / 1000, 1),
        totalWithGapsMsPerRequest: perRequest(uncapped.busyUs),
        workerdCpuMsPerRequest: measured.workerdCpuMs === null ? null : perRequest(measured.workerdCpuMs * 1000),
        topFunctions: summary.functions.slice(0, 30).map((f) => ({
          name: f.name,
          part: f.part,
          source: f.line > 0 ? `${f.source}:${f.line}` : f.source,
          msPerRequest: perRequest(f.us),
        })),
      });
    }

    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(
      output(options.peer),
      JSON.stringify(
        {
          createdAt: new Date().toISOString(),
          server: `wrangler dev (local D1, fresh migrated + seeded), the demo client signed in; profiled: ${peer ? "the bare peer (bench/peer)" : "the app"}`,
          node: process.version,
          seconds: options.seconds,
          connections: options.connections,
          warmupMs: WARMUP_MS,
          samplingIntervalUs: SAMPLING_INTERVAL_US,
          maxSampleUs: MAX_SAMPLE_US,
          parts: PARTS,
          results,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`\nWrote ${path.relative(ROOT, output(options.peer))}`);
    return results.some((r) => r.non200 > 0) ? 1 : 0;
  } catch (error) {
    if (interrupted()) return 130;
    console.error(`profile: ${error.message}`);
    return 1;
  } finally {
    resolver?.destroy();
    inspector?.close();
    await peer?.stop();
    if (!interrupted()) await server.stop();
  }
}

process.exitCode = await main();
