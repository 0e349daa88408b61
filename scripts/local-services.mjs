#!/usr/bin/env node
// Local development services for Redpen.
//
// - S3: s3rver (npm) when S3_ENDPOINT points at this machine and nothing listens there.
// - Mail: maildev (npm) when SMTP_HOST / MAIL_CATCHER_URL point at this machine and nothing listens there.
// - PostgreSQL and Redis are not started here (they are system services or docker compose services):
//   checkPostgres / checkRedis say in one line why one cannot be used.
//
// CLI: `npm run services` (start, detached: they keep running), `npm run services -- stop`,
//      `npm run services -- status`.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync, closeSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, databaseName, hostPort, isLocalHost, loadEnv, nodeBin, withDatabase } from './lib/env.mjs';
import { isPortOpen, killPid, pidAlive, waitForPort } from './lib/proc.mjs';

/** @typedef {import('./lib/env.mjs').Env} Env */
/** @typedef {{ ok: true, databaseMissing?: boolean, reason?: undefined } | { ok: false, reason: string, databaseMissing?: undefined }} Check */
/** @typedef {{ pid: number, ports?: number[], detached?: boolean, startedAt?: string, log?: string }} PidEntry */
/** @typedef {(line: string) => void} Log */

export const DATA_DIR = join(ROOT, '.data');
export const PIDS_FILE = join(DATA_DIR, 'pids.json');
const LOG_DIR = join(DATA_DIR, 'logs');
const START_TIMEOUT_MS = 30000;

export const START_HINT =
  'Start it with "docker compose --profile dev up -d postgres redis minio minio-init mailpit" (its values in .env: docs/operations.md) or install the system packages (apt install postgresql redis-server).';

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis checks
// ---------------------------------------------------------------------------------------------

async function loadPg() {
  const mod = await import('pg');
  return mod.default ?? mod;
}

/**
 * Connects to the database in `url` and runs SELECT 1.
 * Resolves { ok: true } or { ok: true, databaseMissing: true } (the server answers but the database
 * does not exist yet), or { ok: false, reason } with a one-line reason.
 * @param {string} url
 * @returns {Promise<Check>}
 */
