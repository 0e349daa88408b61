// Scenario `chat`: N authenticated socket.io clients (default 1,000: half students, half tutors, each student
// in conversations with 2 random tutors) on the built backend; messages at a fixed rate (default 100/s) between
// random contact pairs for a fixed time (default 30 s). Measures delivery latency (send → the recipient's
// `receiveMessage`, one clock: every client lives in this process), messages lost (acknowledged but never
// delivered to the recipient), unexpected disconnects, and the server's RSS per connection. Then the same over
// two API processes sharing Redis (socket.io Redis adapter), clients split between them.
// The load generator is pinned to the last CPU and the servers to the others (taskset), so they do not share a
// core. Goals: one process p99 < 50 ms, 0 lost, 0 disconnects; two processes throughput ≥ 90 % of one, p99 < 100 ms.
// Settings: BENCH_CHAT_CLIENTS, BENCH_CHAT_RATE, BENCH_CHAT_DURATION, BENCH_DATABASE_URL, BENCH_REDIS_URL.
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { fmt, machine, markdownTable, rssMiB, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'chat';
export const description = 'socket.io chat: 1,000 clients, 100 msg/s for 30 s; latency, loss, RSS; then two processes over Redis';

const require = createRequire(import.meta.url);
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE || 100);
const DURATION = Number(process.env.BENCH_CHAT_DURATION || 30);
const GOAL = { onePid: { p99Ms: 50, lost: 0, disconnects: 0 }, twoPids: { throughputRatio: 0.9, p99Ms: 100 } };
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
 * Sends RATE messages/s for DURATION s between random pairs; waits for stragglers; returns the figures.
 * @param {Map<string, Socket>} sockets
 * @param {[string, string][]} pairs
 * @param {(line: string) => void} log
 */
async function drive(sockets, pairs, log) {
  /** @type {Map<string, { sentAt: number, recipient: string }>} */
  const pending = new Map(); // content → { sentAt, recipient }
  /** @type {number[]} */
  const latencies = [];
  let disconnects = 0;
  let refused = 0;
  let acked = 0;
  for (const [userId, socket] of sockets) {
    socket.on('disconnect', (/** @type {string} */ reason) => {
      if (reason !== 'io client disconnect') disconnects += 1;
    });
    socket.on('receiveMessage', (/** @type {{ recipient: string, content: string }} */ message) => {
      if (message.recipient !== userId) return;
      const entry = pending.get(message.content);
      if (!entry) return;
      latencies.push(performance.now() - entry.sentAt);
      pending.delete(message.content);
    });
  }
  const total = RATE * DURATION;
  const interval = 1000 / RATE;
  const started = performance.now();
  let sent = 0;
  log(`sending ${RATE} msg/s for ${DURATION} s…`);
  await /** @type {Promise<void>} */ (new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      while (sent < due) {
        const [student, tutor] = pairs[Math.floor(Math.random() * pairs.length)];
        const [from, to] = Math.random() < 0.5 ? [student, tutor] : [tutor, student];
        const content = `bench ${sent} ${randomBytes(4).toString('hex')}`;
        pending.set(content, { sentAt: performance.now(), recipient: to });
        const socket = sockets.get(from);
        if (!socket) throw new Error(`no socket for ${from}`);
        socket.emit('sendMessage', { recipient: to, content }, (/** @type {{ ok?: boolean } | undefined} */ ack) => {
          if (ack?.ok) acked += 1;
          else {
            refused += 1;
            pending.delete(content);
          }
        });
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(1, interval / 2));
    };
    tick();
  }));
  const sendSeconds = (performance.now() - started) / 1000;
  // Stragglers: up to 5 s for the last deliveries.
  const deadline = performance.now() + 5000;
  while (pending.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const sorted = latencies.sort((a, b) => a - b);
  return {
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
  };
}

/**
 * @param {number} processes
 * @param {{ log: (line: string) => void, jwtSecret: string, databaseUrl: string, redisUrl: string, serverCpus: string }} options
 */
async function runWith(processes, { log, jwtSecret, databaseUrl, redisUrl, serverCpus }) {
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
    const figures = await drive(sockets, pairs, log);
    for (const socket of sockets.values()) socket.close();
    // An unreadable RSS (null) counts as 0, as `+` did with it.
    const rssDeltaMiB = rssAfter.reduce((/** @type {number} */ a, b) => a + (b ?? 0), 0) - rssBefore.reduce((/** @type {number} */ a, b) => a + (b ?? 0), 0);
    return { processes, clients: sockets.size, ...figures, rssBeforeMiB: rssBefore, rssAfterMiB: rssAfter, rssPerConnectionKiB: Math.round((rssDeltaMiB * 1024) / sockets.size) };
  } finally {
    for (const server of servers) await server.stop();
  }
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
  const one = await runWith(1, { log, jwtSecret, databaseUrl, redisUrl, serverCpus });
  const two = await runWith(2, { log, jwtSecret, databaseUrl, redisUrl, serverCpus });
  const ratio = Number((two.throughputPerSec / one.throughputPerSec).toFixed(3));
  const checks = {
    onePidP99: one.p99Ms < GOAL.onePid.p99Ms,
    onePidLost: one.lost === 0,
    onePidDisconnects: one.disconnects === 0,
    twoPidsThroughput: ratio >= GOAL.twoPids.throughputRatio,
    twoPidsP99: two.p99Ms < GOAL.twoPids.p99Ms,
    twoPidsLost: two.lost === 0 && two.disconnects === 0,
  };
  const header = ['API processes', 'clients', 'sent', 'delivered', 'lost', 'refused', 'disconnects', 'delivered/s', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'RSS per connection (KiB)'];
  /** @param {Awaited<ReturnType<typeof runWith>>} f */
  const row = (f) => [f.processes, f.clients, f.sent, f.delivered, f.lost, f.refused, f.disconnects, fmt(f.throughputPerSec, 1), fmt(f.p50Ms, 1), fmt(f.p99Ms, 1), fmt(f.maxMs, 1), f.rssPerConnectionKiB];
  const date = new Date().toISOString();
  const m = machine();
  const file = writeResult(name, { scenario: name, date, command, machine: m, settings: { clients: CLIENTS, ratePerSec: RATE, durationSeconds: DURATION, pinned, generatorCpu, serverCpus }, goal: GOAL, one, two, throughputRatio: ratio, checks });
  console.log('\n' + textTable([header, row(one), row(two)]) + '\n');
  console.log(`two processes deliver ${fmt(ratio * 100, 1)} % of one; checks: ${Object.entries(checks).map(([k, v]) => `${k} ${v ? 'met' : 'NOT met'}`).join(', ')}`);
  console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
  console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`; ${CLIENTS} websocket clients, ${RATE} msg/s for ${DURATION} s; generator ${pinned ? `pinned to CPU ${generatorCpu}, servers to ${serverCpus}` : 'not pinned'}.\n`);
  console.log(markdownTable([header, row(one), row(two)]) + '\n');
  return { ok: Object.values(checks).every(Boolean), data: { one, two, ratio } };
}

export { run_ as run };
