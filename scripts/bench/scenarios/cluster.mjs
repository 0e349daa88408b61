// Scenario `cluster`, the kill drill: three API processes (backend/dist/main.js, WORKERS=off, a port each) and two
// worker processes (backend/dist/worker.js) behind a small proxy in this process (node:http for requests, node:net
// piping for websocket upgrades, round-robin over the live upstreams), over the usual PostgreSQL, Redis, S3 endpoint
// and an SMTP sink in this process. For BENCH_CLUSTER_SECONDS (120) a mixed load runs through the proxy:
//  - the essay journey end to end, BENCH_CLUSTER_JOURNEYS (8) at a time: a student uploads a small text essay and
//    confirms its count, a tutor accepts it and confirms the count, the student confirms the price and pays on the
//    local gateway's page, the tutor marks it;
//  - BENCH_CLUSTER_SOCKETS (500) chat sockets sending BENCH_CLUSTER_CHAT_RATE (50) msg/s with acknowledgements;
//  - BENCH_CLUSTER_TIMERS (1,000) accepted essays whose word-count windows close during the run (their expiry jobs
//    queued by the app's own EssayTimers, WORDCOUNT_WINDOW_SECONDS shrunk to 600);
//  - tutoring bookings, BENCH_CLUSTER_BOOKINGS_AT_ONCE (2) at a time, each paid on the local gateway.
// Half way through one API and one worker are SIGKILLed and started again (the API on the same port). Checks: no
// acknowledged chat message lost (every acked message is in the database, and was delivered live unless its
// recipient was offline around it: then the thread, which is the database's, has it), every essay and timer
// transition exactly once (a trigger the bench adds records each committed status change), every mail once (the
// sink, per recipient and subject), no payment applied twice (completed ledger rows per item), every socket back
// within 5 s, HTTP errors (network errors and 5xx) under 1 % during the kill and none after it.
// The bench's socket.io clients are websocket-only: the proxy then needs no stickiness, since a websocket is one
// connection that stays on one upstream. A browser's client starts with long-polling (several requests that must
// reach the same process), which is why the Kubernetes Ingress is sticky by cookie; the drill is about failover.
// The APIs run with NODE_ENV=development so the local payment gateway (refused in production) takes the payments.
// Own database (redpen_bench_cluster), Redis database (14); settings: BENCH_DATABASE_URL, BENCH_REDIS_URL.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, loadEnv, nodeBin, withDatabase } from '../../lib/env.mjs';
import { BACKEND_NODE_FLAGS } from '../../lib/node-flags.mjs';
import { buildIfStale } from '../../lib/build.mjs';
import { freePort, sleep, stopChild, waitForHttp } from '../../lib/proc.mjs';
import { ensureDatabase, ensureLocalServices, requireDatabaseServices } from '../../local-services.mjs';
import { BENCH_DIR, fmt, machine, markdownTable, percentile, textTable, writeResult } from '../lib.mjs';
import { startSmtpSink } from '../smtp-sink.mjs';
import { cleanBucket } from './uploads.mjs';

export const name = 'cluster';
export const description = 'kill drill: 3 APIs + 2 workers behind a websocket proxy, essays, chat, timers and bookings while one API and one worker are SIGKILLed';

const require = createRequire(import.meta.url);
const env = process.env;
const SECONDS = Number(env.BENCH_CLUSTER_SECONDS || 120);
const SOCKETS = Number(env.BENCH_CLUSTER_SOCKETS || 500);
const CHAT_RATE = Number(env.BENCH_CLUSTER_CHAT_RATE || 50);
const TIMERS = Number(env.BENCH_CLUSTER_TIMERS || 1000);
const JOURNEYS_AT_ONCE = Number(env.BENCH_CLUSTER_JOURNEYS || 8);
const BOOKINGS_AT_ONCE = Number(env.BENCH_CLUSTER_BOOKINGS_AT_ONCE || 2);
const APIS = 3;
const WORKERS = 2;
const WINDOW_S = 600; // WORDCOUNT_WINDOW_SECONDS: the timer essays were accepted this long before they fall due
const RECONNECT_GOAL_MS = 5000;
const KILL_WINDOW_AFTER_READY_MS = 2000; // "during the kill": from the SIGKILL to the new API ready plus this
const GOAL = { chatLost: 0, transitionsDoubled: 0, transitionsMissed: 0, mailsDoubled: 0, mailsMissing: 0, paymentsDoubled: 0, reconnectMs: RECONNECT_GOAL_MS, killErrorRate: 0.01, errorsAfter: 0 };
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$c2VlZC1vbmx5LW5vdC1hLXJlYWwtaGFzaA';
const EMAIL_LIKE = 'bench-cluster-%@bench.local';
const WEEK = ['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-18:00'];
const AVAILABILITY = JSON.stringify(Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, WEEK])));
const FEEDBACK = 'A clear argument with good use of evidence. '.repeat(7);

/** @typedef {(line: string) => void} Log */
/** @typedef {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[], rowCount: number }>, end: () => Promise<void> }} Pg */
/** @typedef {{ id: string, email: string, role: 'student' | 'tutor', token: string }} User */
/** @typedef {import('socket.io-client').Socket} Socket */

/** @param {string} path a file of backend/dist @returns {Promise<any>} */
const backend = (path) => import(pathToFileURL(join(ROOT, 'backend', 'dist', path)).href);
const round = (/** @type {number} */ n, digits = 1) => Number(n.toFixed(digits));

// ── Processes ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A backend process (main.js or worker.js) logging to .data/bench/cluster-<label>.log; `ready` resolves with the
 * time it was ready (the API: /api/health/ready answers; a worker: it logged its workers running).
 * @param {'api' | 'worker'} kind @param {string} label @param {NodeJS.ProcessEnv} processEnv
 */
function startProcess(kind, label, processEnv) {
  const logPath = join(BENCH_DIR, `cluster-${label}.log`);
  const fd = openSync(logPath, 'a');
  const child = spawn(nodeBin(), [...BACKEND_NODE_FLAGS, join(ROOT, 'backend', 'dist', kind === 'api' ? 'main.js' : 'worker.js')], {
    cwd: join(ROOT, 'backend'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: processEnv,
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    closeSync(fd);
  });
  const write = (/** @type {Buffer} */ d) => !exited && writeSync(fd, d);
  child.stderr.on('data', write);
  /** @type {Promise<number>} */
  const ready =
    kind === 'api'
      ? (child.stdout.on('data', write), waitForHttp(`http://127.0.0.1:${processEnv.PORT}/api/health/ready`, { timeoutMs: 120_000, child, name: `API ${label}` }).then(() => Date.now()))
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`worker ${label} not ready within 120 s (log: ${logPath})`)), 120_000);
          child.stdout.on('data', (/** @type {Buffer} */ d) => {
            write(d);
            if (d.toString().includes('workers running')) {
              clearTimeout(timer);
              resolve(Date.now());
            }
          });
          child.once('exit', (code, signal) => {
            clearTimeout(timer);
            reject(new Error(`worker ${label} exited (${signal ?? code}) before it was ready (log: ${logPath})`));
          });
        });
  ready.catch(() => undefined);
  return { child, ready, label, logPath };
}

// ── The proxy ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Round-robin over `ports` for requests and websocket upgrades. An upstream that refuses a connection is skipped
 * for a second and the request tried on the next: nothing reached the dead process, so even a POST may go again, as
 * nginx's `proxy_next_upstream error` does. A kept-alive connection reset before any answer is tried again only for
 * GET and HEAD: a POST may have reached the process before it died, and nginx passes a non-idempotent request to the
 * next server only when it was never sent; so a POST cut off by the kill answers 502 and counts as an error.
 * @param {number[]} ports
 */
