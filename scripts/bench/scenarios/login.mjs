// Scenario `login`: POST /api/auth/login through the whole built backend (production mode, argon2id with
// the parameters in backend/src/common/security/password-hasher.ts), as many distinct verified accounts
// signing in. Reports logins/s and latency (autocannon, another process) and the longest event-loop delay
// INSIDE the server process during the run: the server is started with a tiny preload (`--import` of a
// data: URL, no change to the app) that samples `perf_hooks.monitorEventLoopDelay` and appends one JSON
// line per second to a file; only the lines written while the load ran are counted.
// Rate limits stay on: each request comes from its own X-Forwarded-For address (TRUST_PROXY=loopback: the bench is the proxy, on loopback; for this
// run) and the accounts rotate, so the per-IP and per-account limits are not what is measured.
// Then GET /api/auth/me with the tokens of BENCH_LOGIN_ME_TOKENS (50) of those accounts in turn: the bearer check
// and session read every signed-in request pays (reported, no goal).
// Goal: max event-loop delay < 50 ms (hashing never blocks the loop).
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { BENCH_DIR, fmt, machine, markdownTable, rssMiB, settings, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'login';
export const description = 'POST /api/auth/login (argon2id): logins/s and max event-loop delay in the server';

const require = createRequire(import.meta.url);
const GOAL = { maxEventLoopDelayMs: 50 };
const ACCOUNTS = Number(process.env.BENCH_LOGIN_ACCOUNTS || 500);
export const PASSWORD = 'Bench-Login-Pass-42';

/**
 * autocannon requests signing in the seeded accounts in turn, each from its own X-Forwarded-For address (the
 * server runs with TRUST_PROXY=loopback), so the per-IP limit is not what is measured.
 * @param {string[]} emails
 */
export function loginRequests(emails) {
  let n = 0;
  return [{
    method: 'POST', path: '/api/auth/login',
    /** @param {Record<string, unknown>} req */
    setupRequest: (req) => {
      const i = n++;
      return {
        ...req,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ email: emails[i % emails.length], password: PASSWORD }),
      };
    },
  }];
}

