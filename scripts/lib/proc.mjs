// Small process helpers shared by the npm scripts (no dependencies beyond Node).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Keeps wrangler/miniflare offline and quiet: no Request.cf download, no telemetry. */
export const QUIET_ENV = {
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

export function quietEnv(extra = {}) {
  return { ...process.env, ...QUIET_ENV, ...extra };
}

/** Path of a locally installed CLI (node_modules/.bin), so we skip npx's start-up and warnings. */
export function bin(name) {
  const local = path.join(ROOT, "node_modules", ".bin", name);
  if (!existsSync(local)) throw new Error(`${name} is not installed; run \`npm ci\` first.`);
  return local;
}

/**
 * Runs a command to completion with inherited stdio (unless told otherwise).
 * Resolves with the exit code (never rejects for a non-zero exit); a signal counts as 1.
 */
export function run(command, args = [], { env = quietEnv(), cwd = ROOT, stdio = "inherit", label } = {}) {
  if (label) console.log(`\n▶ ${label}: ${[path.basename(command), ...args].join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio });
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Like run(), but captures stdout/stderr (still resolving on failure). */
export function capture(command, args = [], { env = quietEnv(), cwd = ROOT, timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = timeoutMs
      ? setTimeout(() => {
          stderr += `\n(timed out after ${timeoutMs} ms)`;
          child.kill("SIGKILL");
        }, timeoutMs)
      : undefined;
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: stderr + error.message });
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr });
    });
  });
}

/** An unused TCP port on 127.0.0.1 (tiny race window, acceptable for local test servers). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers 200. Fails early if `child` exits, and after `timeoutMs`.
 */
export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once("exit", (code, signal) => (exited = signal ?? code));
  let lastError = "no answer";
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${lastError})`);
}

/**
 * Stops a process started with `detached: true` and everything it spawned (wrangler starts
 * workerd as a child): SIGTERM to the whole group, then SIGKILL after `graceMs`.
 */
export async function stopGroup(child, { graceMs = 5_000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    killGroup(child, "SIGKILL"); // grandchildren may outlive their parent
    return;
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  killGroup(child, "SIGTERM");
  const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), graceMs));
  if ((await Promise.race([exited, timer])) === "timeout") {
    killGroup(child, "SIGKILL");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  } else {
    killGroup(child, "SIGKILL");
  }
}

/**
 * Whatever happens to this process later (an error, process.exit on Ctrl-C), the detached
 * `child`'s group is killed with it. Returns the function that cancels this (call it once the
 * group has been stopped).
 */
export function killGroupOnExit(child) {
  const kill = () => killGroup(child, "SIGKILL");
  process.once("exit", kill);
  return () => process.removeListener("exit", kill);
}

function killGroup(child, signal) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Ctrl-C / SIGTERM for a script that starts a server (bench, profile): stops the server
 * `currentServer()` returns, also when the signal arrives while it is still starting, and exits
 * 130. Returns a function telling which signal arrived (null: none).
 */
export function stopServerOnSignal(currentServer) {
  let received = null;
  const onSignal = (signal) => {
    received = signal;
    console.error(`\n${signal}: stopping`);
    const server = currentServer();
    if (server) server.stop().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return () => received;
}

/** `remix vite:build`; false, with a message under `label`, when it fails. */
export async function buildApp(label) {
  const code = await run(bin("remix"), ["vite:build"], { label: `${label}: build` });
  if (code !== 0) console.error(`${label}: the build failed (exit ${code})`);
  return code === 0;
}
