// Scenario `chat`: N authenticated socket.io clients (default 1,000: half students, half tutors, each student
// in conversations with 2 random tutors) on the built backend; messages at a fixed rate (default 100/s) between
// random contact pairs for a fixed time (default 30 s). Measures delivery latency (send → the recipient's
// `receiveMessage`, one clock: every client lives in this process), messages lost (acknowledged but never
// delivered to the recipient), unexpected disconnects, and the server's RSS per connection. Then the same over
// two and three API processes sharing Redis (socket.io Redis adapter), clients split between them; each
// configuration runs BENCH_CHAT_ROUNDS rounds (default 3) and reports the median and p99's spread, the machine
// being shared. Then a capacity sweep on one process: 100, 250, 500, 1,000, 1,500 msg/s, p99 at each.
// The load generator is pinned to the last CPU and the servers to the others (taskset), so they do not share a
// core. Goals: one process p99 < 50 ms, 0 lost, 0 disconnects; two processes throughput ≥ 90 % of one, p99 < 100 ms;
// three processes p99 < 100 ms; one process keeps p99 < 100 ms up to at least 1,000 msg/s.
// Settings: BENCH_CHAT_CLIENTS, BENCH_CHAT_RATE, BENCH_CHAT_DURATION, BENCH_CHAT_ROUNDS, BENCH_CHAT_PARTS (default
// one,two,three,sweep), BENCH_CHAT_SWEEP_RATES, BENCH_CHAT_SWEEP_DURATION (s per rate, default 10),
// BENCH_DATABASE_URL, BENCH_REDIS_URL; BENCH_SERVER_NODE_OPTIONS adds Node flags to the API processes (--trace-gc).
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { cpuTimeMs, fmt, machine, markdownTable, rssMiB, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'chat';
export const description = 'socket.io chat: 1,000 clients, 100 msg/s for 30 s; latency, loss, RSS; over one, two and three processes; a capacity sweep';

const require = createRequire(import.meta.url);
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE || 100);
const DURATION = Number(process.env.BENCH_CHAT_DURATION || 30);
/** Rounds of RATE for DURATION per configuration, over the same connections: the figures are the median round's. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_CHAT_ROUNDS || 3));
/** Which parts run: the one-, two- and three-process configurations and the one-process capacity sweep. */
const PARTS = (process.env.BENCH_CHAT_PARTS || 'one,two,three,sweep').split(',').map((p) => p.trim());
const SWEEP_RATES = (process.env.BENCH_CHAT_SWEEP_RATES || '100,250,500,1000,1500').split(',').map(Number);
const SWEEP_DURATION = Number(process.env.BENCH_CHAT_SWEEP_DURATION || 10);
const GOAL = {
  onePid: { p99Ms: 50, lost: 0, disconnects: 0 },
  twoPids: { throughputRatio: 0.9, p99Ms: 100 },
  threePids: { p99Ms: 100 },
  capacity: { p99Ms: 100, ratePerSec: 1000 },
};
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$c2VlZC1vbmx5LW5vdC1hLXJlYWwtaGFzaA';