export async function checkPostgres(url, { timeoutMs = 4000 } = {}) {
  let where;
  try {
    const { host, port } = hostPort(url, 5432);
    where = `${host}:${port}`;
  } catch {
    return { ok: false, reason: `DATABASE_URL is not a valid URL: ${url}` };
  }
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (err) {
    if (err.code === '3D000') return { ok: true, databaseMissing: true };
    if (['28P01', '28000'].includes(err.code)) {
      return { ok: false, reason: `PostgreSQL at ${where} refused the login (${oneLine(err.message)}). Set DATABASE_URL in .env with a user and password it accepts.` };
    }
    if (err.code && /^[0-9A-Z]{5}$/.test(err.code)) {
      return { ok: false, reason: `PostgreSQL at ${where} answered with an error: ${oneLine(err.message)}` };
    }
    return { ok: false, reason: `PostgreSQL is not reachable at ${where}. ${START_HINT}` };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates the database named in `url` when it does not exist. Resolves true when it was created.
 * @param {string} url
 */
export async function ensureDatabase(url) {
  const name = databaseName(url);
  const pg = await loadPg();
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 4000 });
  admin.on('error', () => {});
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (err) {
    if (err.code === '42P04') return false; // created concurrently
    throw err;
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * Drops (terminating its sessions) and creates the database named in `url`.
 * @param {string} url
 */
export async function recreateDatabase(url) {
  const name = databaseName(url);
  const pg = await loadPg();
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 4000 });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** @param {string} name */
function quoteIdent(name) {
  return '"' + String(name).replace(/"/g, '""') + '"';
}

/** @param {unknown} s */
function oneLine(s) {
  return String(s).replace(/\s+/g, ' ').trim();
}

/** @param {...string} args */
function respCommand(...args) {
  return `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('');
}

/**
 * Connects to Redis over a raw socket, authenticates when the URL has a password, sends PING.
 * Resolves { ok: true } or { ok: false, reason }.
 * @param {string} url
 * @returns {Promise<Check>}
 */
export function checkRedis(url, { timeoutMs = 3000 } = {}) {
  /** @type {URL} */
  let u;
  /** @type {string} */
  let host;
  /** @type {number} */
  let port;
  try {
    u = new URL(url);
    ({ host, port } = hostPort(url, 6379));
  } catch {
    return Promise.resolve({ ok: false, reason: `REDIS_URL is not a valid URL: ${url}` });
  }
  const where = `${host}:${port}`;
  return new Promise((resolve) => {
    const socket = u.protocol === 'rediss:' ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    let buf = '';
    let settled = false;
    /** @param {Check} result */
    const finish = (result) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => finish({ ok: false, reason: `Redis is not reachable at ${where}. ${START_HINT}` }));
    socket.once('error', () => finish({ ok: false, reason: `Redis is not reachable at ${where}. ${START_HINT}` }));
    socket.once(u.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      let payload = '';
      if (u.password) {
        const user = decodeURIComponent(u.username || '');
        payload += user ? respCommand('AUTH', user, decodeURIComponent(u.password)) : respCommand('AUTH', decodeURIComponent(u.password));
      }
      payload += respCommand('PING');
      socket.write(payload);
    });
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      const lines = buf.split('\r\n').filter(Boolean);
      for (const line of lines) {
        if (line.startsWith('-')) return finish({ ok: false, reason: `Redis at ${where} answered: ${line.slice(1)}. Check REDIS_URL.` });
        if (line === '+PONG') return finish({ ok: true });
      }
    });
  });
}

/**
 * Checks PostgreSQL and Redis; on failure prints ONE line to stderr and exits 1 (no stack trace).
 * Creates the database named in DATABASE_URL when `createDatabase` is set and it is missing.
 * @param {Env} env
 * @param {{ createDatabase?: boolean, log?: Log }} [options]
 */
export async function requireDatabaseServices(env, { createDatabase = true, log = console.log } = {}) {
  const [pgResult, redisResult] = await Promise.all([checkPostgres(env.DATABASE_URL), checkRedis(env.REDIS_URL)]);
  for (const result of [pgResult, redisResult]) {
    if (!result.ok) {
      process.stderr.write(result.reason + '\n');
      process.exit(1);
    }
  }
  if (pgResult.databaseMissing && createDatabase) {
    try {
      await ensureDatabase(env.DATABASE_URL);
      log(`Created database "${databaseName(env.DATABASE_URL)}".`);
    } catch (err) {
      process.stderr.write(`Could not create database "${databaseName(env.DATABASE_URL)}": ${oneLine(err.message)}\n`);
      process.exit(1);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// s3rver and maildev
// ---------------------------------------------------------------------------------------------

/** @returns {Record<string, PidEntry>} */
export function readPids() {
  try {
    return JSON.parse(readFileSync(PIDS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** @param {Record<string, PidEntry>} pids */
function writePids(pids) {
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(PIDS_FILE, JSON.stringify(pids, null, 2) + '\n');
}

/** @param {string} name @param {PidEntry} entry */
function recordPid(name, entry) {
  const pids = readPids();
  pids[name] = entry;
  writePids(pids);
}

/** @param {string} name @param {number} [pid] */
function forgetPid(name, pid) {
  const pids = readPids();
  if (pids[name] && (pid === undefined || pids[name].pid === pid)) {
    delete pids[name];
    writePids(pids);
  }
}

/**
 * True when `pid` is alive and its command line mentions `marker` (guards against a reused PID).
 * @param {number | undefined} pid
 * @param {string} marker
 */
function isOurProcess(pid, marker) {
  if (!pid || !pidAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
  } catch {
    return true; // no /proc: trust the PID file
  }
}

/**
 * What to run for each service, given the environment. Returns [] entries for remote or unset endpoints.
 * @param {Env} env
 */
export function plannedServices(env) {
  /** @type {{ name: string, label: string, local: boolean, host: string, ports: number[], configured: string, args: string[] }[]} */
  const services = [];
  if (env.S3_ENDPOINT) {
    const { host, port } = hostPort(env.S3_ENDPOINT, 9000);
    services.push({
      name: 's3rver',
      label: 'S3 endpoint (s3rver)',
      local: isLocalHost(host),
      host: '127.0.0.1',
      ports: [port],
      configured: env.S3_ENDPOINT,
      args: [join(ROOT, 'node_modules', 's3rver', 'bin', 's3rver.js'), '--directory', join(DATA_DIR, 's3'), '--address', '127.0.0.1', '--port', String(port), '--silent'],
    });
  }
  if (env.SMTP_HOST) {
    const smtpPort = Number(env.SMTP_PORT || 1025);
    const catcher = env.MAIL_CATCHER_URL ? hostPort(env.MAIL_CATCHER_URL, 1080) : { host: env.SMTP_HOST, port: 1080 };
    const local = isLocalHost(env.SMTP_HOST) && isLocalHost(catcher.host);
    services.push({
      name: 'maildev',
      label: 'mail catcher (maildev)',
      local,
      host: '127.0.0.1',
      ports: [smtpPort, catcher.port],
      configured: `smtp://${env.SMTP_HOST}:${smtpPort}, inbox ${env.MAIL_CATCHER_URL || `http://${catcher.host}:${catcher.port}`}`,
      args: [join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev'), '--ip', '127.0.0.1', '--smtp', String(smtpPort), '--web', String(catcher.port), '--web-ip', '127.0.0.1', '--mail-directory', join(DATA_DIR, 'mail'), '--silent'],
    });
  }
  return services;
}

