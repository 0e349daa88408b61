#!/usr/bin/env node
// `npm run test:e2e -w frontend`: browser journeys against the BUILT platform.
//   0. type-check frontend/e2e (tsconfig.json there: erasable syntax only, as Node runs it)
//   1. chromium: /usr/bin/chromium (Debian's), installed with apt-get when missing
//   2. PostgreSQL and Redis reachable; local S3 endpoint and mail catcher started when needed
//   3. the builds exist (built when missing or stale)
//   4. a fresh database (redpen_e2e), `node backend/dist/main.js` on a free port (WORKERS=inline,
//      SERVE_WEB=true; it migrates and seeds the demo accounts), waited for until /api/health/ready answers
//   5. node --test frontend/e2e/*.test.{ts,mjs} with E2E_BASE_URL set; then the server is stopped
// Options: `--…` arguments are passed to node --test (e.g. --test-name-pattern=redirect); other arguments
// choose test files by name (e.g. `npm run test:e2e -w frontend -- smoke` runs smoke.test.ts only).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, openSync, readdirSync, closeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, loadEnv, nodeBin, withDatabase } from '../../scripts/lib/env.mjs';
import { buildIfStale } from '../../scripts/lib/build.mjs';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { freePort, run, stopChild, waitForHttp } from '../../scripts/lib/proc.mjs';
import { ensureLocalServices, recreateDatabase, requireDatabaseServices } from '../../scripts/local-services.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(ROOT, 'frontend', 'test-results');
// A guard against a hung journey, not a time the journeys must meet: on this 2-core machine, beside the backend's
// end-to-end tests in the other lane of `npm test`, they took 9–10 minutes (2026-11-27, 135 journeys).
const TEST_TIMEOUT_MS = 15 * 60 * 1000;
/** @param {string} line */
const log = (line) => console.log(`[e2e] ${line}`);

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${CHROMIUM_PATH} does not exist`);
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${CHROMIUM_PATH} is missing. Install Debian's chromium: sudo apt-get install -y chromium`);
  }
  log('chromium is missing: installing it with apt-get (Debian package "chromium")…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env, timeout: 15 * 60 * 1000 });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing`);
}

/** @param {string} url */
async function flushRedis(url) {
  const { Redis } = createRequire(join(ROOT, 'backend', 'package.json'))('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/** @param {string[]} filters */
function testFiles(filters) {
  return readdirSync(HERE)
    .filter((f) => /\.test\.(ts|mts|mjs|js)$/.test(f))
    .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
    .sort()
    .map((f) => join(HERE, f));
}

async function main() {
  // The journeys are run by Node's type stripping, which does not type-check: do it here (a few seconds).
  const tsc = await run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(HERE, 'tsconfig.json')], { timeoutMs: 120000 });
  if (tsc.code !== 0) {
    console.error('[e2e] the journeys do not type-check (see above)');
    process.exit(1);
  }
  ensureChromium();
  const { env, childEnv } = loadEnv();
  await requireDatabaseServices(env, { createDatabase: false, log });
  const services = await ensureLocalServices({ env, detached: false, log });
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  let exitCode;
  const cleanup = async () => {
    if (server) await stopChild(server, { graceMs: 15000 });
    await services.stop();
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => cleanup().then(() => process.exit(130)));

  try {
    await buildIfStale(['frontend', 'backend'], { env: childEnv, log });

    const databaseUrl = process.env.E2E_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_e2e');
    await recreateDatabase(databaseUrl);
    // A Redis keyspace of its own (db 2: a Redis URL's path is its db), emptied per run: rate limits (10
    // registrations an hour per IP) and queued jobs from earlier runs or a running development instance must not
    // leak into the journeys.
    const redisUrl = process.env.E2E_REDIS_URL || withDatabase(env.REDIS_URL, '2');
    await flushRedis(redisUrl);
    const port = Number(process.env.E2E_PORT) || (await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const serverEnv = {
      ...childEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_ORIGIN: baseUrl,
      DATABASE_URL: databaseUrl,
      DB_MIGRATE_ON_START: 'true',
      // The server migrates and seeds the demo accounts (admin, tutor, student) for journeys that sign in.
      SEED_DEMO_DATA: 'true',
      WORKERS: 'inline',
      SERVE_WEB: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'info',
      REDIS_URL: redisUrl,
      S3_ENDPOINT: env.S3_ENDPOINT,
      SMTP_HOST: env.SMTP_HOST,
      SMTP_PORT: env.SMTP_PORT,
      MAIL_CATCHER_URL: env.MAIL_CATCHER_URL,
    };

    mkdirSync(RESULTS, { recursive: true });
    const logPath = join(RESULTS, 'server.log');
    const fd = openSync(logPath, 'w');
    server = spawn(nodeBin(), [join(ROOT, 'backend', 'dist', 'main.js')], { cwd: join(ROOT, 'backend'), env: serverEnv, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    log(`platform starting on ${baseUrl} (database ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; log ${logPath.replace(ROOT + '/', '')})`);
    try {
      await waitForHttp(`${baseUrl}/api/health/ready`, { timeoutMs: 90000, child: server, name: 'The platform' });
    } catch (err) {
      throw new Error(`${err.message} (server log: ${logPath})`, { cause: err });
    }
    log('platform ready; running the journeys');

    const args = process.argv.slice(2);
    const files = testFiles(args.filter((a) => !a.startsWith('--')));
    if (!files.length) throw new Error(`no test file in frontend/e2e matches ${args.join(' ')}`);
    const result = await run(
      nodeBin(),
      ['--test', '--test-concurrency=1', '--test-timeout=120000', ...args.filter((a) => a.startsWith('--')), ...files],
      { env: { ...childEnv, E2E_BASE_URL: baseUrl, E2E_SERVER_LOG: logPath, MAIL_CATCHER_URL: env.MAIL_CATCHER_URL, CHROMIUM_PATH }, cwd: join(ROOT, 'frontend'), timeoutMs: TEST_TIMEOUT_MS },
    );
    exitCode = result.code;
    if (exitCode !== 0) log(`journeys failed; screenshots and the server log are in ${RESULTS.replace(ROOT + '/', '')}/`);
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}

main();
