// Scenario `http`: GET /api/health, GET /api (JSON) and the authenticated read GET /api/auth/me through the
// whole Nest stack (production pipes, filters, guards, request logging to a file), side by side with a bare
// node:http server that returns the same bytes: body, content-type and the other headers the backend sends
// (security headers, request id), and, on the public paths, the Nest floor (nest-floor.mjs: Nest and Fastify
// sending the same bytes with no code of Redpen's), which shows what the framework itself costs. With >= 2 cores the servers run on core 0 and autocannon on core 1
// (`taskset`; BENCH_PIN=0 turns it off). Goal: Nest >= 70 % of bare requests/s on the public routes,
// p99 <= 25 ms at 100 connections everywhere. /api/auth/me reads PostgreSQL on every request (session and
// user), so its ratio to a bare replay is shown but is not a goal. The backend logs as in production: a line per
// request on /api and /api/auth/me, a count for /api/health (a health probe, HealthProbeCount); the report says
// how many lines and probes its log holds for the requests sent, read once it has stopped.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { sleep } from '../../lib/proc.mjs';
import { cpuTimeMs, fetchOnce, fmt, loadTest, machine, markdownTable, median, medianRun, pinLoadGenerator, pinning, rssMiB, settings, startBackend, startBareServer, startNestFloor, textTable, writeResult } from '../lib.mjs';

export const name = 'http';
export const description = 'Nest (Fastify) vs bare node:http: GET /api/health, /api and /api/auth/me (authenticated)';

const require = createRequire(import.meta.url);
export const AUTH_PATH = '/api/auth/me';
const BENCH_EMAIL = 'bench-http@bench.local';
const BENCH_PASSWORD = 'Bench-Http-Pass-42';

/** @typedef {{ target: string, path: string, url: string, pid: number | undefined, headers: Record<string, string> }} Target */
/** @typedef {import('../lib.mjs').LoadResult & { cpuUsPerRequest: number }} MeasuredRun One round against one target. */
/**
 * @typedef {MeasuredRun & { target: string, path: string, bytes: number, rounds: number[], ratio: number, cpuRatio: number, roundRatios: number[] }} TargetResult
 * A target's median round; `ratio`, `cpuRatio` and `roundRatios` are filled in once every target is measured.
 */

/**
 * A verified student in the bench database, signed in once through the API: the bearer header for /api/auth/me.
 * @param {string} nestUrl
 */
export async function signedInHeaders(nestUrl) {
  const { env } = loadEnv();
  const databaseUrl = process.env.BENCH_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_bench');
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const { hash } = await import(join(ROOT, 'node_modules', '@node-rs', 'argon2', 'index.js'));
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`delete from users where email = $1`, [BENCH_EMAIL]);
    await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified) values ('Bench User', $1, '07700900123', $2, 'student', true)`,
      [BENCH_EMAIL, passwordHash],
    );
  } finally {
    await client.end();
  }
  const res = await fetch(`${nestUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`the bench sign-in answered ${res.status}: ${await res.text()}`);
  const { token } = /** @type {{ token: string }} */ (await res.json());
  return { authorization: `Bearer ${token}` };
}

// The JSON endpoint: BENCH_JSON_PATH, else /api/bench/json, else GET /api (the API's info object).
const JSON_CANDIDATES = process.env.BENCH_JSON_PATH ? [process.env.BENCH_JSON_PATH] : ['/api/bench/json', '/api'];
/** This scenario's goals; `http-gc` holds its processes to the same p99. */
export const GOAL = { minRatio: 0.7, maxP99Ms: 25 };
const NEST = 'Nest + Fastify';
const FLOOR = 'Nest floor';

/**
 * What the backend's log says of `paths`: its request lines per path, and the health probes it counted.
 * @param {string} logPath
 * @param {string[]} paths
 */
