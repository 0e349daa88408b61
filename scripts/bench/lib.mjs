// Shared pieces of the benchmark scenarios: starting the built backend production-like, the bare
// comparison server, autocannon runs, machine facts, tables and result files.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, loadEnv, nodeBin, withDatabase } from '../lib/env.mjs';
import { BACKEND_NODE_FLAGS } from '../lib/node-flags.mjs';
import { buildIfStale } from '../lib/build.mjs';
import { freePort, stopChild, waitForHttp } from '../lib/proc.mjs';
import { ensureDatabase, ensureLocalServices, requireDatabaseServices } from '../local-services.mjs';

const require = createRequire(import.meta.url);
export const BENCH_DIR = join(ROOT, '.data', 'bench');

export function settings() {
  return {
    durationSeconds: Number(process.env.BENCH_DURATION || 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
    connections: Number(process.env.BENCH_CONNECTIONS || 100),
    pipelining: Number(process.env.BENCH_PIPELINING || 1),
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS || 1)),
  };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/**
 * Resident memory of a process in MiB (Linux /proc), or null.
 * @param {number | undefined} pid
 */
export function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks are 100 Hz), or null.
 * @param {number | undefined} pid
 */
export function cpuTimeMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** @typedef {{ serverCore: number, loadCore: number }} Pinning Which core the servers and the load generator run on. */

/**
 * Core pinning for load tests on this machine: with >= 2 cores (and `taskset`), the servers under test run on
 * core 0 and the load generator (this process: autocannon runs in it) on core 1, so autocannon does not steal
 * the server's core. `BENCH_PIN=0` turns it off. null when not pinning.
 * @returns {Pinning | null}
 */
export function pinning() {
  if (process.env.BENCH_PIN === '0') return null;
  if ((os.availableParallelism?.() ?? os.cpus().length) < 2) return null;
  if (spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status !== 0) return null;
  return { serverCore: 0, loadCore: 1 };
}

/**
 * Spawns `cmd` on the server core when `pin` is set (taskset execs it: same pid), else as is.
 * @param {Pinning | null | undefined} pin
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 */
function spawnMaybePinned(pin, cmd, args, options) {
  return pin ? spawn('taskset', ['-c', String(pin.serverCore), cmd, ...args], options) : spawn(cmd, args, options);
}

let loadPinned = false;
/**
 * Moves this process (every thread) to the load core, once.
 * @param {Pinning | null | undefined} pin
 */
export function pinLoadGenerator(pin) {
  if (!pin || loadPinned) return;
  // `-a` walks every thread of the process; one that ends during the walk fails the call, so try again.
  let result;
  for (let attempt = 0; attempt < 5; attempt++) {
    result = spawnSync('taskset', ['-a', '-p', '-c', String(pin.loadCore), String(process.pid)], { stdio: 'pipe', encoding: 'utf8' });
    if (result.status === 0) break;
  }
  if (result?.status !== 0) throw new Error(`taskset could not pin the load generator: ${result?.stderr?.trim()}`);
  loadPinned = true;
}

/**
 * The Node flags a benchmark run adds to a process it starts, from a space-separated environment variable
 * (BENCH_SERVER_NODE_OPTIONS for the API, BENCH_WORKER_NODE_OPTIONS for a worker): to trace or try a setting.
 * @param {string} name
 */
export function nodeFlagsFromEnv(name) {
  return (process.env[name] || '').split(' ').filter(Boolean);
}

/**
 * Prepares PostgreSQL/Redis/S3/mail as `npm start` does and starts `node backend/dist/main.js`
 * production-like (NODE_ENV=production, LOG_LEVEL=info to a log file, WORKERS=off, SERVE_WEB=false)
 * on a free loopback port. Resolves { url, pid, logPath, stop() }. `nodeFlags` and then BENCH_SERVER_NODE_OPTIONS
 * follow the backend's own flags (a later V8 flag wins): to trace or try a setting without changing the app.
 * @param {{ env?: Record<string, string>, log?: (line: string) => void, pin?: Pinning | null, nodeFlags?: string[] }} [options]
 */