/** @typedef {import('socket.io-client').Socket} Socket */
/** @typedef {{ id: string, role: 'student' | 'tutor', email: string }} BenchUser */

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** @param {number | undefined} pid @param {string} cpus CPU list for `taskset -c` */
function pin(pid, cpus) {
  try {
    execFileSync('taskset', ['-a', '-pc', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Bench users with sessions, tutors with DBS, and each student in two conversations; returns tokens and pairs.
 * @param {string} databaseUrl
 * @param {string} jwtSecret
 * @param {(line: string) => void} log
 */
async function seed(databaseUrl, jwtSecret, log) {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const jwt = require(join(ROOT, 'node_modules', 'jsonwebtoken'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`delete from users where email like 'bench-chat-%@bench.local'`);
    const half = Math.floor(CLIENTS / 2);
    /** @type {BenchUser[]} */
    const rows = [];
    for (let i = 0; i < CLIENTS; i += 1) rows.push({ id: randomUUID(), role: i < half ? 'student' : 'tutor', email: `bench-chat-${i}@bench.local` });
    await client.query(
      `insert into users (id, name, email, phone, password_hash, role, email_verified, onboarding_completed)
       select u.id, 'Bench ' || u.role, u.email, '07700900123', $4, u.role::user_role, true, true
       from unnest($1::uuid[], $2::text[], $3::text[]) as u(id, role, email)`,
      [rows.map((r) => r.id), rows.map((r) => r.role), rows.map((r) => r.email), PASSWORD_HASH],
    );
    const students = rows.filter((r) => r.role === 'student');
    const tutors = rows.filter((r) => r.role === 'tutor');
    await client.query(`insert into student_profiles (user_id) select unnest($1::uuid[])`, [students.map((s) => s.id)]);
    await client.query(`insert into tutor_profiles (user_id, approved, has_dbs) select unnest($1::uuid[]), true, true`, [tutors.map((t) => t.id)]);
    /** @type {[string, string][]} student id, tutor id */
    const pairs = [];
    for (const [i, student] of students.entries()) {
      for (const tutor of new Set([tutors[i % tutors.length], tutors[Math.floor(Math.random() * tutors.length)]])) pairs.push([student.id, tutor.id]);
    }
    await client.query(
      `with c as (insert into chat_conversations (student_id, tutor_id) select * from unnest($1::uuid[], $2::uuid[]) returning id)
       insert into chat_conversation_contexts (conversation_id, kind, ref_id) select id, 'session', gen_random_uuid() from c`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    const sessions = await client.query(
      `insert into auth_sessions (user_id, expires_at) select unnest($1::uuid[]), now() + interval '1 day' returning id, user_id`,
      [rows.map((r) => r.id)],
    );
    /** @type {Map<string, string>} user id → access token */
    const tokens = new Map();
    for (const s of sessions.rows) {
      const user = rows.find((r) => r.id === s.user_id);
      if (!user) throw new Error(`a session for an unknown user ${s.user_id}`);
      const role = user.role;
      tokens.set(s.user_id, jwt.sign({ userId: s.user_id, role, onboardingCompleted: true }, jwtSecret, { algorithm: 'HS256', expiresIn: 86400, jwtid: s.id, subject: s.user_id }));
    }
    log(`seeded ${students.length} students, ${tutors.length} tutors, ${pairs.length} conversations`);
    return { users: rows, pairs, tokens };
  } finally {
    await client.end();
  }
}

/**
 * Connects every user (alternating between the given origins), in batches so the handshakes do not stampede.
 * @param {BenchUser[]} users
 * @param {Map<string, string>} tokens
 * @param {string[]} origins
 * @param {(line: string) => void} log
 */
async function connectAll(users, tokens, origins, log) {
  const { io } = /** @type {typeof import('socket.io-client')} */ (require(join(ROOT, 'node_modules', 'socket.io-client')));
  /** @type {Map<string, Socket>} user id → socket */
  const sockets = new Map();
  const batch = 50;
  for (let i = 0; i < users.length; i += batch) {
    await Promise.all(
      users.slice(i, i + batch).map(
        (user, j) =>
          /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
            const socket = io(origins[(i + j) % origins.length], {
              path: '/api/socket.io',
              transports: ['websocket'],
              auth: { token: tokens.get(user.id) },
              reconnection: false,
              forceNew: true,
              timeout: 20000,
            });
            socket.once('connect', () => resolve());
            socket.once('connect_error', (err) => reject(new Error(`connect refused: ${err.message}`)));
            sockets.set(user.id, socket);
          })),
      ),
    );
  }
  log(`${sockets.size} clients connected to ${origins.length} process(es)`);
  return sockets;
}

/**
 * Who sends to whom: senders taken in turn over every user (so no one user's share of the load trips the per-user
 * send limit, 20 per 10 s, before the rate does: 1,500 msg/s over 1,000 users is 15 per 10 s each), each to one of
 * their contacts at random.
 * @param {BenchUser[]} users
 * @param {[string, string][]} pairs
 */
function senders(users, pairs) {
  /** @type {Map<string, string[]>} */
  const contacts = new Map();
  for (const [student, tutor] of pairs) {
    contacts.set(student, [...(contacts.get(student) ?? []), tutor]);
    contacts.set(tutor, [...(contacts.get(tutor) ?? []), student]);
  }
  const order = users.map((u) => u.id).filter((id) => contacts.has(id));
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let next = 0;
  return () => {
    const from = order[next++ % order.length];
    const theirs = /** @type {string[]} */ (contacts.get(from));
    return [from, theirs[Math.floor(Math.random() * theirs.length)]];
  };
}

/**
 * Sends `rate` messages/s for `duration` s; waits for stragglers; returns the figures. Listeners are added for the
 * round and removed after it, so rounds over the same sockets do not count twice.
 * @param {Map<string, Socket>} sockets
 * @param {() => string[]} pick
 * @param {{ rate: number, duration: number, log: (line: string) => void }} options
 */
async function drive(sockets, pick, { rate, duration, log }) {
  /** @type {Map<string, { sentAt: number, recipient: string }>} */
  const pending = new Map(); // content → { sentAt, recipient }
  /** @type {number[]} */
  const latencies = [];
  let disconnects = 0;
  let refused = 0;
  let acked = 0;
  /** @type {[Socket, string, (...args: any[]) => void][]} */
  const listeners = [];
  const round = randomBytes(3).toString('hex');
  for (const [userId, socket] of sockets) {
    const onDisconnect = (/** @type {string} */ reason) => {
      if (reason !== 'io client disconnect') disconnects += 1;
    };
    const onMessage = (/** @type {{ recipient: string, content: string }} */ message) => {
      if (message.recipient !== userId) return;
      const entry = pending.get(message.content);
      if (!entry) return;
      latencies.push(performance.now() - entry.sentAt);
      pending.delete(message.content);
    };
    socket.on('disconnect', onDisconnect);
    socket.on('receiveMessage', onMessage);
    listeners.push([socket, 'disconnect', onDisconnect], [socket, 'receiveMessage', onMessage]);
  }
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const started = performance.now();
  let sent = 0;
  /** @type {Map<string, number>} */
  const refusals = new Map();
  // The load generator's own stalls (1,000 clients live in this process) delay what it measures: reported beside the figures.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  /** @type {number[]} */
  const gcPauses = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  loopDelay.enable();
  log(`sending ${rate} msg/s for ${duration} s…`);
  await /** @type {Promise<void>} */ (new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      while (sent < due) {
        const [from, to] = pick();
        const content = `bench ${round} ${sent} ${randomBytes(4).toString('hex')}`;
        pending.set(content, { sentAt: performance.now(), recipient: to });
        const socket = sockets.get(from);
        if (!socket) throw new Error(`no socket for ${from}`);
        // A client id per send, as the web app sends (its retries keep it): the server answers a repeat with the saved message.
        socket.emit('sendMessage', { recipient: to, content, clientId: `bench-${round}-${sent}` }, (/** @type {{ ok?: boolean, code?: string } | undefined} */ ack) => {
          if (ack?.ok) acked += 1;
          else {
            refused += 1;
            refusals.set(ack?.code ?? 'none', (refusals.get(ack?.code ?? 'none') ?? 0) + 1);
            pending.delete(content);
          }
        });
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(1, Math.min(5, interval / 2)));
    };
    tick();
  }));
  const sendSeconds = (performance.now() - started) / 1000;
  // Stragglers: up to 5 s for the last deliveries.
  const deadline = performance.now() + 5000;
  while (pending.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const [socket, event, listener] of listeners) socket.off(event, listener);
  loopDelay.disable();
  gc.disconnect();
  if (refusals.size) log(`refused: ${[...refusals].map(([code, n]) => `${code} ${n}`).join(', ')}`);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rate,
    sent,
    acked,
    refused,
    delivered: latencies.length,
    lost: pending.size,
    disconnects,
    throughputPerSec: Number((latencies.length / sendSeconds).toFixed(1)),
    p50Ms: Number(percentile(sorted, 50).toFixed(2)),
    p99Ms: Number(percentile(sorted, 99).toFixed(2)),
    maxMs: Number((sorted[sorted.length - 1] ?? NaN).toFixed(2)),
    generator: {
      eventLoopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(2)),
      eventLoopDelayMaxMs: Number((loopDelay.max / 1e6).toFixed(2)),
      gcPauses: gcPauses.length,
      gcPauseMaxMs: Number(Math.max(0, ...gcPauses).toFixed(2)),
      gcPauseTotalMs: Number(gcPauses.reduce((a, b) => a + b, 0).toFixed(1)),
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof drive>> & { serverCpuMsPerMessage: number }} Round */