async function logTally(logPath, paths) {
  /** @type {Record<string, number>} */
  const requestLines = Object.fromEntries(paths.map((path) => [path, 0]));
  let probesCounted = 0;
  // Read line by line: a long run's log (hundreds of MB) is more than one string may hold.
  for await (const line of createInterface({ input: createReadStream(logPath), crlfDelay: Infinity })) {
    if (line.includes('"msg":"request completed"')) {
      const url = /"url":"([^"]*)"/.exec(line)?.[1];
      if (url !== undefined && url in requestLines) requestLines[url]++;
    } else if (line.includes('"msg":"health probes answered"')) {
      probesCounted += Number(/"healthProbes":(\d+)/.exec(line)?.[1] ?? 0);
    }
  }
  return { requestLines, probesCounted };
}

/**
 * A server's CPU time (ms) once it has gone quiet after a round, waiting at most 3 s: what a round leaves behind
 * (log lines still queued to be written, a collection) is its requests' work too, and would otherwise land on the
 * next target's round.
 * @param {number | undefined} pid
 */
async function cpuOnceSettled(pid) {
  let last = cpuTimeMs(pid);
  for (let waited = 0; waited < 3000 && last !== null; waited += 200) {
    await sleep(200);
    const now = cpuTimeMs(pid);
    // /proc counts in 10 ms ticks: one tick in 200 ms is an idle server's timers.
    if (now === null || now - last <= 10) return now ?? last;
    last = now;
  }
  return last;
}