export async function startBackend({ env: overrides = {}, log = console.log, pin = null, nodeFlags = [] } = {}) {
  const { env, childEnv } = loadEnv();
  await requireDatabaseServices(env, { createDatabase: false, log });
  const services = await ensureLocalServices({ env, detached: false, log });
  await buildIfStale(['backend'], { env: childEnv, log });
  const databaseUrl = process.env.BENCH_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_bench');
  await ensureDatabase(databaseUrl);
  const port = await freePort();
  mkdirSync(BENCH_DIR, { recursive: true });
  const logPath = join(BENCH_DIR, 'server.log');
  const fd = openSync(logPath, 'w');
  const flags = [...BACKEND_NODE_FLAGS, ...nodeFlags, ...nodeFlagsFromEnv('BENCH_SERVER_NODE_OPTIONS')];
  const child = spawnMaybePinned(pin, nodeBin(), [...flags, join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: join(ROOT, 'backend'),
    stdio: ['ignore', fd, fd],
    env: {
      ...childEnv,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_ORIGIN: `http://127.0.0.1:${port}`,
      WORKERS: 'off',
      SERVE_WEB: 'false',
      BULL_BOARD_ENABLED: 'false',
      DATABASE_URL: databaseUrl,
      DB_MIGRATE_ON_START: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...overrides,
    },
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health/ready`, { timeoutMs: 90000, child, name: 'The backend' });
  } catch (err) {
    await stopChild(child, { graceMs: 5000 });
    await services.stop();
    throw new Error(`${err.message} (log: ${logPath})`, { cause: err });
  }
  return {
    url,
    pid: child.pid,
    logPath,
    async stop() {
      await stopChild(child, { graceMs: 15000 });
      await services.stop();
    },
  };
}

/** @typedef {{ log: (line: string) => void, command: string }} ScenarioContext What run() of a scenario receives. */
/** @typedef {{ status: number, contentType: string | null, headers: Record<string, string>, body: Buffer }} Fetched */

/**
 * Starts bare-server.mjs answering `responses` ({ path: { contentType, body: Buffer } }).
 * @param {Record<string, Fetched>} responses
 * @param {{ pin?: Pinning | null }} [options]
 */
export async function startBareServer(responses, { pin = null } = {}) {
  return startReplayServer('bare-server.mjs', [], responses, { pin, name: 'The bare server' });
}

/**
 * Starts nest-floor.mjs (Nest and Fastify with nothing of Redpen's) answering the public JSON paths of
 * `responses`, with the backend's Node flags.
 * @param {Record<string, Fetched>} responses
 * @param {{ pin?: Pinning | null }} [options]
 */
export async function startNestFloor(responses, { pin = null } = {}) {
  return startReplayServer('nest-floor.mjs', BACKEND_NODE_FLAGS, responses, { pin, name: 'The Nest floor' });
}

/**
 * @param {string} script under scripts/bench
 * @param {string[]} nodeFlags
 * @param {Record<string, Fetched>} responses
 * @param {{ pin: Pinning | null, name: string }} options
 */
async function startReplayServer(script, nodeFlags, responses, { pin, name }) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = join(BENCH_DIR, 'bare-responses.json');
  writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(responses).map(([p, r]) => [p, { contentType: r.contentType, headers: r.headers, bodyBase64: r.body.toString('base64') }]),
      ),
    ),
  );
  const port = await freePort();
  const child = spawnMaybePinned(pin, nodeBin(), [...nodeFlags, join(ROOT, 'scripts', 'bench', script), String(port), file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${Object.keys(responses)[0]}`, { timeoutMs: 30000, child, name });
  return { url, pid: child.pid, stop: () => stopChild(child, { graceMs: 3000 }) };
}

// Headers that belong to one connection or one moment, not to the response the bare server replays.
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * GET `url` once: { status, contentType, headers, body: Buffer }. `headers` are the ones a replay must
 * send too (security headers, request id…), so the bare server answers with the same bytes on the wire.
 * @param {string} url
 * @returns {Promise<Fetched>}
 */
export async function fetchOnce(url, { headers: requestHeaders = {} } = {}) {
  const res = await fetch(url, { headers: requestHeaders, signal: AbortSignal.timeout(5000) });
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name)));
  return { status: res.status, contentType: res.headers.get('content-type'), headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** @typedef {Awaited<ReturnType<typeof loadTest>>} LoadResult */

/**
 * One autocannon run (loopback only, bounded by duration). Resolves the figures we report.
 * @param {string} url
 * @param {{ connections: number, durationSeconds: number, pipelining?: number, headers?: Record<string, string> }} options
 */
export async function loadTest(url, { connections, durationSeconds, pipelining = 1, headers = {} }) {
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1'].includes(hostname)) throw new Error(`refusing to load-test ${url}: loopback only`);
  const autocannon = require('autocannon');
  const result = await autocannon({ url, connections, duration: durationSeconds, pipelining, timeout: 10, headers });
  return {
    requestsPerSec: Math.round(result.requests.average),
    totalRequests: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    maxLatency: result.latency.max,
    meanLatency: Number(result.latency.average.toFixed(2)),
    throughputMBps: Number((result.throughput.average / 2 ** 20).toFixed(2)),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** @param {number[]} values */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The nearest-rank percentile `p` (0–100) of `values`; NaN when there are none.
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
}

/**
 * Of several load-test runs, the one with the median requests/s, with every run's figure as `rounds`.
 * @template {LoadResult} T
 * @param {T[]} runs
 */
export function medianRun(runs) {
  const m = median(runs.map((r) => r.requestsPerSec));
  const chosen = runs.reduce((best, r) => (Math.abs(r.requestsPerSec - m) < Math.abs(best.requestsPerSec - m) ? r : best));
  return { ...chosen, rounds: runs.map((r) => r.requestsPerSec) };
}

/** @param {number | null | undefined} n */
export function fmt(n, digits = 0) {
  return n === null || n === undefined ? '—' : Number(n).toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/**
 * A markdown table from rows of cells (first row is the header).
 * @param {unknown[][]} rows
 */
export function markdownTable(rows) {
  const [head, ...body] = rows;
  /** @param {unknown[]} cells */
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...body.map(line)].join('\n');
}

/**
 * A padded plain-text table for the terminal.
 * @param {unknown[][]} rows
 */
export function textTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
}

/** @param {string} name @param {unknown} data */
export function writeResult(name, data) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `${name}.json`);
  writeFileSync(path, JSON.stringify(data, null, 2) + '\n');
  return path;
}