/**
 * Starts s3rver and maildev when their configured endpoints are on this machine and nothing listens there.
 * detached=true: they outlive this process (npm run services); otherwise they are children of this process.
 * Resolves { services: [{name, status: 'started'|'running'|'remote', pid?}], stop() } where stop()
 * stops only what this call started. Throws a one-line Error when a service does not come up in time.
 * @param {{ env?: Env, detached?: boolean, log?: Log }} [options]
 */
export async function ensureLocalServices({ env = loadEnv().env, detached = false, log = () => {} } = {}) {
  /** @type {{ name: string, status: 'started' | 'running' | 'remote', pid?: number }[]} */
  const results = [];
  /** @type {{ name: string, pid: number, child: import('node:child_process').ChildProcess }[]} */
  const started = [];
  for (const svc of plannedServices(env)) {
    if (!svc.local) {
      results.push({ name: svc.name, status: 'remote' });
      log(`${svc.label}: using ${svc.configured} (not on this machine, not started)`);
      continue;
    }
    const open = await Promise.all(svc.ports.map((p) => isPortOpen(svc.host, p, 700)));
    if (open.every(Boolean)) {
      results.push({ name: svc.name, status: 'running' });
      log(`${svc.label}: already listening (${svc.configured})`);
      continue;
    }
    if (open.some(Boolean)) {
      const busy = svc.ports.filter((_, i) => open[i]).join(', ');
      throw new Error(`Cannot start the ${svc.label}: port ${busy} is taken by another program (${svc.configured}). Free it or change the configuration.`);
    }
    mkdirSync(LOG_DIR, { recursive: true });
    mkdirSync(join(DATA_DIR, svc.name === 's3rver' ? 's3' : 'mail'), { recursive: true });
    const logFile = join(LOG_DIR, `${svc.name}.log`);
    const fd = openSync(logFile, 'a');
    // Always in its own process group, so a Ctrl-C in the terminal reaches our scripts first and they
    // stop the services after the app has drained; `detached` decides whether they outlive this process.
    const child = spawn(nodeBin(), svc.args, { cwd: ROOT, detached: true, stdio: ['ignore', fd, fd], env: { ...process.env } });
    closeSync(fd);
    child.unref();
    if (!detached) killOnExit(child);
    const pid = /** @type {number} */ (child.pid); // spawn() throws rather than leave it unset
    recordPid(svc.name, { pid, ports: svc.ports, detached, startedAt: new Date().toISOString(), log: logFile });
    child.once('exit', () => forgetPid(svc.name, pid));
    try {
      for (const p of svc.ports) await waitForPort(svc.host, p, { timeoutMs: START_TIMEOUT_MS, name: `The ${svc.label}`, child });
    } catch (err) {
      try { child.kill('SIGKILL'); } catch { /* gone */ }
      forgetPid(svc.name, pid);
      await Promise.all(started.map((s) => killPid(s.pid)));
      throw new Error(`${err.message} (log: ${logFile})`, { cause: err });
    }
    started.push({ name: svc.name, pid, child });
    results.push({ name: svc.name, status: 'started', pid });
    log(`${svc.label}: started, pid ${pid} (${svc.configured}; log ${logFile})`);
  }
  return {
    services: results,
    started: started.map(({ name, pid }) => ({ name, pid })),
    async stop() {
      await Promise.all(
        started.map(async (s) => {
          await killPid(s.pid, { graceMs: 3000 });
          forgetPid(s.name, s.pid);
        }),
      );
    },
  };
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const exitKills = new Set();
/** @param {import('node:child_process').ChildProcess} child */
function killOnExit(child) {
  if (exitKills.size === 0) {
    process.on('exit', () => {
      for (const c of exitKills) if (c.exitCode === null && c.signalCode === null) try { c.kill('SIGKILL'); } catch { /* gone */ }
    });
  }
  exitKills.add(child);
  child.once('exit', () => exitKills.delete(child));
}

/**
 * Stops the services recorded in .data/pids.json. Resolves the names stopped.
 * @param {{ log?: Log }} [options]
 */
export async function stopLocalServices({ log = () => {} } = {}) {
  const pids = readPids();
  /** @type {string[]} */
  const stopped = [];
  for (const [name, entry] of Object.entries(pids)) {
    if (isOurProcess(entry.pid, name)) {
      await killPid(entry.pid, { graceMs: 3000 });
      stopped.push(name);
      log(`${name}: stopped (pid ${entry.pid})`);
    } else {
      log(`${name}: not running (stale pid ${entry.pid})`);
    }
    forgetPid(name);
  }
  return stopped;
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

/** @param {string[]} argv */
async function main(argv) {
  const command = argv[0] || 'start';
  const { env } = loadEnv();
  if (command === 'stop') {
    const stopped = await stopLocalServices({ log: console.log });
    if (!stopped.length) console.log('No local services were running from .data/pids.json.');
    return 0;
  }
  if (command === 'status') {
    const pids = readPids();
    const pg = await checkPostgres(env.DATABASE_URL);
    const redis = await checkRedis(env.REDIS_URL);
    console.log(`PostgreSQL  ${pg.ok ? `ok${pg.databaseMissing ? ` (database "${databaseName(env.DATABASE_URL)}" not created yet)` : ''}` : pg.reason}`);
    console.log(`Redis       ${redis.ok ? 'ok' : redis.reason}`);
    for (const svc of plannedServices(env)) {
      const open = await Promise.all(svc.ports.map((p) => isPortOpen(svc.local ? '127.0.0.1' : hostPort(svc.name === 's3rver' ? env.S3_ENDPOINT : `smtp://${env.SMTP_HOST}`, p).host, p, 700)));
      const entry = pids[svc.name];
      const owner = entry && isOurProcess(entry.pid, svc.name) ? `, pid ${entry.pid} from npm run services` : '';
      console.log(`${svc.name.padEnd(11)} ${open.every(Boolean) ? 'listening' : 'not listening'} (${svc.configured}${owner})`);
    }
    return 0;
  }
  if (command === 'start') {
    const { services } = await ensureLocalServices({ env, detached: true, log: console.log });
    if (services.some((s) => s.status === 'started')) console.log('Stop them with: npm run services -- stop');
    return 0;
  }
  console.error(`Unknown command "${command}". Use: npm run services [-- start|stop|status]`);
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