/** @param {import('../lib.mjs').ScenarioContext} context */
export async function run({ log, command }) {
  const opts = settings();
  log(`${opts.connections} connections, ${opts.durationSeconds} s per target (+${opts.warmupSeconds} s warm-up), ${opts.rounds} round(s), loopback only`);
  const pin = pinning();
  log(pin ? `pinned: servers on core ${pin.serverCore}, autocannon on core ${pin.loadCore}` : 'not pinned (fewer than 2 cores, no taskset, or BENCH_PIN=0)');
  pinLoadGenerator(pin);
  const nest = await startBackend({ log, pin });
  let nestStopped = false;
  const stopNest = async () => {
    if (!nestStopped) await nest.stop();
    nestStopped = true;
  };
  let bare;
  let floor;
  try {
    /** @type {Record<string, import('../lib.mjs').Fetched>} */
    const responses = {};
    /** @type {string[]} */
    const missing = [];
    const health = await fetchOnce(nest.url + '/api/health');
    if (health.status !== 200) throw new Error(`GET /api/health on the backend answered ${health.status}`);
    responses['/api/health'] = health;
    for (const path of JSON_CANDIDATES) {
      const r = await fetchOnce(nest.url + path);
      if (r.status === 200 && /json/.test(r.contentType || '')) {
        responses[path] = r;
        break;
      }
      log(`GET ${path} on the backend answered ${r.status} ${r.contentType || ''}: not a JSON endpoint to measure`);
    }
    if (Object.keys(responses).length < 2) missing.push(JSON_CANDIDATES.join(' or '));
    /** @type {Record<string, Record<string, string>>} */
    const requestHeaders = { [AUTH_PATH]: await signedInHeaders(nest.url) };
    const me = await fetchOnce(nest.url + AUTH_PATH, { headers: requestHeaders[AUTH_PATH] });
    if (me.status === 200) responses[AUTH_PATH] = me;
    else missing.push(`${AUTH_PATH} (answered ${me.status})`);
    const paths = Object.keys(responses);
    if (!paths.length) throw new Error('no path to measure');
    bare = await startBareServer(responses, { pin });
    floor = await startNestFloor(responses, { pin });
    const floorPaths = paths.filter((path) => path !== AUTH_PATH);
    for (const [server, served] of /** @type {const} */ ([[bare, paths], [floor, floorPaths]])) {
      for (const path of served) {
        const b = await fetchOnce(server.url + path);
        if (!b.body.equals(responses[path].body) || b.contentType !== responses[path].contentType) throw new Error(`${server === bare ? 'the bare server' : 'the Nest floor'}'s ${path} differs from the backend's`);
      }
    }
    /** @type {Record<string, number | null>} */
    const memory = { nestIdleMiB: rssMiB(nest.pid), bareIdleMiB: rssMiB(bare.pid) };

    // Warm every target up once, then measure in interleaved rounds (bare, Nest, bare, Nest, …) so a
    // slow moment of the machine does not land on one target only; report each target's median round.
    /** @type {Target[]} */
    const targets = [];
    /** @type {[string, { url: string, pid: number | undefined }][]} */
    const servers = [['bare node:http', bare], [FLOOR, floor], [NEST, nest]];
    for (const path of paths) {
      for (const [target, server] of servers) {
        if (target === FLOOR && !floorPaths.includes(path)) continue;
        targets.push({ target, path, url: server.url + path, pid: server.pid, headers: requestHeaders[path] ?? {} });
      }
    }
    /** @type {Record<string, number>} Requests the backend answered, per path, from here on (its log is tallied against them). */
    const sentToNest = Object.fromEntries(paths.map((path) => [path, 0]));
    if (opts.warmupSeconds > 0) {
      log(`warming up (${opts.warmupSeconds} s per target)…`);
      for (const t of targets) {
        const warm = await loadTest(t.url, { ...opts, headers: t.headers, durationSeconds: opts.warmupSeconds });
        if (t.target === NEST) sentToNest[t.path] += warm.totalRequests;
      }
    }
    /** @type {Map<Target, MeasuredRun[]>} */
    const runs = new Map(targets.map((t) => [t, []]));
    for (let round = 1; round <= opts.rounds; round++) {
      for (const t of targets) {
        log(`round ${round}/${opts.rounds}: ${t.target} ${t.path}…`);
        // The server's CPU time per request: unlike requests/s, it hardly moves when other work shares the core.
        const cpuBefore = cpuTimeMs(t.pid);
        const result = await loadTest(t.url, { ...opts, headers: t.headers });
        // No CPU figure (no /proc) counts as 0, as `-` did with null.
        const cpuMs = ((await cpuOnceSettled(t.pid)) ?? 0) - (cpuBefore ?? 0);
        runs.get(t)?.push({ ...result, cpuUsPerRequest: Math.round((cpuMs * 1000) / Math.max(1, result.totalRequests)) });
        if (t.target === NEST) sentToNest[t.path] += result.totalRequests;
      }
    }
    const results = targets.map((t) => {
      return /** @type {TargetResult} */ ({ target: t.target, path: t.path, bytes: responses[t.path].body.length, ...medianRun(runs.get(t) ?? []), ratio: 1 });
    });
    memory.nestAfterMiB = rssMiB(nest.pid);
    memory.bareAfterMiB = rssMiB(bare.pid);

    for (const r of results) {
      const base = results.find((x) => x.path === r.path && x.target === 'bare node:http');
      if (!base) throw new Error(`no bare node:http result for ${r.path}`);
      r.ratio = Number((r.requestsPerSec / base.requestsPerSec).toFixed(3));
      const target = targets.find((t) => t.target === r.target && t.path === r.path);
      r.cpuUsPerRequest = median(((target && runs.get(target)) ?? []).map((x) => x.cpuUsPerRequest));
      r.cpuRatio = Number((base.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(3));
      // Each round measures bare then Nest back to back: the per-round ratios, not only the ratio of medians,
      // show how much a busy machine moves the figure.
      r.roundRatios = r.rounds.map((rps, i) => Number((rps / base.rounds[i]).toFixed(3)));
    }
    const nestRows = results.filter((r) => r.target === NEST);
    const goals = nestRows.map((r) => ({
      path: r.path,
      ratio: r.ratio,
      floorRatio: results.find((x) => x.path === r.path && x.target === FLOOR)?.ratio,
      p99: r.p99,
      ratioOk: r.path === AUTH_PATH || r.ratio >= GOAL.minRatio,
      p99Ok: r.p99 <= GOAL.maxP99Ms,
      clean: r.errors === 0 && r.non2xx === 0 && r.timeouts === 0,
    }));

    const header = ['target', 'path', 'requests/s', 'p50 (ms)', 'p99 (ms)', 'ratio to bare', 'server CPU µs/request', 'bare CPU ÷ this', 'errors / non-2xx'];
    if (opts.rounds > 1) header.push('rounds (req/s)', 'per-round ratio: median (range)');
    const rows = results.map((r) => [
      r.target,
      r.path,
      fmt(r.requestsPerSec),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      `${fmt(r.ratio * 100, 1)} %`,
      fmt(r.cpuUsPerRequest),
      `${fmt(r.cpuRatio * 100, 1)} %`,
      `${r.errors + r.timeouts} / ${r.non2xx}`,
      ...(opts.rounds > 1 ? [r.rounds.map((x) => fmt(x)).join(', '), `${fmt(median(r.roundRatios) * 100, 0)} % (${fmt(Math.min(...r.roundRatios) * 100, 0)}–${fmt(Math.max(...r.roundRatios) * 100, 0)} %)`] : []),
    ]);
    // Stopped (SIGTERM: it writes its last lines and the probes counted since its last count) before its log is read.
    await stopNest();
    const tally = await logTally(nest.logPath, paths);
    const logged = paths.map((path) => ({ path, requests: sentToNest[path], requestLines: tally.requestLines[path] }));
    const date = new Date().toISOString();
    const m = machine();
    const data = { scenario: name, date, command, machine: m, settings: opts, pinning: pin, goal: GOAL, memory, results, goals, logged, healthProbesCounted: tally.probesCounted, notMeasured: missing };
    const file = writeResult(name, data);

    console.log('\n' + textTable([header, ...rows]) + '\n');
    for (const g of goals) {
      const floorNote = g.floorRatio === undefined ? '' : ` (the Nest floor: ${fmt(g.floorRatio * 100, 1)} %)`;
      console.log(`${g.path}: ${fmt(g.ratio * 100, 1)} % of bare${floorNote} ${g.path === AUTH_PATH ? '(no goal: reads PostgreSQL)' : `(goal ≥ ${GOAL.minRatio * 100} %) ${g.ratioOk ? 'met' : 'NOT met'}`}; p99 ${fmt(g.p99, 1)} ms (goal ≤ ${GOAL.maxP99Ms} ms) ${g.p99Ok ? 'met' : 'NOT met'}${g.clean ? '' : '; ERRORS or non-2xx answers'}`);
    }
    console.log(`memory (RSS): Nest ${memory.nestIdleMiB} MiB idle, ${memory.nestAfterMiB} MiB after load; bare ${memory.bareIdleMiB} → ${memory.bareAfterMiB} MiB`);
    // The set-up's own requests (a fetch or two per path, the sign-in) are in the log too: a few more than sent.
    const loggedNote = logged.map((l) => `${l.path} ${fmt(l.requestLines)} request lines for ${fmt(l.requests)} requests`).join('; ');
    console.log(`the backend's log: ${loggedNote}; health probes counted (no line each): ${fmt(tally.probesCounted)}`);
    console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; \`${command}\`; ${opts.connections} connections, ${opts.durationSeconds} s per target after a ${opts.warmupSeconds} s warm-up, ${opts.rounds} interleaved round(s), median shown; ${pin ? `server and bare server pinned to core ${pin.serverCore}, autocannon to core ${pin.loadCore} (taskset)` : 'autocannon on the same cores as the server'}.\n`);
    console.log(markdownTable([header, ...rows]));
    console.log('');
    if (missing.length) console.log(`Not measured (the backend did not answer 200): ${missing.join(', ')}`);
    return { ok: goals.every((g) => g.clean) && missing.length === 0, data };
  } finally {
    await floor?.stop();
    await bare?.stop();
    await stopNest();
  }
}
