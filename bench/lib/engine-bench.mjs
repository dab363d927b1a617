// The smart-matching engine's part of `npm run bench`: bundles app/server/matching/engine.ts with
// esbuild (the tsconfig's ~/ and ~db/ paths resolve as in the app), generates a pool of consultants
// from a seeded PRNG (the same pool on every run and machine), and times rankConsultants on it.
// Prints and answers p50 / p95 / max per request shape; never fails on timings.
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT } from "../../scripts/lib/proc.mjs";

const AREAS = [
  "strategy",
  "leadership",
  "management",
  "finance",
  "operations",
  "hr",
  "sales",
  "marketing",
  "technology",
];
const TYPES = ["fractional", "coaching", "project"];
const BANDS = ["0-25", "25-50", "50-100", "100-150", "150+"];
const SECTORS = [
  "11",
  "21",
  "22",
  "23",
  "31-33",
  "42",
  "44-45",
  "48-49",
  "51",
  "52",
  "53",
  "54",
  "56",
  "61",
  "62",
  "71",
  "72",
  "81",
];

/** mulberry32: a small seeded PRNG, so the generated pool is the same on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The engine as an ES module, bundled to a temporary file and imported. */
async function loadEngine() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "partwise-engine-"));
  const outfile = path.join(dir, "engine.mjs");
  try {
    await build({
      entryPoints: [path.join(ROOT, "app/server/matching/engine.ts")],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      tsconfig: path.join(ROOT, "tsconfig.json"),
      outfile,
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every NAICS code with its title (app/data), for the explanations and the generated experience. */
function naicsData() {
  const entries = JSON.parse(readFileSync(path.join(ROOT, "app/data/naics-2022.json"), "utf8"));
  const titles = new Map(entries.map(([code, title]) => [code, title]));
  const six = entries.filter(([, , level]) => level === 6).map(([code]) => code);
  const specific = entries.filter(([, , level]) => level >= 3 && level <= 5).map(([code]) => code);
  return { titles, six, specific };
}

/** `count` consultants with 1-3 areas, types and sectors, 0-5 past clients (a tenth in retail), ratings and hours. */
export function generatePool(count, seed = 20261123) {
  const random = prng(seed);
  const { six, specific } = naicsData();
  const retail = six.filter((code) => code.startsWith("459"));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const some = (list, max) => {
    const chosen = new Set();
    const n = 1 + Math.floor(random() * max);
    while (chosen.size < n) chosen.add(pick(list));
    return [...chosen];
  };
  const pool = [];
  for (let i = 0; i < count; i++) {
    const clients = Math.floor(random() * 6);
    const ratings = Math.floor(random() * 30);
    const hours = Math.floor(random() * 41);
    pool.push({
      id: `bench-consultant-${String(i).padStart(5, "0")}`,
      name: `Consultant ${i}`,
      businessAreas: some(AREAS, 3),
      engagementTypes: some(TYPES, 3),
      industries: some(SECTORS, 3),
      industryCodes: some(specific, 3),
      companySizes: some(BANDS, 3),
      yearsOfExperience: 3 + Math.floor(random() * 33),
      hoursPerWeek: hours,
      committedHours: pick([0, 0, 0, 4, 10, 15, 19, 25]),
      pastClients: Array.from({ length: clients }, () => ({
        naicsCode: random() < 0.1 ? pick(retail) : pick(six),
        employeeBand: pick(BANDS),
        years: 1 + Math.floor(random() * 8),
        description: "Generated client",
      })),
      ratings: ratings ? { count: ratings, average: 3 + random() * 2 } : { count: 0, average: 0 },
    });
  }
  return pool;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round2 = (value) => Math.round(value * 100) / 100;

/** Times the engine on `size` generated consultants, `runs` rankings per request shape after a warm-up. */
export async function benchEngine({ size = 10_000, runs = 50, output } = {}) {
  const engine = await loadEngine();
  const { titles } = naicsData();
  const naicsTitle = (code) => titles.get(code) ?? null;
  const pool = generatePool(size);
  const books = { marginPercent: 4.2, marginChangePoints: -2.5, revenueChangePercent: -6 };
  const shapes = [
    {
      label: "finance, fractional, books",
      request: { category: "finance", consultingType: "fractional", naics: "459110", employeeBand: "25-50", books },
    },
    {
      label: "unknown area and type (no filter)",
      request: { category: "unknown", consultingType: null, naics: "459110", employeeBand: "25-50", books: null },
    },
  ];
  const exclude = pool.slice(0, 5).map((c) => c.id);
  const results = [];
  for (const shape of shapes) {
    const input = { request: shape.request, consultants: pool, exclude, naicsTitle };
    for (let i = 0; i < 10; i++) engine.rankConsultants(input);
    const times = [];
    let shortlist = [];
    // CPU time as well as wall time: on a busy machine the wall clock also counts waiting for a core.
    const cpuStarted = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      shortlist = engine.rankConsultants(input);
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuStarted);
    times.sort((a, b) => a - b);
    results.push({
      request: shape.label,
      consultants: pool.length,
      runs,
      shortlist: shortlist.length,
      topScore: shortlist[0]?.score ?? null,
      p50Ms: round2(percentile(times, 50)),
      p95Ms: round2(percentile(times, 95)),
      maxMs: round2(times[times.length - 1]),
      cpuMeanMs: round2((cpu.user + cpu.system) / 1000 / runs),
    });
  }

  console.log(
    `\n▶ bench: the matching engine on ${size.toLocaleString("en-US")} generated consultants, ${runs} rankings each\n`,
  );
  const header = ["request", "shortlist", "p50 ms", "p95 ms", "max ms", "CPU ms (mean)"];
  const lines = results.map((r) => [
    r.request,
    String(r.shortlist),
    r.p50Ms.toFixed(2),
    r.p95Ms.toFixed(2),
    r.maxMs.toFixed(2),
    r.cpuMeanMs.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  if (output) {
    writeFileSync(
      output,
      JSON.stringify({ createdAt: new Date().toISOString(), node: process.version, results }, null, 2) + "\n",
    );
    console.log(`\nWrote ${path.relative(ROOT, output)}`);
  }
  return results;
}