const PROBE = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { appendFileSync } from 'node:fs';
const file = process.env.BENCH_ELD_FILE;
const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
setInterval(() => {
  appendFileSync(file, JSON.stringify({ t: Date.now(), maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, meanMs: h.mean / 1e6 }) + '\\n');
  h.reset();
}, 1000).unref();
`;

/** @param {string} databaseUrl @param {(line: string) => void} log */
export async function seedAccounts(databaseUrl, log) {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const { hash } = await import(join(ROOT, 'node_modules', '@node-rs', 'argon2', 'index.js'));
  // Same parameters as the backend (read from its source so the two cannot drift apart silently).
  const source = readFileSync(join(ROOT, 'backend', 'src', 'common', 'security', 'password-hasher.ts'), 'utf8');
  const params = /memoryCost:\s*(\d+),\s*timeCost:\s*(\d+),\s*parallelism:\s*(\d+)/.exec(source);
  if (!params) throw new Error('could not read the argon2 parameters from password-hasher.ts');
  const [memoryCost, timeCost, parallelism] = params.slice(1).map(Number);
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost, timeCost, parallelism });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`delete from users where email like 'bench-login-%@bench.local'`);
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench-login-${i}@bench.local`);
    await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified) select 'Bench User', e, '07700900123', $2, 'student', true from unnest($1::text[]) as e`,
      [emails, passwordHash],
    );
    log(`seeded ${ACCOUNTS} verified accounts (argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism})`);
    return { emails, argon2: { memoryCostKiB: memoryCost, timeCost, parallelism } };
  } finally {
    await client.end();
  }
}

const ME_PATH = '/api/auth/me';
const ME_TOKENS = Number(process.env.BENCH_LOGIN_ME_TOKENS || 50);

/**
 * After the logins: the authenticated read every signed-in page makes, GET /api/auth/me, with the tokens of
 * ME_TOKENS accounts signed in once each and sent in turn (what the bearer check costs, its memory of accepted
 * tokens included, and the session read). Same connections and duration as the logins.
 * @param {string} url @param {string[]} emails @param {ReturnType<typeof settings>} opts @param {(line: string) => void} log
 */
async function measureMe(url, emails, opts, log) {
  /** @type {string[]} */
  const tokens = [];
  for (let i = 0; i < Math.min(ME_TOKENS, emails.length); i++) {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ email: emails[i], password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`a bench login for ${ME_PATH} answered ${res.status}: ${await res.text()}`);
    tokens.push(/** @type {{ token: string }} */ (await res.json()).token);
  }
  const autocannon = require('autocannon');
  let n = 0;
  const requests = [{
    method: 'GET', path: ME_PATH,
    /** @param {Record<string, unknown>} req */
    setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${tokens[n++ % tokens.length]}` } }),
  }];
  /** @param {number} duration */
  const load = (duration) => autocannon({ url, connections: opts.connections, duration, timeout: 20, requests });
  if (opts.warmupSeconds > 0) await load(opts.warmupSeconds);
  log(`GET ${ME_PATH}, ${tokens.length} tokens in turn, ${opts.connections} connections, ${opts.durationSeconds} s…`);
  const result = await load(opts.durationSeconds);
  return {
    tokens: tokens.length, requestsPerSec: Math.round(result.requests.average), total: result.requests.total,
    p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts,
  };
}

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const opts = settings();
  if (!process.env.BENCH_CONNECTIONS) opts.connections = 32;
  mkdirSync(BENCH_DIR, { recursive: true });
  const eldFile = join(BENCH_DIR, 'login-eventloop.jsonl');
  rmSync(eldFile, { force: true });
  const probe = `data:text/javascript,${encodeURIComponent(PROBE)}`;
  const nest = await startBackend({ log, env: { TRUST_PROXY: 'loopback', BENCH_ELD_FILE: eldFile, NODE_OPTIONS: `--import=${probe}` } });
  try {
    const { env } = loadEnv();
    const databaseUrl = process.env.BENCH_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_bench');
    const { emails, argon2 } = await seedAccounts(databaseUrl, log);
    const sanity = await fetch(`${nest.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ email: emails[0], password: PASSWORD }),
    });
    if (sanity.status !== 200) throw new Error(`a bench login answered ${sanity.status}: ${await sanity.text()}`);

    const autocannon = require('autocannon');
    const requests = loginRequests(emails);
    /** @param {number} durationSeconds */
    const load = (durationSeconds) =>
      autocannon({
        url: nest.url, connections: opts.connections, duration: durationSeconds, timeout: 20,
        requests,
      });
    if (opts.warmupSeconds > 0) {
      log(`warming up ${opts.warmupSeconds} s…`);
      await load(opts.warmupSeconds);
    }
    log(`${opts.connections} connections, ${opts.durationSeconds} s…`);
    const start = Date.now();
    const result = await load(opts.durationSeconds);
    const end = Date.now();
    await new Promise((r) => setTimeout(r, 1200)); // let the probe write the last second
    const samples = existsSync(eldFile)
      ? readFileSync(eldFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((s) => s.t > start + 1000 && s.t <= end + 1000)
      : [];
    if (!samples.length) throw new Error('the event-loop probe wrote nothing: was the preload loaded?');
    const maxDelay = Math.max(...samples.map((s) => s.maxMs));
    const p99Delay = Math.max(...samples.map((s) => s.p99Ms));
    const figures = {
      loginsPerSec: Math.round(result.requests.average),
      totalLogins: result.requests.total,
      p50: result.latency.p50, p99: result.latency.p99,
      non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
      maxEventLoopDelayMs: Number(maxDelay.toFixed(1)), worstSecondP99DelayMs: Number(p99Delay.toFixed(1)), samples: samples.length,
      rssMiB: rssMiB(nest.pid),
    };
    const me = await measureMe(nest.url, emails, opts, log);
    Object.assign(figures, { me });
    const header = ['argon2id', 'connections', 'logins/s', 'p50 (ms)', 'p99 (ms)', 'non-2xx', 'max event-loop delay (ms)', 'worst 1 s p99 delay (ms)'];
    const row = [`m=${argon2.memoryCostKiB} KiB t=${argon2.timeCost} p=${argon2.parallelism}`, opts.connections, fmt(figures.loginsPerSec), fmt(figures.p50, 1), fmt(figures.p99, 1), figures.non2xx, fmt(figures.maxEventLoopDelayMs, 1), fmt(figures.worstSecondP99DelayMs, 1)];
    const ok = figures.maxEventLoopDelayMs < GOAL.maxEventLoopDelayMs;
    const date = new Date().toISOString();
    const m = machine();
    const file = writeResult(name, { scenario: name, date, command, machine: m, settings: opts, goal: GOAL, argon2, uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? '4 (default)', figures });
    console.log('\n' + textTable([header, row]) + '\n');
    console.log(`GET ${ME_PATH} with ${me.tokens} signed-in tokens in turn: ${fmt(me.requestsPerSec)} req/s, p50 ${fmt(me.p50, 1)} ms, p99 ${fmt(me.p99, 1)} ms, ${me.non2xx} non-2xx`);
    console.log(`max event-loop delay ${fmt(figures.maxEventLoopDelayMs, 1)} ms (goal < ${GOAL.maxEventLoopDelayMs} ms) ${ok ? 'met' : 'NOT met'}; ${figures.non2xx} non-2xx, ${figures.errors + figures.timeouts} errors`);
    console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`; ${opts.connections} connections, ${opts.durationSeconds} s after a ${opts.warmupSeconds} s warm-up; event-loop delay sampled in the server process (monitorEventLoopDelay, 5 ms resolution).\n`);
    console.log(markdownTable([header, row]) + '\n');
    return { ok: ok && figures.non2xx === 0 && figures.errors === 0 && me.non2xx === 0 && me.errors === 0, data: figures };
  } finally {
    await nest.stop();
  }
}

export { run_ as run };