async function startProxy(ports) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  /** @type {Map<number, number>} port → skipped until (ms) */
  const downUntil = new Map();
  let next = 0;
  const stats = { retried: 0, badGateway: 0, upgrades: 0 };
  /** @param {Set<number>} tried */
  const pick = (tried) => {
    for (let k = 0; k < ports.length; k++) {
      const port = ports[next++ % ports.length];
      if (!tried.has(port) && (downUntil.get(port) ?? 0) <= Date.now()) return port;
    }
    return ports.find((p) => !tried.has(p)); // every one marked down: try one anyway
  };
  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set();
      const attempt = () => {
        const port = pick(tried);
        if (port === undefined) {
          stats.badGateway++;
          res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"No upstream"}');
          return;
        }
        tried.add(port);
        const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' }, agent }, (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
          upRes.on('error', () => res.destroy());
        });
        up.on('error', (/** @type {NodeJS.ErrnoException} */ err) => {
          if (res.headersSent) return res.destroy();
          const notReached = err.code === 'ECONNREFUSED' || (up.reusedSocket && err.code === 'ECONNRESET' && (req.method === 'GET' || req.method === 'HEAD'));
          if (err.code === 'ECONNREFUSED') downUntil.set(port, Date.now() + 1000);
          if (notReached && tried.size < ports.length) {
            stats.retried++;
            return attempt();
          }
          stats.badGateway++;
          res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Bad gateway: ${err.code}` }));
        });
        up.end(body);
      };
      attempt();
    });
  });
  server.on('upgrade', (req, client, head) => {
    const tried = new Set();
    const attempt = () => {
      const port = pick(tried);
      if (port === undefined) return client.destroy();
      tried.add(port);
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        stats.upgrades++;
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      upstream.on('error', () => {
        if (connected) return client.destroy();
        // Refused: nothing reached that process; the next one takes the upgrade.
        downUntil.set(port, Date.now() + 1000);
        if (tried.size < ports.length) attempt();
        else client.destroy();
      });
    };
    client.on('error', () => undefined);
    attempt();
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    stop: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

// ── Seeding ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Everything this scenario added: its users' essays, bookings and payments, then the users (the rest cascades). @param {Pg} pg */
async function removeBenchRows(pg) {
  const mine = `(select id from users where email like '${EMAIL_LIKE}')`;
  await pg.query(`delete from payment_status_changes where payment_id in (select id from payments where payer_id in ${mine} or recipient_id in ${mine})`);
  await pg.query(`delete from payments where payer_id in ${mine} or recipient_id in ${mine}`);
  await pg.query(`delete from tutoring_sessions where tutor_id in ${mine} or student_id in ${mine}`);
  await pg.query(`delete from essays where student_id in ${mine} or tutor_id in ${mine}`);
  await pg.query(`delete from users where email like '${EMAIL_LIKE}'`);
}

/**
 * Users of every kind with sessions and tokens minted with the APIs' secret (no sign-in: the drill is not about
 * argon2), the chat pairs, the essay and tutoring tutors.
 * @param {Pg} pg @param {string} jwtSecret @param {Log} log
 */
async function seedUsers(pg, jwtSecret, log) {
  const jwt = require(join(ROOT, 'node_modules', 'jsonwebtoken'));
  await removeBenchRows(pg);
  /** @param {string} kind @param {number} count @param {'student' | 'tutor'} role */
  const make = (kind, count, role) => Array.from({ length: count }, (_, i) => ({ id: randomUUID(), email: `bench-cluster-${kind}-${i}@bench.local`, role, token: '' }));
  const groups = {
    chatStudents: make('chat-student', Math.ceil(SOCKETS / 2), 'student'),
    chatTutors: make('chat-tutor', Math.floor(SOCKETS / 2), 'tutor'),
    students: make('student', 60, 'student'),
    // Enough tutors that none passes the write limit (WRITE_RATE_LIMIT_PER_MINUTE, 120 a user): a journey is three tutor writes.
    essayTutors: make('essay-tutor', 32, 'tutor'),
    timerTutor: make('timer-tutor', 1, 'tutor'),
    bookingTutors: make('booking-tutor', 4, 'tutor'),
  };
  /** @type {User[]} */
  const all = Object.values(groups).flat();
  await pg.query(
    `insert into users (id, name, email, phone, password_hash, role, email_verified, onboarding_completed)
     select u.id, 'Bench ' || u.role, u.email, '07700900123', $4, u.role::user_role, true, true from unnest($1::uuid[], $2::text[], $3::text[]) as u(id, role, email)`,
    [all.map((u) => u.id), all.map((u) => u.role), all.map((u) => u.email), PASSWORD_HASH],
  );
  const students = all.filter((u) => u.role === 'student');
  await pg.query(`insert into student_profiles (user_id) select unnest($1::uuid[])`, [students.map((s) => s.id)]);
  await pg.query(`insert into tutor_profiles (user_id, approved, has_dbs) select unnest($1::uuid[]), true, true`, [groups.chatTutors.map((t) => t.id)]);
  await pg.query(
    `insert into tutor_profiles (user_id, approved, approved_essay, study_level, university, motivation) select unnest($1::uuid[]), true, true, 'PhD', 'UCL', 'The kill drill'`,
    [[...groups.essayTutors, ...groups.timerTutor].map((t) => t.id)],
  );
  await pg.query(
    `insert into tutor_profiles (user_id, approved, approved_tutoring, has_dbs, study_level, university, years_of_experience) select unnest($1::uuid[]), true, true, true, 'PhD', 'UCL', 5`,
    [groups.bookingTutors.map((t) => t.id)],
  );
  await pg.query(
    `insert into tutoring_profiles (user_id, tutoring_subject, hourly_rate_pence, tutoring_description, tutoring_available, availability, time_zone)
     select unnest($1::uuid[]), 'Mathematics', 3000, 'The kill drill', true, $2::jsonb, 'Europe/London'`,
    [groups.bookingTutors.map((t) => t.id), AVAILABILITY],
  );
  /** @type {[string, string][]} student id, tutor id */
  const pairs = [];
  const { chatStudents, chatTutors } = groups;
  for (const [i, student] of chatStudents.entries()) {
    for (const tutor of new Set([chatTutors[i % chatTutors.length], chatTutors[Math.floor(Math.random() * chatTutors.length)]])) pairs.push([student.id, tutor.id]);
  }
  await pg.query(
    `with c as (insert into chat_conversations (student_id, tutor_id) select * from unnest($1::uuid[], $2::uuid[]) returning id)
     insert into chat_conversation_contexts (conversation_id, kind, ref_id) select id, 'session', gen_random_uuid() from c`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  const sessions = await pg.query(`insert into auth_sessions (user_id, expires_at) select unnest($1::uuid[]), now() + interval '1 day' returning id, user_id`, [all.map((u) => u.id)]);
  const byId = new Map(all.map((u) => [u.id, u]));
  for (const s of sessions.rows) {
    const user = /** @type {User} */ (byId.get(s.user_id));
    user.token = jwt.sign({ userId: user.id, role: user.role, onboardingCompleted: true }, jwtSecret, { algorithm: 'HS256', expiresIn: 86400, jwtid: s.id, subject: user.id });
  }
  log(`seeded ${all.length} users: ${chatStudents.length + chatTutors.length} chat users in ${pairs.length} conversations, ${groups.students.length} students, ${groups.essayTutors.length} essay tutors, ${groups.bookingTutors.length} tutoring tutors`);
  return { ...groups, pairs, byId };
}

/**
 * The transition recorder: one row per committed status change of an essay or tutoring session, whichever process
 * made it.
 * @param {Pg} pg
 */
async function addRecorder(pg) {
  await pg.query(`create table if not exists bench_cluster_transitions (kind text not null, ref_id uuid not null, from_status text, to_status text not null, at timestamptz not null default clock_timestamp())`);
  await pg.query(`truncate bench_cluster_transitions`);
  await pg.query(
    `create or replace function bench_cluster_transition() returns trigger language plpgsql as $$ begin
       insert into bench_cluster_transitions (kind, ref_id, from_status, to_status) values (tg_argv[0], new.id, old.status::text, new.status::text); return null; end $$`,
  );
  for (const [table, kind] of [['essays', 'essay'], ['tutoring_sessions', 'booking']]) {
    await pg.query(`drop trigger if exists bench_cluster_transition on ${table}`);
    await pg.query(`create trigger bench_cluster_transition after update of status on ${table} for each row when (old.status is distinct from new.status) execute function bench_cluster_transition('${kind}')`);
  }
}

/** @param {Pg} pg */
async function removeRecorder(pg) {
  for (const table of ['essays', 'tutoring_sessions']) await pg.query(`drop trigger if exists bench_cluster_transition on ${table}`);
  await pg.query(`drop function if exists bench_cluster_transition()`);
  await pg.query(`drop table if exists bench_cluster_transitions`);
}

/**
 * TIMERS accepted essays of the timer tutor due from `firstDue` to `lastDue`, each with its chat context, as
 * acceptance leaves them; their expiry jobs are queued by the app's EssayTimers (essays-backend.mjs schedule).
 * @param {Pg} pg @param {User[]} students @param {User} tutor @param {number} firstDue @param {number} lastDue
 */
async function seedTimers(pg, students, tutor, firstDue, lastDue) {
  const step = TIMERS > 1 ? (lastDue - firstDue) / (TIMERS - 1) : 0;
  const essays = Array.from({ length: TIMERS }, (_, i) => {
    const due = Math.round(firstDue + i * step);
    return { id: randomUUID(), title: `Cluster timer ${String(i).padStart(5, '0')}`, student: students[i % 20].id, acceptedAt: due - WINDOW_S * 1000, due };
  });
  await pg.query(
    `insert into essays (id, student_id, tutor_id, title, subject, academic_level, status, original_word_count, word_count, price_pence, file_key, file_name, file_mime, confirmed_at, accepted_at, created_at, updated_at)
     select e.id, e.student, $5, e.title, 'History', 'GCSE', 'accepted', 1000, 1000, 1500, 'essays/bench/' || e.id || '.pdf', 'essay.pdf', 'application/pdf', e.accepted_at, e.accepted_at, e.accepted_at, e.accepted_at
     from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) as e(id, student, title, accepted_at)`,
    [essays.map((e) => e.id), essays.map((e) => e.student), essays.map((e) => e.title), essays.map((e) => new Date(e.acceptedAt).toISOString()), tutor.id],
  );
  await pg.query(`insert into chat_conversations (student_id, tutor_id) select unnest($1::uuid[]), $2 on conflict (student_id, tutor_id) do nothing`, [students.slice(0, 20).map((s) => s.id), tutor.id]);
  await pg.query(
    `insert into chat_conversation_contexts (conversation_id, kind, ref_id)
     select c.id, 'essay', e.id from unnest($1::uuid[], $2::uuid[]) as e(id, student) join chat_conversations c on c.student_id = e.student and c.tutor_id = $3`,
    [essays.map((e) => e.id), essays.map((e) => e.student), tutor.id],
  );
  return essays;
}

/** Queues the expiry jobs with the app's EssayTimers in a helper process (the built backend's own code). @param {NodeJS.ProcessEnv} helperEnv @param {{ id: string, acceptedAt: number }[]} essays */
async function scheduleExpiries(helperEnv, essays) {
  const child = spawn(nodeBin(), [join(ROOT, 'scripts', 'bench', 'essays-backend.mjs'), 'schedule'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], env: helperEnv });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (out.startsWith('ready\n') && !child.stdin.writableEnded) {
      child.stdin.write(`${JSON.stringify(essays)}\n`);
      child.stdin.end();
    }
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the schedule helper exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

// ── HTTP through the proxy ──────────────────────────────────────────────────────────────────────────────────

/** @typedef {{ at: number, end: number, route: string, status: number, error?: string }} Call */

/** @param {string} base @param {Call[]} calls */
function httpClient(base, calls) {
  /**
   * @param {string} method @param {string} path
   * @param {{ token?: string, json?: unknown, form?: FormData, route?: string, contentType?: string, raw?: string }} [o]
   * @returns {Promise<{ status: number, body: any }>}
   */
  return async function call(method, path, o = {}) {
    const route = o.route ?? path;
    /** @type {Record<string, string>} */
    const headers = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body;
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form) body = o.form;
    else if (o.raw !== undefined) {
      headers['content-type'] = o.contentType ?? 'application/x-www-form-urlencoded';
      body = o.raw;
    }
    const at = Date.now();
    try {
      const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      calls.push({ at, end: Date.now(), route, status: res.status });
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: res.status, body: parsed };
    } catch (err) {
      calls.push({ at, end: Date.now(), route, status: 0, error: /** @type {Error} */ (err).cause ? String(/** @type {any} */ (err).cause.code ?? err) : /** @type {Error} */ (err).message });
      return { status: 0, body: null };
    }
  };
}

// ── Loads ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One essay from upload to marking. Answers { essayId, title, reached } where reached is the last step done.
 * A refused step (a 4xx, a 5xx or a network error) ends the journey there: it is counted, not retried, so an essay
 * in a half state stays for the checks (each transition once at most, no payment twice).
 * @param {ReturnType<typeof httpClient>} call @param {User} student @param {User} tutor @param {number} n
 */
async function journey(call, student, tutor, n) {
  const title = `Cluster journey ${String(n).padStart(5, '0')}`;
  const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
  const form = new FormData();
  form.set('title', title);
  form.set('subject', 'History');
  form.set('academicLevel', 'A-Level');
  form.set('file', new Blob([words], { type: 'text/plain' }), 'essay.txt');
  /** @type {{ essayId?: string, title: string, reached: string, failedAt?: string, failedStatus?: number, failedCode?: string, markWaits?: number }} */
  const r = { title, reached: 'none' };
  const step = (/** @type {string} */ label, /** @type {{ status: number, body: any }} */ res, ok = [200]) => {
    if (ok.includes(res.status)) {
      r.reached = label;
      return true;
    }
    r.failedAt = label;
    r.failedStatus = res.status;
    r.failedCode = res.body?.code;
    return false;
  };
  const up = await call('POST', '/api/student/uploadEssay', { token: student.token, form, route: 'uploadEssay' });
  if (!step('uploaded', up)) return r;
  r.essayId = up.body.essayId;
  const wordCount = up.body.wordCount;
  if (!step('confirmed', await call('POST', '/api/student/updateWordCount', { token: student.token, json: { essayId: r.essayId, wordCount }, route: 'updateWordCount' }))) return r;
  if (!step('accepted', await call('POST', '/api/tutor/acceptEssay', { token: tutor.token, json: { essayID: r.essayId }, route: 'acceptEssay' }))) return r;
  const confirmed = await call('POST', `/api/essays/${r.essayId}/confirm`, { token: tutor.token, json: { wordCount }, route: 'essays/:id/confirm' });
  if (!step('count agreed', confirmed)) return r;
  const price = confirmed.body?.essay?.pricePence;
  if (!step('price confirmed', await call('POST', `/api/essays/${r.essayId}/confirm-price`, { token: student.token, json: { pricePence: price }, route: 'essays/:id/confirm-price' }))) return r;
  const url = await call('POST', '/api/student/generatePaymentUrl', { token: student.token, json: { essayId: r.essayId }, route: 'generatePaymentUrl' });
  if (!step('checkout', url)) return r;
  if (!url.body?.paymentUrl) return { ...r, failedAt: 'checkout', failedStatus: url.status };
  const checkout = new URL(url.body.paymentUrl).pathname;
  if (!step('paid', await call('POST', checkout, { raw: 'action=pay', route: 'local-checkout pay' }), [303])) return r;
  const mark = new FormData();
  mark.set('essayID', /** @type {string} */ (r.essayId));
  mark.set('score', '7');
  mark.set('feedback', FEEDBACK);
  // The payment reaches the essay a moment after the checkout page answers; the tutor's screen shows it paid
  // before Mark is offered, so a 409 (not paid yet) is tried again for up to 10 s.
  let marked = await call('POST', '/api/tutor/markEssay', { token: tutor.token, form: mark, route: 'markEssay' });
  for (let i = 0; i < 20 && marked.status === 409 && marked.body?.code === 'ESSAY_NOT_MARKABLE'; i++) {
    r.markWaits = (r.markWaits ?? 0) + 1;
    await sleep(500);
    marked = await call('POST', '/api/tutor/markEssay', { token: tutor.token, form: mark, route: 'markEssay retry' });
  }
  step('marked', marked);
  return r;
}

/**
 * Books a slot of a tutoring tutor and pays it on the local gateway.
 * @param {ReturnType<typeof httpClient>} call @param {User} student @param {User} tutor @param {{ startTime: string, endTime: string }} slot
 */
async function booking(call, student, tutor, slot) {
  /** @type {{ sessionId?: string, reached: string, failedStatus?: number }} */
  const r = { reached: 'none' };
  const booked = await call('POST', '/api/student/createTutoringSession', { token: student.token, json: { tutorId: tutor.id, purpose: 'The kill drill', startTime: slot.startTime, endTime: slot.endTime }, route: 'createTutoringSession' });
  if (booked.status !== 200) return { ...r, failedStatus: booked.status, failedAt: 'booked' };
  r.sessionId = booked.body.tutoringSession?._id ?? booked.body.tutoringSession?.id;
  r.reached = 'booked';
  if (!booked.body.paymentUrl) return { ...r, failedStatus: booked.status, failedAt: 'paid' };
  const pay = await call('POST', new URL(booked.body.paymentUrl).pathname, { raw: 'action=pay', route: 'local-checkout pay' });
  if (pay.status !== 303) return { ...r, failedStatus: pay.status, failedAt: 'paid' };
  r.reached = 'paid';
  return r;
}

/**
 * The chat load: SOCKETS websocket-only clients through the proxy, reconnecting by themselves, CHAT_RATE msg/s
 * between random contact pairs with acknowledgements; a sender that is offline at its turn skips it.
 * @param {string} base @param {Map<string, User>} users @param {[string, string][]} pairs @param {Log} log
 */
async function startChat(base, users, pairs, log) {
  const { io } = /** @type {typeof import('socket.io-client')} */ (require(join(ROOT, 'node_modules', 'socket.io-client')));
  const ids = [...new Set(pairs.flat())];
  /** @type {Map<string, { socket: Socket, offline: [number, number][], downAt: number | null }>} */
  const clients = new Map();
  /** @type {number[]} */
  const reconnectMs = [];
  let drops = 0;
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map(
        (id) =>
          /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
            const socket = io(base, {
              path: '/api/socket.io',
              transports: ['websocket'],
              auth: { token: users.get(id)?.token },
              forceNew: true,
              reconnectionDelay: 100,
              reconnectionDelayMax: 1000,
              randomizationFactor: 0.5,
              timeout: 10_000,
            });
            const entry = { socket, offline: /** @type {[number, number][]} */ ([]), downAt: /** @type {number | null} */ (null) };
            clients.set(id, entry);
            socket.once('connect', () => resolve());
            socket.once('connect_error', (err) => (socket.connected ? undefined : reject(new Error(`connect refused: ${err.message}`))));
            socket.on('disconnect', (reason) => {
              if (reason === 'io client disconnect') return;
              drops++;
              entry.downAt = Date.now();
            });
            socket.on('connect', () => {
              if (entry.downAt === null) return;
              reconnectMs.push(Date.now() - entry.downAt);
              entry.offline.push([entry.downAt, Date.now()]);
              entry.downAt = null;
            });
          })),
      ),
    );
  }
  log(`${clients.size} chat sockets connected through the proxy`);
  /** @typedef {{ from: string, to: string, content: string, sentAt: number, acked: boolean, attempts: number, refused?: string, deliveredAt?: number }} Sent */
  /** @type {Map<string, Sent>} content → message */
  const sent = new Map();
  for (const [id, { socket }] of clients) {
    socket.on('receiveMessage', (/** @type {{ recipient: string, content: string }} */ m) => {
      if (m.recipient !== id) return;
      const s = sent.get(m.content);
      if (s && s.to === id && s.deliveredAt === undefined) s.deliveredAt = Date.now();
    });
  }
  let skippedOffline = 0;
  let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
  let stopped = false;
  const started = performance.now();
  let count = 0;
  const tick = () => {
    if (stopped) return;
    const due = Math.floor(((performance.now() - started) / 1000) * CHAT_RATE);
    while (count < due) {
      count++;
      const [student, tutor] = pairs[Math.floor(Math.random() * pairs.length)];
      const [from, to] = Math.random() < 0.5 ? [student, tutor] : [tutor, student];
      const client = clients.get(from);
      if (!client?.socket.connected) {
        skippedOffline++;
        continue;
      }
      const content = `cluster ${count} ${randomBytes(4).toString('hex')}`;
      /** @type {Sent} */
      const message = { from, to, content, sentAt: Date.now(), acked: false, attempts: 0 };
      sent.set(content, message);
      // As the app's client does: a send with no answer (its socket dropped, or its process died before answering)
      // goes again with the same client id once the socket is back, and the server answers a saved one as it was.
      const clientId = randomUUID();
      const send = () => {
        message.attempts++;
        client.socket.timeout(5_000).emit('sendMessage', { recipient: to, content, clientId }, (/** @type {Error | null} */ err, /** @type {{ ok?: boolean, code?: string, message?: string } | undefined} */ ack) => {
          if (err) {
            if (message.attempts < 4) return void (client.socket.connected ? send() : client.socket.once('connect', send));
            message.refused = 'no answer';
          } else if (ack?.ok) message.acked = true;
          else message.refused = ack?.code ?? ack?.message ?? 'refused';
        });
      };
      send();
    }
    timer = setTimeout(tick, 10);
  };
  tick();
  return {
    clients,
    sent,
    reconnectMs,
    get drops() {
      return drops;
    },
    get skippedOffline() {
      return skippedOffline;
    },
    stopSending() {
      stopped = true;
      clearTimeout(timer);
    },
    close() {
      for (const { socket } of clients.values()) socket.close();
    },
  };
}

/**
 * The bench's essays' mails that reached the sink more than once for one recipient and subject: key → arrival times.
 * @param {import('../smtp-sink.mjs').SunkMail[]} mails
 */
function allMailsDoubled(mails) {
  /** @type {Map<string, number[]>} */
  const byKey = new Map();
  for (const m of mails) for (const to of m.to) byKey.set(`${to} | ${m.subject}`, [...(byKey.get(`${to} | ${m.subject}`) ?? []), m.at]);
  // Only the bench's essays' mails are one per recipient and subject; two receipts of one amount are two payments.
  return [...byKey].filter(([key, ats]) => ats.length > 1 && /Cluster (timer|journey) \d+/.test(key));
}

/** Waits until the mail queue has nothing waiting, active or delayed (or the deadline). @param {any} queue @param {number} deadline */
async function drainQueue(queue, deadline) {
  while (Date.now() < deadline) {
    const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized');
    if (Object.values(counts).every((n) => n === 0)) return true;
    await sleep(500);
  }
  return false;
}

/** Deletes the keys matching `pattern` in the Redis database of `redisUrl`. @param {string} redisUrl @param {string} pattern */
async function clearRedisKeys(redisUrl, pattern) {
  const Redis = require(join(ROOT, 'node_modules', 'ioredis'));
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(pattern);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
  } finally {
    redis.disconnect();
  }
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────────────

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const loadavgBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const { env: appEnv, childEnv } = loadEnv();
  await requireDatabaseServices(appEnv, { createDatabase: false, log });
  const services = await ensureLocalServices({ env: appEnv, detached: false, log });
  await buildIfStale(['backend'], { env: childEnv, log });
  mkdirSync(BENCH_DIR, { recursive: true });
  const databaseUrl = env.BENCH_DATABASE_URL || withDatabase(appEnv.DATABASE_URL, 'redpen_bench_cluster');
  const redisUrl = env.BENCH_REDIS_URL || withDatabase(appEnv.REDIS_URL, '14');
  const bucket = env.BENCH_S3_BUCKET || 'redpen-bench-cluster';
  await ensureDatabase(databaseUrl);
  const { QUEUES } = await backend('infra/queue/job-registry.js');
  const { QUEUE_PREFIX, bullConnection } = await backend('infra/queue/redis-connection.js');
  for (const queue of Object.values(/** @type {Record<string, string>} */ (QUEUES))) await clearRedisKeys(redisUrl, `${QUEUE_PREFIX}:${queue}:*`);
  const jwtSecret = randomBytes(32).toString('hex');
  const sink = await startSmtpSink();
  const ports = await Promise.all(Array.from({ length: APIS }, () => freePort()));
  const proxy = await startProxy(ports);
  /** @type {NodeJS.ProcessEnv} */
  const common = {
    ...childEnv, NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, JWT_SECRET: jwtSecret, S3_BUCKET: bucket,
    SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'false', SMTP_USER: '', SMTP_PASS: '', SEED_DEMO_DATA: 'false', BULL_BOARD_ENABLED: 'false', API_DOCS_ENABLED: 'false',
    WORDCOUNT_WINDOW_SECONDS: String(WINDOW_S), WEB_ORIGIN: proxy.url, SERVE_WEB: 'false', TRUST_PROXY: 'loopback', TWO_FACTOR_POLICY: 'optional', UPLOAD_RATE_LIMIT_PER_HOUR: '100000',
    STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', DB_POOL_MAX: '10',
  };
  /** @param {number} i */
  const apiEnv = (i) => ({ ...common, LOG_LEVEL: 'warn', PORT: String(ports[i]), HOST: '127.0.0.1', WORKERS: 'off', DB_MIGRATE_ON_START: i === 0 ? 'true' : 'false' });
  const workerEnv = { ...common, DB_MIGRATE_ON_START: 'false' };
  /** @type {ReturnType<typeof startProcess>[]} */
  const processes = [];
  const pg = new (require(join(ROOT, 'node_modules', 'pg')).Client)({ connectionString: databaseUrl });
  const { Queue } = require(join(ROOT, 'node_modules', 'bullmq'));
  const mailQueue = new Queue(QUEUES.mail, { connection: bullConnection(redisUrl), prefix: QUEUE_PREFIX });
  /** @type {Awaited<ReturnType<typeof startChat>> | null} */
  let chat = null;
  let pgConnected = false;
  /** @type {Record<string, any>} */
  let results;
  try {
    // The first API applies the migrations; then the others and the workers.
    const apis = [startProcess('api', 'api-1', apiEnv(0))];
    processes.push(apis[0]);
    await apis[0].ready;
    for (let i = 1; i < APIS; i++) processes.push((apis[i] = startProcess('api', `api-${i + 1}`, apiEnv(i))));
    const workers = Array.from({ length: WORKERS }, (_, i) => startProcess('worker', `worker-${i + 1}`, workerEnv));
    processes.push(...workers);
    await Promise.all([...apis, ...workers].map((p) => p.ready));
    log(`${APIS} APIs (ports ${ports.join(', ')}) and ${WORKERS} workers ready behind ${proxy.url}`);
    await pg.connect();
    pgConnected = true;
    await addRecorder(pg);
    const seeded = await seedUsers(pg, jwtSecret, log);

    // Timers: due from 10 s into the load to 10 s before its end, so the kill lands among them.
    const loadStart = Date.now() + 30_000; // after the timers are queued and the sockets connected
    const timerEssays = await seedTimers(pg, seeded.students, seeded.timerTutor[0], loadStart + 10_000, loadStart + Math.max(20, SECONDS - 10) * 1000);
    const scheduled = await scheduleExpiries(workerEnv, timerEssays.map((e) => ({ id: e.id, acceptedAt: e.acceptedAt })));
    log(`${fmt(TIMERS)} word-count windows fall due over the run; ${fmt(scheduled.scheduled)} expiry jobs queued in ${fmt(scheduled.ms)} ms`);

    // Slots to book: the tutors' next slots as Find Your Tutor shows them.
    /** @type {Call[]} */
    const calls = [];
    const call = httpClient(proxy.url, calls);
    /** @type {{ tutor: User, slot: { startTime: string, endTime: string } }[]} */
    const slots = [];
    const list = await call('GET', `/api/tutor/getTutorProfilesforTutoring?search=${encodeURIComponent('Bench tutor')}&page=1&limit=100`, { token: seeded.students[0].token, route: 'setup' });
    const cards = seeded.bookingTutors.map((tutor) => ({ tutor, nextSlots: (list.body?.tutors ?? []).find((/** @type {{ _id: string }} */ t) => t._id === tutor.id)?.nextSlots ?? [] }));
    // Tutor by tutor at each time, so that the students booking at one time (n % 60 for consecutive n) all differ.
    for (let k = 0; k < Math.max(...cards.map((c) => c.nextSlots.length)); k++) for (const c of cards) if (c.nextSlots[k]) slots.push({ tutor: c.tutor, slot: c.nextSlots[k] });
    if (!slots.length) throw new Error(`no tutoring slots to book (Find Your Tutor answered ${list.status})`);
    calls.length = 0;

    chat = await startChat(proxy.url, seeded.byId, seeded.pairs, log);
    await sleep(Math.max(0, loadStart - Date.now()));
    const endAt = loadStart + SECONDS * 1000;
    const killAt = loadStart + (SECONDS * 1000) / 2;
    log(`mixed load for ${SECONDS} s: ${JOURNEYS_AT_ONCE} essay journeys and ${BOOKINGS_AT_ONCE} bookings at a time, ${CHAT_RATE} chat msg/s; the kill at ${SECONDS / 2} s`);
    /** @type {Awaited<ReturnType<typeof journey>>[]} */
    const journeys = [];
    let journeyNo = 0;
    const journeyLoops = Array.from({ length: JOURNEYS_AT_ONCE }, async () => {
      while (Date.now() < endAt) {
        const n = journeyNo++;
        journeys.push(await journey(call, seeded.students[n % seeded.students.length], seeded.essayTutors[n % seeded.essayTutors.length], n));
      }
    });
    /** @type {Awaited<ReturnType<typeof booking>>[]} */
    const bookings = [];
    let bookingNo = 0;
    const bookingLoops = Array.from({ length: BOOKINGS_AT_ONCE }, async () => {
      while (Date.now() < endAt && bookingNo < slots.length) {
        const n = bookingNo++;
        bookings.push(await booking(call, seeded.students[n % seeded.students.length], slots[n].tutor, slots[n].slot));
      }
    });

    // The kill: one API and one worker, SIGKILL, then both started again (the API on its port).
    await sleep(Math.max(0, killAt - Date.now()));
    const victimApi = 1;
    const victimWorker = 0;
    const killedAt = Date.now();
    apis[victimApi].child.kill('SIGKILL');
    workers[victimWorker].child.kill('SIGKILL');
    const { rows: [{ n: timersBeforeKill }] } = await pg.query(`select count(*)::int as n from bench_cluster_transitions t join essays e on e.id = t.ref_id where e.title like 'Cluster timer %'`);
    await Promise.all([new Promise((r) => apis[victimApi].child.once('exit', r)), new Promise((r) => workers[victimWorker].child.once('exit', r))]).catch(() => undefined);
    const apiAgain = startProcess('api', `api-${victimApi + 1}-again`, apiEnv(victimApi));
    const workerAgain = startProcess('worker', `worker-${victimWorker + 1}-again`, workerEnv);
    processes.push(apiAgain, workerAgain);
    const [apiReadyAt, workerReadyAt] = await Promise.all([apiAgain.ready, workerAgain.ready]);
    log(`SIGKILL at ${round((killedAt - loadStart) / 1000)} s (API ${apis[victimApi].label}, ${workers[victimWorker].label}; ${timersBeforeKill} timers done); API again ready ${round((apiReadyAt - killedAt) / 1000)} s later, worker ${round((workerReadyAt - killedAt) / 1000)} s`);
    const killWindowEnd = apiReadyAt + KILL_WINDOW_AFTER_READY_MS;

    await Promise.all([...journeyLoops, ...bookingLoops]);
    chat.stopSending();
    log(`load over: ${journeys.length} journeys, ${bookings.length} bookings, ${chat.sent.size} chat messages sent; waiting for the timers, deliveries and mails…`);
    // Stragglers: deliveries, the last timers (a job in flight at the kill returns after its 30 s lock), mails.
    const timerIds = timerEssays.map((e) => e.id);
    const deadline = Math.max(timerEssays.at(-1)?.due ?? 0, Date.now()) + 60_000;
    for (;;) {
      const { rows: [r] } = await pg.query(`select count(*)::int as n from essays where id = any($1::uuid[]) and status = 'accepted'`, [timerIds]);
      if (r.n === 0 || Date.now() > deadline) break;
      await sleep(1000);
    }
    await sleep(3000);
    const mailDrained = await drainQueue(mailQueue, Date.now() + 60_000);
    await sleep(1000);

    results = await tallyUp({ pg, chat, calls, journeys, bookings, timerEssays, mails: sink.mails, loadStart, killedAt, killWindowEnd, apiReadyAt, workerReadyAt, mailDrained, mailQueue, proxy });
  } finally {
    chat?.close();
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) await stopChild(p.child, { graceMs: 15000 });
    await proxy.stop();
    await mailQueue.close();
    if (pgConnected) {
      await removeRecorder(pg).catch((err) => log(`could not remove the recorder: ${err.message}`));
      await removeBenchRows(pg).catch((err) => log(`could not remove the bench rows: ${err.message}`));
    }
    await pg.end().catch(() => undefined);
    await cleanBucket(bucket, 'essays/', log).catch((err) => log(`could not empty ${bucket}: ${err.message}`));
    if (!env.BENCH_REDIS_URL) await clearRedisKeys(redisUrl, 'redpen:*').catch((err) => log(`could not clear Redis: ${err.message}`));
    await sink.stop();
    await services.stop();
  }
  const loadavgAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return report({ command, results, loadavg: { before: loadavgBefore, after: loadavgAfter } });
}

/**
 * The figures and checks, read from what the clients saw, the database, the sink and the queue.
 * @param {any} r
 */
async function tallyUp({ pg, chat, calls, journeys, bookings, timerEssays, mails, loadStart, killedAt, killWindowEnd, apiReadyAt, workerReadyAt, mailDrained, mailQueue, proxy }) {
  // Chat: every acked message saved; delivered live unless its recipient was offline around it.
  /** @type {any[]} */
  const sent = [...chat.sent.values()];
  const acked = sent.filter((m) => m.acked);
  const { rows: saved } = await pg.query(`select content from chat_messages where content = any($1::text[])`, [acked.map((m) => m.content)]);
  const savedSet = new Set(saved.map((/** @type {{ content: string }} */ s) => s.content));
  const { rows: [{ n: savedTwice }] } = await pg.query(
    `select count(*)::int as n from (select content from chat_messages where content = any($1::text[]) group by content having count(*) > 1) d`,
    [sent.map((m) => m.content)],
  );
  /** @param {string} id @param {number} at */
  const offlineAround = (id, at) => {
    const entry = chat.clients.get(id);
    if (!entry) return true;
    if (entry.downAt !== null) return true;
    return entry.offline.some((/** @type {[number, number]} */ [a, b]) => a <= at + 5000 && b >= at - 1000);
  };
  const notSaved = acked.filter((m) => !savedSet.has(m.content)).length;
  const undelivered = acked.filter((m) => m.deliveredAt === undefined);
  const undeliveredOnline = undelivered.filter((m) => !offlineAround(m.to, m.sentAt)).length;
  const lostExamples = [...acked.filter((m) => !savedSet.has(m.content)), ...undelivered.filter((m) => !offlineAround(m.to, m.sentAt))].slice(0, 10).map((m) => ({
    content: m.content, attempts: m.attempts, sentSecondsFromKill: round((m.sentAt - killedAt) / 1000, 2), saved: savedSet.has(m.content),
    senderDrops: chat.clients.get(m.from)?.offline.map((/** @type {[number, number]} */ [a, b]) => [round((a - killedAt) / 1000, 2), round((b - killedAt) / 1000, 2)]),
    recipientDrops: chat.clients.get(m.to)?.offline.map((/** @type {[number, number]} */ [a, b]) => [round((a - killedAt) / 1000, 2), round((b - killedAt) / 1000, 2)]),
  }));
  const deliveryMs = acked.filter((m) => m.deliveredAt !== undefined).map((m) => m.deliveredAt - m.sentAt);
  const neverBack = [...chat.clients.values()].filter((c) => c.downAt !== null).length;
  const chatFigures = {
    sockets: chat.clients.size, sent: sent.length, acked: acked.length, refused: sent.filter((m) => m.refused).length,
    refusals: Object.fromEntries(Object.entries(sent.filter((m) => m.refused).reduce((/** @type {Record<string, number>} */ o, m) => ((o[m.refused] = (o[m.refused] ?? 0) + 1), o), {}))),
    unanswered: sent.filter((m) => !m.acked && !m.refused).length, sentAgain: sent.filter((m) => m.attempts > 1).length, skippedOffline: chat.skippedOffline,
    delivered: sent.filter((m) => m.deliveredAt !== undefined).length, ackedNotSaved: notSaved, savedTwice,
    undeliveredRecipientOffline: undelivered.length - undeliveredOnline, undeliveredRecipientOnline: undeliveredOnline,
    lost: notSaved + undeliveredOnline, lostExamples,
    deliveryP50Ms: Math.round(percentile(deliveryMs, 50)), deliveryP99Ms: Math.round(percentile(deliveryMs, 99)),
    drops: chat.drops, reconnects: chat.reconnectMs.length, neverBack,
    reconnectP50Ms: Math.round(percentile(chat.reconnectMs, 50)), reconnectMaxMs: chat.reconnectMs.length ? Math.max(...chat.reconnectMs) : 0,
  };

  // Transitions: each (essay or booking, from, to) at most once; every timer essay accepted → open exactly once.
  const { rows: transitions } = await pg.query(`select kind, ref_id, from_status, to_status, count(*)::int as n from bench_cluster_transitions group by 1, 2, 3, 4`);
  const timerIds = new Set(timerEssays.map((/** @type {{ id: string }} */ e) => e.id));
  const returned = new Map();
  for (const t of transitions) if (timerIds.has(t.ref_id) && t.from_status === 'accepted' && t.to_status === 'open') returned.set(t.ref_id, t.n);
  const timerFigures = {
    essays: timerEssays.length, transitions: [...returned.values()].reduce((a, b) => a + b, 0), doubled: [...returned.values()].filter((n) => n > 1).length,
    missed: timerEssays.length - returned.size,
  };
  const doubledTransitions = transitions.filter((/** @type {{ n: number }} */ t) => t.n > 1).length;
  // Mails: once per recipient and subject for the bench's essays; the timers' two (student and tutor) each, the
  // marked journeys' feedback mail to the student.
  /** @type {Map<string, number>} */
  const perMail = new Map();
  for (const m of mails) {
    if (!/Cluster (timer|journey) \d+/.test(m.subject)) continue;
    for (const to of m.to) perMail.set(`${to}\n${m.subject}`, (perMail.get(`${to}\n${m.subject}`) ?? 0) + 1);
  }
  const mailsDoubled = [...perMail.values()].filter((n) => n > 1).length;
  // A doubled mail's copies, by when they reached the sink (seconds from the kill): a mail whose job was in flight
  // on the killed worker is sent again when its lock runs out.
  const doubledExamples = [...allMailsDoubled(mails)].slice(0, 10).map(([key, ats]) => ({ mail: key, secondsFromKill: ats.map((/** @type {number} */ at) => round((at - killedAt) / 1000, 1)) }));
  // Every other mail (bookings, payments, chat's unread notices) with the same recipient and subject more than once:
  // reported, not checked, since two bookings with one tutor may share a subject.
  /** @type {Map<string, number>} */
  const allMails = new Map();
  for (const m of mails) for (const to of m.to) allMails.set(`${to} | ${m.subject}`, (allMails.get(`${to} | ${m.subject}`) ?? 0) + 1);
  const repeatedOther = [...allMails].filter(([k, n]) => n > 1 && !/Cluster (timer|journey) \d+/.test(k));
  /** @type {Record<string, number>} */
  const subjects = {};
  for (const m of mails) {
    const kind = m.subject.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
    subjects[kind] = (subjects[kind] ?? 0) + 1;
  }
  /** @type {number[]} */
  const timerMails = timerEssays.map((/** @type {{ title: string }} */ e) => [...perMail.keys()].filter((k) => k.includes(`"${e.title}" is back`)).length);
  const marked = journeys.filter((/** @type {{ reached: string }} */ j) => j.reached === 'marked');
  // The journey's mails, one per step reached: accepted and the count agreed and the feedback to the student, paid to
  // the tutor; a receipt per paid item; a booking's confirmation to both sides.
  const JOURNEY_MAILS = [['accepted', (/** @type {string} */ t) => `A tutor accepted "${t}"`], ['count agreed', (/** @type {string} */ t) => `Word count confirmed for "${t}"`], ['paid', (/** @type {string} */ t) => `"${t}" is paid: start marking`], ['marked', (/** @type {string} */ t) => `Your feedback on "${t}" is ready`]];
  const ORDER = ['none', 'uploaded', 'confirmed', 'accepted', 'count agreed', 'price confirmed', 'checkout', 'paid', 'marked'];
  let journeyExpected = 0;
  let journeyReceived = 0;
  let journeyMissing = 0;
  let journeyUnexpected = 0;
  const perMailKeys = [...perMail.keys()];
  for (const j of journeys) {
    for (const [stepName, subject] of /** @type {[string, (t: string) => string][]} */ (JOURNEY_MAILS)) {
      const due = ORDER.indexOf(j.reached) >= ORDER.indexOf(stepName);
      const got = perMailKeys.filter((k) => k.endsWith(`\n${subject(j.title)}`) || k.includes(`\n${subject(j.title)}`)).length;
      journeyExpected += due ? 1 : 0;
      journeyReceived += got;
      if (due && got === 0) journeyMissing++;
      // A step whose call was cut off (a 502 or a network error) may have happened: its mail is neither due nor unexpected.
      const unknown = j.failedAt === stepName && (!j.failedStatus || j.failedStatus >= 500);
      if (!due && got > 0 && !unknown) journeyUnexpected++;
    }
  }
  // Receipts and booking confirmations follow the ledger: a checkout whose answer was cut off by the kill may be paid.
  const { rows: paidRows } = await pg.query(`select item_id from payments where item_id = any($1::uuid[]) and payer_type = 'student' and status = 'completed'`, [
    [...journeys.map((/** @type {{ essayId?: string }} */ j) => j.essayId), ...bookings.map((/** @type {{ sessionId?: string }} */ b) => b.sessionId)].filter(Boolean),
  ]);
  const paidSet = new Set(paidRows.map((/** @type {{ item_id: string }} */ p) => p.item_id));
  const paidItems = paidSet.size;
  const receipts = mails.filter((/** @type {{ subject: string }} */ m) => m.subject.startsWith('Receipt:')).reduce((/** @type {number} */ n, /** @type {{ to: string[] }} */ m) => n + m.to.length, 0);
  const bookedMails = mails.filter((/** @type {{ subject: string }} */ m) => m.subject.startsWith('Your tutoring session is booked')).reduce((/** @type {number} */ n, /** @type {{ to: string[] }} */ m) => n + m.to.length, 0);
  /** @type {number[]} */
  const markedMails = marked.map((/** @type {{ title: string }} */ j) => [...perMail.keys()].filter((k) => k.includes(`"${j.title}" is ready`)).length);
  const mailFigures = {
    sunk: mails.length, timerExpected: timerEssays.length * 2, timerReceived: timerMails.reduce((a, b) => a + b, 0), timerMissing: timerMails.filter((n) => n < 2).length,
    feedbackExpected: marked.length, feedbackReceived: markedMails.reduce((a, b) => a + b, 0), feedbackMissing: markedMails.filter((n) => n < 1).length,
    journeyExpected, journeyReceived, journeyMissing, journeyUnexpected, receiptsExpected: paidItems, receipts,
    bookedExpected: 2 * bookings.filter((/** @type {{ sessionId?: string }} */ b) => b.sessionId && paidSet.has(b.sessionId)).length, bookedMails,
    doubled: mailsDoubled, doubledExamples, queueDrained: mailDrained, subjects, repeatedOther: repeatedOther.length, repeatedOtherExamples: repeatedOther.slice(0, 10),
    queueCounts: await mailQueue.getJobCounts('completed', 'failed', 'wait', 'active', 'delayed'),
  };

  // Payments: completed student payments per item.
  const itemIds = [...journeys.map((/** @type {{ essayId?: string }} */ j) => j.essayId), ...bookings.map((/** @type {{ sessionId?: string }} */ b) => b.sessionId)].filter(Boolean);
  const { rows: perItem } = await pg.query(
    `select item_id, count(*) filter (where status = 'completed')::int as completed, count(*)::int as rows from payments where item_id = any($1::uuid[]) and payer_type = 'student' group by item_id`,
    [itemIds],
  );
  const completedOf = new Map(perItem.map((/** @type {{ item_id: string, completed: number }} */ p) => [p.item_id, p.completed]));
  const paidJourneys = journeys.filter((/** @type {{ reached: string }} */ j) => ['paid', 'marked'].includes(j.reached));
  const paidBookings = bookings.filter((/** @type {{ reached: string }} */ b) => b.reached === 'paid');
  const paymentFigures = {
    items: itemIds.length, appliedTwice: perItem.filter((/** @type {{ completed: number }} */ p) => p.completed > 1).length,
    paidWithoutLedgerRow: [...paidJourneys.map((/** @type {{ essayId: string }} */ j) => j.essayId), ...paidBookings.map((/** @type {{ sessionId: string }} */ b) => b.sessionId)].filter((id) => completedOf.get(id) !== 1).length,
  };

  // HTTP: errors are network errors and 5xx, by phase.
  /** @param {Call[]} list */
  const phase = (list) => {
    const errors = list.filter((c) => c.status === 0 || c.status >= 500);
    return { requests: list.length, errors: errors.length, refused4xx: list.filter((c) => c.status >= 400 && c.status < 500).length, rate: list.length ? errors.length / list.length : 0, kinds: [...new Set(errors.map((c) => `${c.route} ${c.status || c.error}`))].slice(0, 10) };
  };
  const httpFigures = {
    // A request in flight at the SIGKILL belongs to the kill, whenever it started.
    before: phase(calls.filter((/** @type {Call} */ c) => c.end < killedAt)),
    during: phase(calls.filter((/** @type {Call} */ c) => c.end >= killedAt && c.at < killWindowEnd)),
    after: phase(calls.filter((/** @type {Call} */ c) => c.at >= killWindowEnd)),
    proxy: { ...proxy.stats },
  };
  const journeyFigures = {
    started: journeys.length, marked: marked.length,
    stoppedAt: journeys.filter((/** @type {{ failedAt?: string }} */ j) => j.failedAt).reduce((/** @type {Record<string, number>} */ o, /** @type {{ failedAt: string, failedStatus: number }} */ j) => ((o[`${j.failedAt} ${j.failedStatus}`] = (o[`${j.failedAt} ${j.failedStatus}`] ?? 0) + 1), o), {}),
    failures: journeys.filter((/** @type {{ failedAt?: string }} */ j) => j.failedAt).slice(0, 10),
    waitedForPayment: journeys.filter((/** @type {{ markWaits?: number }} */ j) => j.markWaits).length,
  };
  const bookingFigures = { attempted: bookings.length, paid: paidBookings.length, stoppedAt: bookings.filter((/** @type {{ failedAt?: string }} */ b) => b.failedAt).reduce((/** @type {Record<string, number>} */ o, /** @type {{ failedAt: string, failedStatus: number }} */ b) => ((o[`${b.failedAt} ${b.failedStatus}`] = (o[`${b.failedAt} ${b.failedStatus}`] ?? 0) + 1), o), {}) };
  return {
    kill: { atSeconds: round((killedAt - loadStart) / 1000), apiReadyAfterS: round((apiReadyAt - killedAt) / 1000), workerReadyAfterS: round((workerReadyAt - killedAt) / 1000), windowSeconds: round((killWindowEnd - killedAt) / 1000) },
    chat: chatFigures, timers: timerFigures, transitions: { distinct: transitions.length, doubled: doubledTransitions }, mails: mailFigures, payments: paymentFigures, http: httpFigures, journeys: journeyFigures, bookings: bookingFigures,
  };
}

/** @param {{ command: string, results: any, loadavg: { before: string, after: string } }} r */
function report({ command, results: x, loadavg }) {
  const checks = {
    'chat: no acked message lost': x.chat.lost === 0 && x.chat.savedTwice === 0,
    'timers: each once': x.timers.transitions === x.timers.essays && x.timers.doubled === 0 && x.timers.missed === 0,
    'transitions: none doubled': x.transitions.doubled === 0,
    'mails: none lost or doubled': x.mails.doubled === 0 && x.mails.timerMissing === 0 && x.mails.journeyMissing === 0 && x.mails.journeyUnexpected === 0 && x.mails.receipts === x.mails.receiptsExpected && x.mails.bookedMails === x.mails.bookedExpected,
    'payments: none applied twice': x.payments.appliedTwice === 0 && x.payments.paidWithoutLedgerRow === 0,
    'sockets: back within 5 s': x.chat.neverBack === 0 && x.chat.reconnectMaxMs <= RECONNECT_GOAL_MS,
    'HTTP errors during the kill < 1 %': x.http.during.rate < GOAL.killErrorRate,
    'HTTP errors after the kill: none': x.http.after.errors === 0 && x.http.before.errors === 0,
    'load ran': x.journeys.marked > 0 && x.chat.acked > 0 && x.bookings.paid > 0,
  };
  const pct = (/** @type {number} */ n) => `${fmt(n * 100, 2)} %`;
  const rows = [
    ['what', 'figure', 'check'],
    ['the kill', `SIGKILL at ${x.kill.atSeconds} s; API ready again after ${x.kill.apiReadyAfterS} s, worker after ${x.kill.workerReadyAfterS} s`, '—'],
    ['chat', `${fmt(x.chat.sockets)} sockets; ${fmt(x.chat.sent)} sent, ${fmt(x.chat.acked)} acked, ${fmt(x.chat.refused)} refused ${JSON.stringify(x.chat.refusals)}, ${x.chat.unanswered} unanswered, ${x.chat.sentAgain} sent again after no answer (same client id), ${x.chat.skippedOffline} skipped (sender offline); ${fmt(x.chat.delivered)} delivered live (p50 ${x.chat.deliveryP50Ms} ms, p99 ${x.chat.deliveryP99Ms} ms), ${x.chat.undeliveredRecipientOffline} to an offline recipient (in the thread)`, `${x.chat.lost} lost (${x.chat.ackedNotSaved} not saved, ${x.chat.undeliveredRecipientOnline} not delivered online), ${x.chat.savedTwice} saved twice: ${checks['chat: no acked message lost'] ? 'met' : 'NOT met'}`],
    ['sockets', `${x.chat.drops} dropped, ${x.chat.reconnects} reconnected (p50 ${x.chat.reconnectP50Ms} ms, max ${x.chat.reconnectMaxMs} ms), ${x.chat.neverBack} never back`, `≤ 5 s: ${checks['sockets: back within 5 s'] ? 'met' : 'NOT met'}`],
    ['essay journeys', `${x.journeys.started} started, ${x.journeys.marked} marked (${x.journeys.waitedForPayment} waited for the payment to reach the essay before marking); stopped at ${JSON.stringify(x.journeys.stoppedAt)}`, '—'],
    ['bookings', `${x.bookings.attempted} attempted, ${x.bookings.paid} paid; stopped at ${JSON.stringify(x.bookings.stoppedAt)}`, '—'],
    ['timers', `${fmt(x.timers.essays)} windows; ${fmt(x.timers.transitions)} returns, ${x.timers.doubled} twice, ${x.timers.missed} missed`, checks['timers: each once'] ? 'met' : 'NOT met'],
    ['transitions', `${fmt(x.transitions.distinct)} distinct (essay or booking, from, to), ${x.transitions.doubled} recorded twice`, checks['transitions: none doubled'] ? 'met' : 'NOT met'],
    ['mails', `${fmt(x.mails.sunk)} sunk; timers ${fmt(x.mails.timerReceived)}/${fmt(x.mails.timerExpected)} (${x.mails.timerMissing} essays short), journeys ${fmt(x.mails.journeyReceived)}/${fmt(x.mails.journeyExpected)} (${x.mails.journeyMissing} missing, ${x.mails.journeyUnexpected} unexpected), receipts ${x.mails.receipts}/${x.mails.receiptsExpected}, bookings ${x.mails.bookedMails}/${x.mails.bookedExpected}; ${x.mails.doubled} doubled; other mails repeated to one recipient under one subject: ${x.mails.repeatedOther}; queue ${JSON.stringify(x.mails.queueCounts)}`, checks['mails: none lost or doubled'] ? 'met' : 'NOT met'],
    ['payments', `${x.payments.items} items; ${x.payments.appliedTwice} with two completed ledger rows, ${x.payments.paidWithoutLedgerRow} paid without exactly one`, checks['payments: none applied twice'] ? 'met' : 'NOT met'],
    ['HTTP before the kill', `${fmt(x.http.before.requests)} requests, ${x.http.before.errors} errors (${pct(x.http.before.rate)}), ${x.http.before.refused4xx} 4xx`, '—'],
    ['HTTP during the kill', `${fmt(x.http.during.requests)} requests in ${x.kill.windowSeconds} s, ${x.http.during.errors} errors (${pct(x.http.during.rate)}) ${x.http.during.kinds.join('; ')}`, `< 1 %: ${checks['HTTP errors during the kill < 1 %'] ? 'met' : 'NOT met'}`],
    ['HTTP after the kill', `${fmt(x.http.after.requests)} requests, ${x.http.after.errors} errors, ${x.http.after.refused4xx} 4xx ${x.http.after.kinds.join('; ')}`, `none: ${checks['HTTP errors after the kill: none'] ? 'met' : 'NOT met'}`],
    ['proxy', `${x.http.proxy.retried} requests tried again on another API, ${x.http.proxy.badGateway} answered 502, ${x.http.proxy.upgrades} websocket upgrades`, '—'],
  ];
  const ok = Object.values(checks).every(Boolean);
  const date = new Date().toISOString();
  const m = machine();
  const settingsUsed = { seconds: SECONDS, apis: APIS, workers: WORKERS, sockets: SOCKETS, chatRate: CHAT_RATE, timers: TIMERS, journeysAtOnce: JOURNEYS_AT_ONCE, bookingsAtOnce: BOOKINGS_AT_ONCE, windowSeconds: WINDOW_S };
  const file = writeResult(name, { scenario: name, date, command, machine: m, loadavg, settings: settingsUsed, goal: GOAL, results: x, checks });
  console.log(`\nThe kill drill: ${APIS} APIs + ${WORKERS} workers, ${SECONDS} s of mixed load, one API and one worker SIGKILLed half way\n${textTable(rows)}`);
  console.log(`\nchecks: ${Object.entries(checks).map(([k, v]) => `${k} ${v ? 'met' : 'NOT met'}`).join(', ')}`);
  console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
  console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; \`${command}\`; load average ${loadavg.before} before, ${loadavg.after} after.\n`);
  console.log(`${markdownTable(rows)}\n`);
  return { ok, data: x };
}

export { run_ as run };