/**
 * Starts `processes` API processes, seeds, connects every client (split between the processes), then drives each
 * of `loads` in turn over the same connections: `rounds` rounds of RATE for DURATION (the configurations), or one
 * round per rate (the sweep).
 * @param {number} processes
 * @param {{ rate: number, duration: number }[]} loads
 * @param {{ log: (line: string) => void, jwtSecret: string, databaseUrl: string, redisUrl: string, serverCpus: string }} options
 */
async function runWith(processes, loads, { log, jwtSecret, databaseUrl, redisUrl, serverCpus }) {
  const env = { JWT_SECRET: jwtSecret, REDIS_URL: redisUrl, DB_POOL_MAX: '10', LOG_LEVEL: 'warn' };
  /** @type {Awaited<ReturnType<typeof startBackend>>[]} */
  const servers = [];
  try {
    for (let i = 0; i < processes; i += 1) servers.push(await startBackend({ log, env }));
    for (const server of servers) pin(server.pid, serverCpus);
    const { users, pairs, tokens } = await seed(databaseUrl, jwtSecret, log);
    const rssBefore = servers.map((s) => rssMiB(s.pid));
    const sockets = await connectAll(users, tokens, servers.map((s) => s.url), log);
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = servers.map((s) => rssMiB(s.pid));
    const pick = senders(users, pairs);
    /** @type {Round[]} */
    const rounds = [];
    const cpu = () => servers.reduce((a, s) => a + (cpuTimeMs(s.pid) ?? 0), 0);
    for (const load of loads) {
      const cpuBefore = cpu();
      const figures = await drive(sockets, pick, { ...load, log });
      // The API processes' CPU time per message sent (user + system, 10 ms ticks): what a message costs, whatever
      // else the shared machine is doing (wall-clock latency is not).
      const r = { ...figures, serverCpuMsPerMessage: Number(((cpu() - cpuBefore) / Math.max(1, figures.sent)).toFixed(3)) };
      rounds.push(r);
      log(`${processes} process(es), ${load.rate} msg/s: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms, delivered ${r.delivered}/${r.sent}, lost ${r.lost}, server CPU ${r.serverCpuMsPerMessage} ms/message; generator: event-loop delay p99 ${r.generator.eventLoopDelayP99Ms} ms, max ${r.generator.eventLoopDelayMaxMs} ms, GC max ${r.generator.gcPauseMaxMs} ms`);
    }
    for (const socket of sockets.values()) socket.close();
    // An unreadable RSS (null) counts as 0, as `+` did with it.
    const rssDeltaMiB = rssAfter.reduce((/** @type {number} */ a, b) => a + (b ?? 0), 0) - rssBefore.reduce((/** @type {number} */ a, b) => a + (b ?? 0), 0);
    return { processes, clients: sockets.size, rounds, rssBeforeMiB: rssBefore, rssAfterMiB: rssAfter, rssPerConnectionKiB: Math.round((rssDeltaMiB * 1024) / sockets.size) };
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** @param {number[]} values */
const medianOf = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * A configuration's rounds summed up: the median round's p50, p99 and max (each the median over the rounds), the
 * spread of p99 (lowest–highest), totals of sent, delivered, lost, refused and disconnects.
 * @param {Awaited<ReturnType<typeof runWith>>} run
 */
function summary(run) {
  const r = run.rounds;
  const sum = (/** @type {(x: Round) => number} */ f) => r.reduce((a, x) => a + f(x), 0);
  const p99s = r.map((x) => x.p99Ms);
  return {
    processes: run.processes,
    clients: run.clients,
    rounds: r.length,
    sent: sum((x) => x.sent),
    delivered: sum((x) => x.delivered),
    lost: sum((x) => x.lost),
    refused: sum((x) => x.refused),
    disconnects: sum((x) => x.disconnects),
    throughputPerSec: Number(medianOf(r.map((x) => x.throughputPerSec)).toFixed(1)),
    p50Ms: Number(medianOf(r.map((x) => x.p50Ms)).toFixed(2)),
    p99Ms: Number(medianOf(p99s).toFixed(2)),
    p99Spread: [Math.min(...p99s), Math.max(...p99s)],
    maxMs: Number(medianOf(r.map((x) => x.maxMs)).toFixed(2)),
    serverCpuMsPerMessage: Number(medianOf(r.map((x) => x.serverCpuMsPerMessage)).toFixed(3)),
    rssPerConnectionKiB: run.rssPerConnectionKiB,
  };
}

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const { env } = loadEnv();
  // Databases and Redis keyspace of this scenario's own, so other benchmarks or a running instance are not touched.
  process.env.BENCH_DATABASE_URL ||= withDatabase(env.DATABASE_URL, 'redpen_bench_chat');
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL || withDatabase(env.REDIS_URL, '12');
  const cpus = os.cpus().length;
  const generatorCpu = String(cpus - 1);
  const serverCpus = cpus > 1 ? `0-${cpus - 2}` : '0';
  const pinned = cpus > 1 && pin(process.pid, generatorCpu);
  log(pinned ? `load generator pinned to CPU ${generatorCpu}, servers to CPU ${serverCpus}` : 'could not pin processes (taskset missing or one CPU): figures share cores');
  const jwtSecret = randomBytes(32).toString('hex');
  const options = { log, jwtSecret, databaseUrl, redisUrl, serverCpus };
  const fixed = Array.from({ length: ROUNDS }, () => ({ rate: RATE, duration: DURATION }));
  /** @type {Record<string, ReturnType<typeof summary>>} */
  const configurations = {};
  /** @type {Round[]} */
  let sweep = [];
  for (const [key, processes] of /** @type {const} */ ([['one', 1], ['two', 2], ['three', 3]])) {
    if (PARTS.includes(key)) configurations[key] = summary(await runWith(processes, fixed, options));
  }
  if (PARTS.includes('sweep')) sweep = (await runWith(1, SWEEP_RATES.map((rate) => ({ rate, duration: SWEEP_DURATION })), options)).rounds;
  const { one, two, three } = configurations;
  const ratio = one && two ? Number((two.throughputPerSec / one.throughputPerSec).toFixed(3)) : null;
  const capacity = sweep.filter((r) => r.p99Ms < GOAL.capacity.p99Ms && r.lost === 0).reduce((best, r) => Math.max(best, r.rate), 0);
  /** @type {Record<string, boolean>} */
  const checks = {};
  if (one) Object.assign(checks, { onePidP99: one.p99Ms < GOAL.onePid.p99Ms, onePidLost: one.lost === 0, onePidDisconnects: one.disconnects === 0 });
  if (two) Object.assign(checks, { twoPidsP99: two.p99Ms < GOAL.twoPids.p99Ms, twoPidsLost: two.lost === 0 && two.disconnects === 0 });
  if (ratio !== null) checks.twoPidsThroughput = ratio >= GOAL.twoPids.throughputRatio;
  if (three) Object.assign(checks, { threePidsP99: three.p99Ms < GOAL.threePids.p99Ms, threePidsLost: three.lost === 0 && three.disconnects === 0 });
  if (sweep.length) checks.onePidCapacity = capacity >= GOAL.capacity.ratePerSec;
  const header = ['API processes', 'rounds', 'sent', 'delivered', 'lost', 'refused', 'disconnects', 'delivered/s', 'p50 (ms)', 'p99 (ms)', 'p99 spread (ms)', 'max (ms)', 'server CPU ms/msg', 'RSS per connection (KiB)'];
  /** @param {ReturnType<typeof summary>} f */
  const row = (f) => [f.processes, f.rounds, f.sent, f.delivered, f.lost, f.refused, f.disconnects, fmt(f.throughputPerSec, 1), fmt(f.p50Ms, 1), fmt(f.p99Ms, 1), `${fmt(f.p99Spread[0], 1)}–${fmt(f.p99Spread[1], 1)}`, fmt(f.maxMs, 1), fmt(f.serverCpuMsPerMessage, 2), f.rssPerConnectionKiB];
  const rows = [header, ...Object.values(configurations).map(row)];
  const sweepHeader = ['msg/s (one process)', 'sent', 'delivered', 'lost', 'refused', 'delivered/s', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'server CPU ms/msg'];
  const sweepRows = [sweepHeader, ...sweep.map((r) => [r.rate, r.sent, r.delivered, r.lost, r.refused, fmt(r.throughputPerSec, 1), fmt(r.p50Ms, 1), fmt(r.p99Ms, 1), fmt(r.maxMs, 1), fmt(r.serverCpuMsPerMessage, 2)])];
  const date = new Date().toISOString();
  const m = machine();
  const load = os.loadavg().map((x) => Number(x.toFixed(2)));
  const file = writeResult(name, { scenario: name, date, command, machine: m, loadAverage: load, settings: { clients: CLIENTS, ratePerSec: RATE, durationSeconds: DURATION, rounds: ROUNDS, parts: PARTS, sweepRates: SWEEP_RATES, sweepDurationSeconds: SWEEP_DURATION, pinned, generatorCpu, serverCpus }, goal: GOAL, ...configurations, sweep, capacityPerSec: capacity, throughputRatio: ratio, checks });
  if (rows.length > 1) console.log('\n' + textTable(rows) + '\n');
  if (sweep.length) console.log(textTable(sweepRows) + `\n\none process keeps p99 < ${GOAL.capacity.p99Ms} ms up to ${capacity} msg/s\n`);
  if (ratio !== null) console.log(`two processes deliver ${fmt(ratio * 100, 1)} % of one`);
  console.log(`checks: ${Object.entries(checks).map(([k, v]) => `${k} ${v ? 'met' : 'NOT met'}`).join(', ')}`);
  console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
  console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}, load average ${load.join(' ')} at the end; \`${command}\`; ${CLIENTS} websocket clients, ${RATE} msg/s for ${DURATION} s, ${ROUNDS} rounds per configuration (median; p99 spread lowest–highest); sweep ${SWEEP_DURATION} s per rate; generator ${pinned ? `pinned to CPU ${generatorCpu}, servers to ${serverCpus}` : 'not pinned'}.\n`);
  if (rows.length > 1) console.log(markdownTable(rows) + '\n');
  if (sweep.length) console.log(markdownTable(sweepRows) + '\n');
  return { ok: Object.values(checks).every(Boolean), data: { ...configurations, sweep, capacity, ratio } };
}

export { run_ as run };
