// Scenario `essays`: the Essays module's costs, in four parts.
//  1. Word counts: documentText + countWords of the built backend on a generated 10,000-word PDF and DOCX, N runs
//     each in a process of their own (scripts/bench/essays-backend.mjs, the API's Node flags). Goal < 300 ms each.
//  2. Upload memory: 10 students post a ~10 MB essay at once to POST /api/student/uploadEssay (production build);
//     the server streams it to S3 and counts its words from the stream (a document in its count worker). RSS sampled from /proc every 20 ms; growth
//     = peak − the settled figure after one warm-up upload. Two essays: a PDF of 10,000 words with a 9.9 MB photo
//     (an essay with a figure), and 10 MB of plain text (1.4 million words: the most text the route accepts).
//     Goal < 50 MB. Opt-in kind `pdf-slow` (BENCH_ESSAYS_UPLOAD_KINDS=pdf,txt,pdf-slow): the PDF batch sent while
//     one more student's PDF arrives at BENCH_ESSAYS_SLOW_KIB_S (256 KiB/s, a slow line), started a second before:
//     how long the batch waits behind it, and whether memory holds.
//  3. The pool: 10,000 open essays (every level and subject of shared/essay-levels.ts) inserted in SQL, an approved
//     PhD tutor, GET /api/tutor/getAvailableEssays with no filter and with level + subject + search, 50 connections
//     (autocannon). Goal p99 < 50 ms.
//  4. Timers: 2,000 accepted essays whose discussion windows close over 60 s (WORDCOUNT_WINDOW_SECONDS shrunk to
//     60), their `essay.wordcount.expire` jobs queued by the app's own EssayTimers.scheduleDiscussionExpiry, one
//     worker process (backend/dist/worker.js, production mode) SIGKILLed at 30 s and started again. Every return to
//     the pool is recorded by a trigger the bench adds to its database (one row per committed accepted → open
//     update): exactly 2,000 rows, none twice, none missing. Lateness = updated_at − due time; goal p99 ≤ 1 s for
//     the jobs the kill did not hit. Mails go to an SMTP sink in this process and are counted per essay and side.
//     Then the sweeper: 200 essays whose jobs were never queued (Redis down at accept) must be returned by the
//     sweeper (SWEEPER_INTERVAL_SECONDS=5); and 100 essays whose queue keys are deleted from Redis (a Redis restart)
//     while the worker runs.
// Own database (redpen_bench_essays), Redis database (13), bucket (redpen-bench-essays); everything it adds is
// removed afterwards. Settings: BENCH_ESSAYS_PARTS (count,uploads,pool,timers), BENCH_ESSAYS_COUNT_RUNS (20),
// BENCH_ESSAYS_UPLOADS (10), BENCH_ESSAYS_UPLOAD_KINDS (pdf,txt; pdf-slow on request), BENCH_ESSAYS_SLOW_KIB_S (256),
// BENCH_ESSAYS_POOL_ROWS (10000), BENCH_CONNECTIONS (50), BENCH_DURATION, BENCH_WARMUP, BENCH_ESSAYS_TIMERS (2000),
// BENCH_ESSAYS_TIMER_SPREAD (60 s),
// BENCH_ESSAYS_KILL_AT (30 s), BENCH_ESSAYS_SWEEP_ROWS (200), BENCH_ESSAYS_FLUSH_ROWS (100; 0 skips that variant),
// BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_S3_BUCKET, BENCH_SERVER_NODE_OPTIONS and BENCH_WORKER_NODE_OPTIONS (Node
// flags for the API and the worker processes, e.g. --cpu-prof).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, loadEnv, nodeBin, withDatabase } from '../../lib/env.mjs';
import { BACKEND_NODE_FLAGS } from '../../lib/node-flags.mjs';
import { buildIfStale } from '../../lib/build.mjs';
import { sleep, stopChild } from '../../lib/proc.mjs';
import { essayWords, pdfOf, txtOf } from '../essay-documents.mjs';
import { BENCH_DIR, fmt, loadTest, machine, markdownTable, median, nodeFlagsFromEnv, percentile, rssMiB, settings, startBackend, textTable, writeResult } from '../lib.mjs';
import { startSmtpSink } from '../smtp-sink.mjs';
import { PROBE, cleanBucket, login } from './uploads.mjs';

export const name = 'essays';
export const description = 'word counts (10,000 words), RSS of 10 × 10 MB essay uploads, the pool over 10,000 essays, 2,000 expiry timers through a worker SIGKILL';

const require = createRequire(import.meta.url);
const env = process.env;
const PARTS = new Set((env.BENCH_ESSAYS_PARTS || 'count,uploads,pool,timers').split(',').map((p) => p.trim()));
const WORDS = 10_000;
const COUNT_RUNS = Number(env.BENCH_ESSAYS_COUNT_RUNS || 20);
const UPLOADS = Number(env.BENCH_ESSAYS_UPLOADS || 10);
const UPLOAD_KINDS = (env.BENCH_ESSAYS_UPLOAD_KINDS || 'pdf,txt').split(',').map((k) => k.trim());
const UPLOAD_BYTES = 10 * 1024 * 1024 - 16 * 1024; // under the route's 10 MB (10 × 1024 × 1024) with room for the form
const SLOW_KIB_S = Number(env.BENCH_ESSAYS_SLOW_KIB_S || 256);
const POOL_ROWS = Number(env.BENCH_ESSAYS_POOL_ROWS || 10_000);
const TIMERS = Number(env.BENCH_ESSAYS_TIMERS || 2000);
const SPREAD_S = Number(env.BENCH_ESSAYS_TIMER_SPREAD || 60);
const KILL_AT_S = Number(env.BENCH_ESSAYS_KILL_AT || 30);
const SWEEP_ROWS = Number(env.BENCH_ESSAYS_SWEEP_ROWS || 200);
const FLUSH_ROWS = Number(env.BENCH_ESSAYS_FLUSH_ROWS ?? 100);
const WINDOW_S = 60; // WORDCOUNT_WINDOW_SECONDS for the timer runs
const CAUGHT_UP_MS = 250; // after the restart, the worker has caught up once it returns an essay this close to its due time
const SWEEP_INTERVAL_S = 5; // SWEEPER_INTERVAL_SECONDS for the timer runs
const GOAL = { countMs: 300, rssGrowthMiB: 50, poolP99Ms: 50, timers: { transitions: TIMERS, duplicated: 0, missed: 0, lateP99Ms: 1000 } };
const PASSWORD = 'Bench-Essays-Pass-42';
const EMAIL = (/** @type {string} */ who) => `bench-essays-${who}@bench.local`;
const TOPICS = ['Macbeth', 'The Industrial Revolution', 'Climate policy', 'Quantum tunnelling', 'Brexit', 'Photosynthesis', 'Romanticism', 'Game theory', 'The Cold War', 'Neural networks', 'Urban planning', 'Medieval trade', 'Jane Austen'];

/** @typedef {(line: string) => void} Log */
/** @typedef {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[], rowCount: number }>, end: () => Promise<void> }} Pg */
/** @typedef {{ log: Log, pg: Pg, url: string, pid: number | undefined, memFile: string, databaseUrl: string, redisUrl: string, bucket: string, jwtSecret: string, users: BenchUsers }} Context */
/** @typedef {{ students: { id: string, email: string }[], tutor: { id: string, email: string } }} BenchUsers */

/** @param {string} path a file of backend/dist @returns {Promise<any>} */
const backend = (path) => import(pathToFileURL(join(ROOT, 'backend', 'dist', path)).href);
const round = (/** @type {number} */ n, digits = 1) => Number(n.toFixed(digits));

// ── 1. Word counts ──────────────────────────────────────────────────────────────────────────────────────────

/** @param {Log} log */
async function measureWordCounts(log) {
  log(`word counts: ${fmt(WORDS)}-word PDF and DOCX, ${COUNT_RUNS} runs each (built backend, own process)…`);
  const child = spawn(nodeBin(), [...BACKEND_NODE_FLAGS, join(ROOT, 'scripts', 'bench', 'essays-backend.mjs'), 'count', String(WORDS), String(COUNT_RUNS)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`the word-count helper exited with ${code}`);
  /** @type {Record<string, { bytes: number, mime: string, counts: number[], ms: number[] }>} */
  const raw = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
  return Object.entries(raw).map(([kind, r]) => {
    // The first run pays for loading and compiling the reader (once per server process): shown apart.
    const warm = r.ms.slice(1);
    return {
      kind, bytes: r.bytes, mime: r.mime, runs: r.ms.length, firstMs: r.ms[0],
      medianMs: round(median(warm)), p95Ms: round(percentile(warm, 95)), maxMs: round(Math.max(...warm)),
      countsExact: r.counts.every((c) => c === WORDS), counts: [...new Set(r.counts)],
    };
  });
}

// ── Users ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Everything this scenario added to its database: essays of bench users, then the users (profiles, sessions and chats cascade). @param {Pg} pg */
async function removeBenchRows(pg) {
  const users = `select id from users where email like 'bench-essays-%@bench.local'`;
  await pg.query(`delete from essays where student_id in (${users}) or tutor_id in (${users})`);
  await pg.query(`delete from users where email like 'bench-essays-%@bench.local'`);
}

/** Students (UPLOADS + 2, one to warm up and one slow client, and at least the 20 the timer essays take turns on) and one approved essay tutor with StudyLevel PhD. @param {Pg} pg @param {Log} log */
async function seedUsers(pg, log) {
  const { hash } = await import(join(ROOT, 'node_modules', '@node-rs', 'argon2', 'index.js'));
  const passwordHash = await hash(PASSWORD, { algorithm: 2 });
  await removeBenchRows(pg);
  const emails = Array.from({ length: Math.max(UPLOADS + 2, 20) }, (_, i) => EMAIL(`student-${i}`));
  const { rows: students } = await pg.query(
    `insert into users (name, email, phone, password_hash, role, email_verified) select 'Bench Student', e, '07700900123', $2, 'student', true from unnest($1::text[]) as e returning id, email`,
    [emails, passwordHash],
  );
  await pg.query(`insert into student_profiles (user_id) select unnest($1::uuid[])`, [students.map((s) => s.id)]);
  const { rows: [tutor] } = await pg.query(
    `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed) values ('Bench Tutor', $1, '07700900123', $2, 'tutor', true, true) returning id, email`,
    [EMAIL('tutor'), passwordHash],
  );
  // Approved for essays at the top ceiling, as an admin's approval leaves a profile (seed/demo-data.ts).
  await pg.query(
    `insert into tutor_profiles (user_id, approved, approved_essay, study_level, university, motivation) values ($1, true, true, 'PhD', 'UCL', 'Benchmarking the pool')`,
    [tutor.id],
  );
  log(`seeded ${students.length} students and an approved essay tutor (StudyLevel PhD)`);
  students.sort((a, b) => Number(a.email.match(/\d+/)[0]) - Number(b.email.match(/\d+/)[0]));
  return { students, tutor };
}

// ── 2. Upload memory ────────────────────────────────────────────────────────────────────────────────────────

/**
 * One batch of UPLOADS concurrent uploads of one kind of essay, on a server that has seen nothing but one warm-up
 * upload of it (a fresh server per kind: memory freed by one batch would otherwise hide the next one's growth).
 * @param {Context} ctx @param {string} kind pdf | txt
 */
async function measureUploads(ctx, kind) {
  const { log, url, pid, memFile, users } = ctx;
  const slowClient = kind === 'pdf-slow';
  const tokens = [];
  for (const [i, s] of users.students.slice(0, UPLOADS + 2).entries()) tokens.push(await login(url, s.email, i, PASSWORD));
  const slowToken = /** @type {string} */ (tokens.pop());
  const warmToken = /** @type {string} */ (tokens.pop());
  const doc = kind === 'txt'
    ? (() => { const t = txtOf(UPLOAD_BYTES); return { bytes: t.bytes, words: t.words, filename: 'essay.txt', type: 'text/plain', label: `plain text, ${fmt(t.words)} words` }; })()
    : { bytes: await pdfOf(essayWords(WORDS), { totalBytes: UPLOAD_BYTES }), words: WORDS, filename: 'essay.pdf', type: 'application/pdf', label: `PDF, ${fmt(WORDS)} words + a photo` };
  /** @param {string} token */
  const post = async (token) => {
    const res = await fetch(`${url}/api/student/uploadEssay`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: essayForm(doc, 'Benchmark essay') });
    const body = /** @type {{ originalWordCount?: number, message?: string }} */ (await res.json().catch(() => ({})));
    return { status: res.status, words: body.originalWordCount, message: body.message };
  };
  // Warm-up: one upload, so code paths, clients and pools exist before the baseline is taken.
  const warm = await post(warmToken);
  if (warm.status !== 200 || warm.words !== doc.words) throw new Error(`warm-up ${kind} upload answered ${warm.status} (${warm.words} words): ${warm.message}`);
  await sleep(2000);
  const baseline = rssMiB(pid) ?? 0;
  const baselineAt = Date.now();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid) ?? 0)), 20);
  /** @type {Promise<{ status: number, words?: number, message?: string, seconds: number }> | undefined} */
  let slow;
  if (slowClient) {
    log(`one upload of the same essay at ${SLOW_KIB_S} KiB/s, a second ahead of the batch…`);
    slow = postSlowly(url, slowToken, doc, SLOW_KIB_S * 1024);
    await sleep(1000);
  }
  log(`${tokens.length} concurrent uploads of a ${fmt(doc.bytes.length / 2 ** 20, 1)} MiB ${doc.label}; baseline RSS ${baseline} MiB…`);
  const started = Date.now();
  const results = await Promise.all(tokens.map((t) => post(t)));
  const seconds = (Date.now() - started) / 1000;
  const slowResult = await slow;
  clearInterval(sampler);
  await sleep(100);
  if (slowResult) log(`the slow upload answered ${slowResult.status} (${slowResult.words} words) after ${round(slowResult.seconds)} s`);
  const failed = results.filter((r) => r.status !== 200).length;
  const wrongCounts = results.filter((r) => r.status === 200 && r.words !== doc.words).length;
  /** @type {{ t: number, rss: number, heapUsed: number, arrayBuffers: number }[]} */
  const samples = readFileSync(memFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const before = samples.filter((x) => x.t <= baselineAt).at(-1);
  const during = samples.filter((x) => x.t > started && x.t <= started + seconds * 1000);
  const MiB = (/** @type {number} */ b) => Math.round(b / 2 ** 20);
  /** @param {'heapUsed' | 'arrayBuffers'} k */
  const growth = (k) => (before && during.length ? MiB(Math.max(...during.map((x) => x[k])) - before[k]) : null);
  const figure = {
    kind, document: slowClient ? `${doc.label}, behind one at ${SLOW_KIB_S} KiB/s` : doc.label, mib: round(doc.bytes.length / 2 ** 20, 2), uploads: tokens.length, seconds: round(seconds),
    baselineRssMiB: baseline, peakRssMiB: peak, rssGrowthMiB: peak - baseline, buffersGrowthMiB: growth('arrayBuffers'), heapGrowthMiB: growth('heapUsed'),
    failed, wrongCounts,
    ...(slowResult && { slow: { status: slowResult.status, words: slowResult.words, seconds: round(slowResult.seconds), bytesPerSecond: SLOW_KIB_S * 1024 } }),
  };
  if (slowResult && (slowResult.status !== 200 || slowResult.words !== doc.words)) figure.failed++;
  log(`${kind}: RSS ${baseline} → ${peak} MiB (+${figure.rssGrowthMiB}; Buffers +${figure.buffersGrowthMiB}, JS heap +${figure.heapGrowthMiB}) in ${figure.seconds} s; ${failed} failed, ${wrongCounts} wrong counts`);
  return figure;
}

/**
 * An essay's upload form, as the web app sends it.
 * @param {{ bytes: Uint8Array, filename: string, type: string }} doc @param {string} title
 */
function essayForm(doc, title) {
  const form = new FormData();
  form.append('title', title);
  form.append('subject', 'History');
  form.append('academicLevel', 'GCSE');
  form.append('file', new Blob([doc.bytes], { type: doc.type }), doc.filename);
  return form;
}

/**
 * One essay upload sent at `bytesPerSecond` (16 KiB at a time), as a student on a slow line sends it.
 * @param {string} url @param {string} token @param {{ bytes: Uint8Array, filename: string, type: string }} doc @param {number} bytesPerSecond
 * @returns {Promise<{ status: number, words?: number, message?: string, seconds: number }>}
 */
async function postSlowly(url, token, doc, bytesPerSecond) {
  const { request } = await import('node:http');
  // The same form, encoded once up front (Response does what fetch would), then sent a slice at a time.
  const encoded = new Response(essayForm(doc, 'Benchmark essay, slow line'));
  const contentType = /** @type {string} */ (encoded.headers.get('content-type'));
  const body = Buffer.from(await encoded.arrayBuffer());
  const chunk = 16 * 1024;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/student/uploadEssay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': String(body.length) },
    });
    let sent = 0;
    const timer = setInterval(() => {
      req.write(body.subarray(sent, sent + chunk));
      sent += chunk;
      if (sent >= body.length) {
        clearInterval(timer);
        req.end();
      }
    }, (chunk / bytesPerSecond) * 1000);
    req.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    req.on('response', (res) => {
      clearInterval(timer);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (/** @type {string} */ part) => (text += part));
      res.on('end', () => {
        const answer = /** @type {{ originalWordCount?: number, message?: string }} */ (JSON.parse(text || '{}'));
        resolve({ status: res.statusCode ?? 0, words: answer.originalWordCount, message: answer.message, seconds: (Date.now() - started) / 1000 });
      });
    });
  });
}

// ── 3. The pool ─────────────────────────────────────────────────────────────────────────────────────────────

/** @param {Context} ctx */
async function measurePool(ctx) {
  const { log, pg, url, users } = ctx;
  const { ESSAY_SUBJECTS } = await import('@redpen/shared/essay-levels');
  /** @type {[string, string][]} */
  const pairs = Object.entries(ESSAY_SUBJECTS).flatMap(([level, subjects]) => subjects.map((s) => /** @type {[string, string]} */ ([level, s])));
  const started = Date.now();
  // Open essays of several students over the last 30 days, every (level, subject) pair of the upload form in turn.
  await pg.query(
    `insert into essays (student_id, title, subject, academic_level, status, original_word_count, word_count, price_pence, file_key, file_name, file_mime, confirmed_at, created_at, updated_at)
     select ($1::uuid[])[1 + i % cardinality($1::uuid[])], ($4::text[])[1 + i % cardinality($4::text[])] || ': an essay (' || i || ')',
            ($3::text[])[1 + i % cardinality($3::text[])], ($2::text[])[1 + i % cardinality($2::text[])]::essay_academic_level, 'open',
            500 + i % 4000, 500 + i % 4000, 1000 + i % 5000, 'essays/bench/pool-' || i || '.pdf', 'essay.pdf', 'application/pdf',
            now() - (i * 259 || ' seconds')::interval, now() - (i * 259 || ' seconds')::interval, now()
     from generate_series(1, $5::int) as i`,
    [users.students.map((s) => s.id), pairs.map((p) => p[0]), pairs.map((p) => p[1]), TOPICS, POOL_ROWS],
  );
  // As autovacuum leaves a settled table: statistics and the visibility map up to date.
  await pg.query('vacuum analyze essays');
  log(`inserted ${fmt(POOL_ROWS)} open essays over ${pairs.length} level/subject pairs in ${fmt((Date.now() - started) / 1000, 1)} s`);
  const token = await login(url, users.tutor.email, 200, PASSWORD);
  const authorization = `Bearer ${token}`;
  const opts = settings();
  const connections = Number(env.BENCH_CONNECTIONS || 50);
  // The plain JSON (what a client that asks for no encoding gets) for the first two; a browser asks for gzip (the third).
  const targets = [
    { label: 'no filter', path: '/api/tutor/getAvailableEssays', encoding: 'identity' },
    { label: 'level + subject + search', path: `/api/tutor/getAvailableEssays?level=Bachelor&subject=Literature&search=${encodeURIComponent('revolution')}`, encoding: 'identity' },
    { label: 'no filter, gzip as a browser asks', path: '/api/tutor/getAvailableEssays', encoding: 'gzip, deflate, br, zstd' },
  ];
  const out = [];
  for (const target of targets) {
    const headers = { authorization, 'accept-encoding': target.encoding };
    const probe = await fetch(`${url}${target.path}`, { headers });
    // fetch decompresses; Content-Length is what went over the wire.
    const wireBytes = Number(probe.headers.get('content-length'));
    const bytes = Buffer.from(await probe.arrayBuffer());
    const body = /** @type {{ essays?: unknown[] }} */ (JSON.parse(bytes.toString('utf8')));
    if (probe.status !== 200 || !body.essays?.length) throw new Error(`${target.path} answered ${probe.status} with ${body.essays?.length ?? 'no'} essays`);
    if (opts.warmupSeconds > 0) await loadTest(`${url}${target.path}`, { connections, durationSeconds: opts.warmupSeconds, headers });
    const r = await loadTest(`${url}${target.path}`, { connections, durationSeconds: opts.durationSeconds, headers });
    // One connection: what a request costs when nothing queues ahead of it (the 50-connection latency is mostly queueing).
    const alone = await loadTest(`${url}${target.path}`, { connections: 1, durationSeconds: Math.min(5, opts.durationSeconds), headers });
    log(`${target.label}: ${fmt(r.requestsPerSec)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${body.essays.length} essays, ${fmt(bytes.length / 1024)} KiB an answer, ${r.non2xx} non-2xx); alone: ${fmt(alone.requestsPerSec)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`);
    out.push({ ...target, essaysPerAnswer: body.essays.length, answerBytes: bytes.length, wireBytes, connections, durationSeconds: opts.durationSeconds, ...r, oneConnection: alone });
  }
  await pg.query(`delete from essays where file_key like 'essays/bench/pool-%'`);
  return out;
}

// ── 4. Timers ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One worker process (backend/dist/worker.js) with `env`; `ready` resolves with the time it logged its workers running.
 * @param {string} label
 * @param {NodeJS.ProcessEnv} workerEnv
 */
function startWorker(label, workerEnv) {
  const logPath = join(BENCH_DIR, `essays-${label}.log`);
  const fd = openSync(logPath, 'w');
  const flags = [...BACKEND_NODE_FLAGS, ...nodeFlagsFromEnv('BENCH_WORKER_NODE_OPTIONS')];
  const child = spawn(nodeBin(), [...flags, join(ROOT, 'backend', 'dist', 'worker.js')], { cwd: join(ROOT, 'backend'), stdio: ['ignore', 'pipe', 'pipe'], env: workerEnv });
  /** @type {Promise<number>} */
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker (${label}) did not start within 120 s (log: ${logPath})`)), 120_000);
    child.stdout.on('data', (/** @type {Buffer} */ d) => {
      writeSync(fd, d);
      if (d.toString().includes('workers running')) {
        clearTimeout(timer);
        resolve(Date.now());
      }
    });
    child.stderr.on('data', (/** @type {Buffer} */ d) => writeSync(fd, d));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the worker (${label}) exited (${signal ?? code}) before it was ready (log: ${logPath})`));
    });
  });
  ready.catch(() => undefined);
  child.once('exit', () => closeSync(fd));
  return { child, ready, logPath };
}

/** The schedule helper: loads the app's EssayTimers, then schedules the essays it is sent. @param {NodeJS.ProcessEnv} helperEnv */
function startScheduler(helperEnv) {
  const child = spawn(nodeBin(), [join(ROOT, 'scripts', 'bench', 'essays-backend.mjs'), 'schedule'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], env: helperEnv });
  /** @type {((line: string) => void)[]} */
  const waiting = [];
  let buffered = '';
  child.stdout.on('data', (d) => {
    buffered += d;
    let end;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      waiting.shift()?.(line);
    }
  });
  const nextLine = () => /** @type {Promise<string>} */ (new Promise((resolve, reject) => {
    waiting.push(resolve);
    child.once('exit', (code) => reject(new Error(`the schedule helper exited (${code})`)));
  }));
  const ready = nextLine();
  return {
    ready,
    /** @param {{ id: string, acceptedAt: number }[]} essays @returns {Promise<{ scheduled: number, ms: number }>} */
    async schedule(essays) {
      const answer = nextLine();
      child.stdin.write(`${JSON.stringify(essays)}\n`);
      return JSON.parse(await answer);
    },
    stop: () => {
      child.stdin.end();
      return stopChild(child, { graceMs: 5000 });
    },
  };
}

/**
 * `count` accepted essays of the bench tutor (students in turn), due (accepted_at + the window) from `firstDue`
 * every `stepMs`, each with its chat context as acceptance opens it. Returns [{ id, index, title, acceptedAt, due }].
 * @param {Pg} pg @param {BenchUsers} users @param {string} tag @param {number} count @param {number} firstDue @param {number} stepMs
 */
async function seedAccepted(pg, users, tag, count, firstDue, stepMs) {
  const students = users.students.slice(0, 20);
  const essays = Array.from({ length: count }, (_, i) => {
    const due = Math.round(firstDue + i * stepMs);
    return { id: randomUUID(), index: i, title: `Bench ${tag} ${String(i).padStart(5, '0')}`, student: students[i % students.length].id, acceptedAt: due - WINDOW_S * 1000, due };
  });
  await pg.query(
    `insert into essays (id, student_id, tutor_id, title, subject, academic_level, status, original_word_count, word_count, price_pence, file_key, file_name, file_mime, confirmed_at, accepted_at, created_at, updated_at)
     select e.id, e.student, $5, e.title, 'History', 'GCSE', 'accepted', 1000, 1000, 1500, 'essays/bench/' || e.id || '.pdf', 'essay.pdf', 'application/pdf', e.accepted_at, e.accepted_at, e.accepted_at, e.accepted_at
     from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) as e(id, student, title, accepted_at)`,
    [essays.map((e) => e.id), essays.map((e) => e.student), essays.map((e) => e.title), essays.map((e) => new Date(e.acceptedAt).toISOString()), users.tutor.id],
  );
  await pg.query(
    `insert into chat_conversations (student_id, tutor_id) select unnest($1::uuid[]), $2 on conflict (student_id, tutor_id) do nothing`,
    [students.map((s) => s.id), users.tutor.id],
  );
  await pg.query(
    `insert into chat_conversation_contexts (conversation_id, kind, ref_id)
     select c.id, 'essay', e.id from unnest($1::uuid[], $2::uuid[]) as e(id, student) join chat_conversations c on c.student_id = e.student and c.tutor_id = $3`,
    [essays.map((e) => e.id), essays.map((e) => e.student), users.tutor.id],
  );
  return essays;
}

/**
 * Per essay: how many accepted → open transitions were committed (the trigger's rows), when the row changed
 * (updated_at) and the mails each side got. @param {Pg} pg @param {Awaited<ReturnType<typeof seedAccepted>>} essays
 * @param {import('../smtp-sink.mjs').SunkMail[]} mails @param {BenchUsers} users
 */
async function outcomes(pg, essays, mails, users) {
  const { rows } = await pg.query(
    `select e.id, e.status, (extract(epoch from e.updated_at) * 1000)::float8 as updated_ms, (select count(*)::int from bench_essay_returns r where r.essay_id = e.id) as returns,
            exists (select 1 from chat_conversation_contexts c where c.kind = 'essay' and c.ref_id = e.id) as context_open
     from essays e where e.id = any($1::uuid[])`,
    [essays.map((e) => e.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const tag = essays[0]?.title.replace(/ \d+$/, '') ?? '';
  /** @type {Map<string, { student: number, tutor: number }>} */
  const mailCount = new Map();
  for (const mail of mails) {
    const title = new RegExp(`${tag} \\d+`).exec(mail.subject)?.[0];
    if (!title) continue;
    const entry = mailCount.get(title) ?? { student: 0, tutor: 0 };
    for (const to of mail.to) {
      if (to === users.tutor.email) entry.tutor++;
      else entry.student++;
    }
    mailCount.set(title, entry);
  }
  return essays.map((e) => {
    const row = byId.get(e.id);
    const mailsOf = mailCount.get(e.title) ?? { student: 0, tutor: 0 };
    return { ...e, status: row?.status, returns: row?.returns ?? 0, changedAt: row?.status === 'open' ? row.updated_ms : null, contextOpen: Boolean(row?.context_open), mails: mailsOf };
  });
}

/** @param {Awaited<ReturnType<typeof outcomes>>} list */
function tally(list) {
  const late = list.filter((e) => e.changedAt !== null).map((e) => /** @type {number} */ (e.changedAt) - e.due);
  return {
    essays: list.length,
    transitions: list.reduce((n, e) => n + e.returns, 0),
    duplicated: list.filter((e) => e.returns > 1).length,
    missed: list.filter((e) => e.returns === 0).length,
    contextsLeftOpen: list.filter((e) => e.changedAt !== null && e.contextOpen).length,
    lateness: late.length ? { p50Ms: Math.round(percentile(late, 50)), p99Ms: Math.round(percentile(late, 99)), maxMs: Math.round(Math.max(...late)), earliestMs: Math.round(Math.min(...late)) } : null,
    mails: {
      expected: list.length * 2,
      received: list.reduce((n, e) => n + e.mails.student + e.mails.tutor, 0),
      duplicated: list.filter((e) => e.mails.student > 1 || e.mails.tutor > 1).length,
      missing: list.filter((e) => e.mails.student === 0 || e.mails.tutor === 0).length,
    },
  };
}

/**
 * Waits until every essay of `ids` has left `accepted` (or the deadline), polling the database.
 * @param {Pg} pg @param {string[]} ids @param {number} deadline
 */
async function waitReturned(pg, ids, deadline) {
  for (;;) {
    const { rows: [r] } = await pg.query(`select count(*)::int as n from essays where id = any($1::uuid[]) and status = 'accepted'`, [ids]);
    if (r.n === 0 || Date.now() > deadline) return r.n;
    await sleep(500);
  }
}

/** @param {Context} ctx */
async function measureTimers(ctx) {
  const { log, pg, users, databaseUrl, redisUrl, jwtSecret, bucket } = ctx;
  const { QUEUES } = await backend('infra/queue/job-registry.js');
  const { QUEUE_PREFIX, bullConnection } = await backend('infra/queue/redis-connection.js');
  const Redis = require(join(ROOT, 'node_modules', 'ioredis'));
  const { Queue } = require(join(ROOT, 'node_modules', 'bullmq'));
  const redis = new Redis(redisUrl);
  const mailQueue = new Queue(QUEUES.mail, { connection: bullConnection(redisUrl), prefix: QUEUE_PREFIX });
  /** Deletes the keys of the app's queues in the bench's Redis database (`only`: one queue). @param {string} [only] */
  const clearQueues = async (only) => {
    for (const queue of only ? [only] : Object.values(/** @type {Record<string, string>} */ (QUEUES))) await clearRedisKeys(redisUrl, `${QUEUE_PREFIX}:${queue}:*`);
  };
  const sink = await startSmtpSink();
  await clearQueues();
  // The duplicate detector: one row per committed accepted → open update of an essay, whichever process made it.
  await pg.query(`create table if not exists bench_essay_returns (essay_id uuid not null, at timestamptz not null default clock_timestamp())`);
  await pg.query(`truncate bench_essay_returns`);
  await pg.query(`create or replace function bench_essay_returned() returns trigger language plpgsql as $$ begin insert into bench_essay_returns (essay_id) values (new.id); return null; end $$`);
  await pg.query(`drop trigger if exists bench_essay_returned on essays`);
  await pg.query(`create trigger bench_essay_returned after update of status on essays for each row when (old.status = 'accepted' and new.status = 'open') execute function bench_essay_returned()`);
  const { childEnv } = loadEnv();
  /** @type {NodeJS.ProcessEnv} */
  const workerEnv = {
    ...childEnv, NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, DB_MIGRATE_ON_START: 'false', REDIS_URL: redisUrl, JWT_SECRET: jwtSecret,
    S3_BUCKET: bucket, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'false', SMTP_USER: '', SMTP_PASS: '',
    WORDCOUNT_WINDOW_SECONDS: String(WINDOW_S), SWEEPER_INTERVAL_SECONDS: String(SWEEP_INTERVAL_S), SEED_DEMO_DATA: 'false',
  };
  /** @type {ReturnType<typeof startWorker>[]} */
  const workers = [];
  const scheduler = startScheduler(workerEnv);
  try {
    // Main run: TIMERS essays due over SPREAD_S, the worker killed at KILL_AT_S.
    workers.push(startWorker('worker-1', workerEnv));
    await Promise.all([workers[0].ready, scheduler.ready]);
    const firstDue = Date.now() + 5000;
    const essays = await seedAccepted(pg, users, 'timer', TIMERS, firstDue, (SPREAD_S * 1000) / TIMERS);
    const scheduled = await scheduler.schedule(essays.map((e) => ({ id: e.id, acceptedAt: e.acceptedAt })));
    const scheduledBy = Date.now();
    log(`${fmt(TIMERS)} essays due from ${fmt((firstDue - scheduledBy) / 1000, 1)} s from now over ${SPREAD_S} s; ${fmt(scheduled.scheduled)} expiry jobs queued in ${fmt(scheduled.ms)} ms`);
    await sleep(firstDue + KILL_AT_S * 1000 - Date.now());
    const { rows: [{ n: doneBeforeKill }] } = await pg.query(`select count(*)::int as n from bench_essay_returns`);
    workers[0].child.kill('SIGKILL');
    const killAt = Date.now();
    const inFlight = (await redis.lrange(`${QUEUE_PREFIX}:${QUEUES.essays}:active`, 0, -1)).filter((/** @type {string} */ id) => id.startsWith('wordcount-expiry.'));
    workers.push(startWorker('worker-2', workerEnv));
    const readyAt = await workers[1].ready;
    log(`SIGKILL at ${fmt((killAt - firstDue) / 1000, 1)} s (${fmt(doneBeforeKill)} returned, ${inFlight.length} expiry job(s) in flight); worker restarted and ready ${fmt((readyAt - killAt) / 1000, 1)} s later`);
    // A job in flight at the kill comes back when its lock (30 s) has expired and a stalled-job check finds it.
    const left = await waitReturned(pg, essays.map((e) => e.id), firstDue + (SPREAD_S + 100) * 1000);
    await drainMail(mailQueue, Date.now() + 60_000);
    const list = await outcomes(pg, essays, sink.mails, users);
    const inFlightIds = new Set(inFlight.map((/** @type {string} */ id) => id.split('.')[1]));
    // Hit by the kill: in flight at it; or returned after it while due before the restarted worker had caught up, i.e.
    // before the first essay it returned within CAUGHT_UP_MS of its due time (the backlog is worked through in due
    // order, so lateness falls steadily until then). Not hit: returned before the kill, or due after the catch-up.
    const afterRestart = list.filter((e) => !inFlightIds.has(e.id) && e.changedAt !== null && e.changedAt >= readyAt).sort((a, b) => a.due - b.due);
    const firstOnTime = afterRestart.find((e) => /** @type {number} */ (e.changedAt) - e.due <= CAUGHT_UP_MS);
    const caughtUpAt = firstOnTime ? /** @type {number} */ (firstOnTime.changedAt) : Infinity;
    const notHit = list.filter((e) => !inFlightIds.has(e.id) && ((e.changedAt !== null && e.changedAt < killAt) || e.due >= (firstOnTime?.due ?? Infinity)));
    const outage = list.filter((e) => !inFlightIds.has(e.id) && !notHit.includes(e));
    // How fast the restarted worker worked through the backlog: essays returned from ready to caught up, per second.
    const backlogRate = firstOnTime ? outage.filter((e) => /** @type {number} */ (e.changedAt) >= readyAt).length / ((caughtUpAt - readyAt) / 1000) : null;
    // Lateness by the second the essays fell due (for finding the late stretches): [second, essays, p50, max].
    /** @type {Map<number, number[]>} */
    const bySecond = new Map();
    for (const e of list) {
      if (e.changedAt === null) continue;
      const second = Math.floor((e.due - firstDue) / 1000);
      bySecond.set(second, [...(bySecond.get(second) ?? []), /** @type {number} */ (e.changedAt) - e.due]);
    }
    const timeline = [...bySecond].sort((a, b) => a[0] - b[0]).map(([second, late]) => [second, late.length, Math.round(percentile(late, 50)), Math.round(Math.max(...late))]);
    const main = {
      timeline,
      ...tally(list), stillAccepted: left, scheduledMs: scheduled.ms, killAtS: round((killAt - firstDue) / 1000), restartReadyS: round((readyAt - killAt) / 1000),
      caughtUpS: round((caughtUpAt - killAt) / 1000), backlogPerSecond: backlogRate === null ? null : Math.round(backlogRate), returnedBeforeKill: doneBeforeKill,
      notHit: tally(notHit), outage: tally(outage), inFlight: tally(list.filter((e) => inFlightIds.has(e.id))),
    };
    log(`seconds with a job over 1 s late (second: max ms): ${timeline.filter((t) => t[3] > 1000).map((t) => `${t[0]}: ${t[3]}`).join(', ') || 'none'}`);
    log(`main run: ${main.transitions} transitions, ${main.duplicated} duplicated, ${main.missed} missed; p99 lateness not hit ${main.notHit.lateness?.p99Ms} ms; mails ${main.mails.received}/${main.mails.expected}`);

    // Sweeper: jobs never queued (Redis down when the essays were accepted).
    const sweepFirstDue = Date.now() + 2000;
    const swept = await seedAccepted(pg, users, 'sweep', SWEEP_ROWS, sweepFirstDue, 10_000 / Math.max(1, SWEEP_ROWS));
    const sweepLeft = await waitReturned(pg, swept.map((e) => e.id), sweepFirstDue + (10 + 4 * SWEEP_INTERVAL_S) * 1000);
    await drainMail(mailQueue, Date.now() + 30_000);
    const sweeper = { ...tally(await outcomes(pg, swept, sink.mails, users)), stillAccepted: sweepLeft };
    log(`sweeper (jobs never queued): ${sweeper.transitions}/${SWEEP_ROWS} returned, ${sweeper.duplicated} duplicated, max lateness ${sweeper.lateness?.maxMs} ms`);

    // Redis loses the essays queue (a restart without persistence) while the worker runs.
    /** @type {Record<string, unknown> | null} */
    let flushed = null;
    if (FLUSH_ROWS > 0) {
      const flushFirstDue = Date.now() + 8000;
      const lost = await seedAccepted(pg, users, 'flush', FLUSH_ROWS, flushFirstDue, 5000 / FLUSH_ROWS);
      await scheduler.schedule(lost.map((e) => ({ id: e.id, acceptedAt: e.acceptedAt })));
      await clearQueues(QUEUES.essays);
      const waitedS = 5 + 3 * SWEEP_INTERVAL_S;
      const flushLeft = await waitReturned(pg, lost.map((e) => e.id), flushFirstDue + waitedS * 1000);
      const whileRunning = FLUSH_ROWS - flushLeft;
      log(`essays queue keys deleted: ${whileRunning}/${FLUSH_ROWS} returned within ${waitedS} s of their due times while the worker kept running`);
      let afterRestart = null;
      if (flushLeft > 0) {
        // A worker start upserts the sweeper's job scheduler again (JobWorkers.onApplicationBootstrap).
        const restartAt = Date.now();
        await stopChild(workers[1].child, { graceMs: 15000 });
        workers.push(startWorker('worker-3', workerEnv));
        const ready3 = await workers[2].ready;
        const stillLeft = await waitReturned(pg, lost.map((e) => e.id), Date.now() + (3 * SWEEP_INTERVAL_S + 10) * 1000);
        const lastChange = (await outcomes(pg, lost, [], users)).reduce((m, e) => Math.max(m, e.changedAt ?? 0), 0);
        afterRestart = { restartReadyS: round((ready3 - restartAt) / 1000), returned: flushLeft - stillLeft, allReturnedS: stillLeft === 0 ? round((lastChange - ready3) / 1000) : null };
        log(`after a worker restart: ${afterRestart.returned}/${flushLeft} more returned, the last ${afterRestart.allReturnedS} s after it was ready`);
      }
      await drainMail(mailQueue, Date.now() + 30_000);
      flushed = { ...tally(await outcomes(pg, lost, sink.mails, users)), returnedWhileRunning: whileRunning, waitedS, afterRestart };
    }
    return { windowSeconds: WINDOW_S, sweeperIntervalSeconds: SWEEP_INTERVAL_S, spreadSeconds: SPREAD_S, main, sweeper, flushed };
  } finally {
    await scheduler.stop();
    for (const w of workers) await stopChild(w.child, { graceMs: 15000 });
    await pg.query(`drop trigger if exists bench_essay_returned on essays`);
    await pg.query(`drop function if exists bench_essay_returned()`);
    await pg.query(`drop table if exists bench_essay_returns`);
    await mailQueue.close();
    await clearQueues();
    redis.disconnect();
    await sink.stop();
  }
}

/** Waits until the mail queue has nothing waiting, active or delayed (or the deadline). @param {any} queue @param {number} deadline */
async function drainMail(queue, deadline) {
  while (Date.now() < deadline) {
    const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized');
    if (Object.values(counts).every((n) => n === 0)) return;
    await sleep(500);
  }
}

/** Deletes the keys matching `pattern` in the Redis database of `redisUrl`. @param {string} redisUrl @param {string} pattern */
async function clearRedisKeys(redisUrl, pattern) {
  const Redis = require(join(ROOT, 'node_modules', 'ioredis'));
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(pattern);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────────────

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const loadavgBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const { env: appEnv, childEnv } = loadEnv();
  await buildIfStale(['backend'], { env: childEnv, log });
  /** @type {Record<string, unknown>} */
  const results = {};
  if (PARTS.has('count')) results.wordCounts = await measureWordCounts(log);

  if (['uploads', 'pool', 'timers'].some((p) => PARTS.has(p))) {
    // A database, Redis database and bucket of its own: 12,000 rows, thousands of jobs and 200 MB of uploads.
    process.env.BENCH_DATABASE_URL ||= withDatabase(appEnv.DATABASE_URL, 'redpen_bench_essays');
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    const redisUrl = env.BENCH_REDIS_URL || withDatabase(appEnv.REDIS_URL, '13');
    const bucket = env.BENCH_S3_BUCKET || 'redpen-bench-essays';
    const jwtSecret = randomBytes(32).toString('hex');
    mkdirSync(BENCH_DIR, { recursive: true });
    const memFile = join(BENCH_DIR, 'essays-memory.jsonl');
    const start = async () => {
      rmSync(memFile, { force: true });
      return startBackend({
        log,
        env: {
          TRUST_PROXY: 'loopback', TWO_FACTOR_POLICY: 'optional', S3_BUCKET: bucket, REDIS_URL: redisUrl, JWT_SECRET: jwtSecret, UPLOAD_RATE_LIMIT_PER_HOUR: '100000',
          BENCH_MEM_FILE: memFile, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PROBE)}`,
        },
      });
    };
    /** @type {Awaited<ReturnType<typeof startBackend>> | null} */
    let nest = await start(); // applies the migrations to the scenario's database before it is seeded
    const pg = new (require(join(ROOT, 'node_modules', 'pg')).Client)({ connectionString: databaseUrl });
    await pg.connect();
    try {
      const users = await seedUsers(pg, log);
      /** @param {NonNullable<typeof nest>} server @returns {Context} */
      const ctx = (server) => ({ log, pg, url: server.url, pid: server.pid, memFile, databaseUrl, redisUrl, bucket, jwtSecret, users });
      if (PARTS.has('uploads')) {
        const uploads = [];
        for (const kind of UPLOAD_KINDS) {
          nest ??= await start();
          uploads.push(await measureUploads(ctx(nest), kind));
          await nest.stop();
          nest = null;
        }
        results.uploads = uploads;
      }
      if (PARTS.has('pool') || PARTS.has('timers')) {
        nest ??= await start();
        if (PARTS.has('pool')) results.pool = await measurePool(ctx(nest));
        if (PARTS.has('timers')) results.timers = await measureTimers(ctx(nest));
      }
    } finally {
      await removeBenchRows(pg).catch((err) => log(`could not remove the bench rows: ${err.message}`));
      await pg.end();
      await cleanBucket(bucket, 'essays/', log).catch((err) => log(`could not empty ${bucket}: ${err.message}`));
      await nest?.stop();
      // The API's rate-limit and sign-in keys too, when the Redis database is the scenario's own (not BENCH_REDIS_URL).
      if (!env.BENCH_REDIS_URL) await clearRedisKeys(redisUrl, 'redpen:*').catch((err) => log(`could not clear Redis: ${err.message}`));
    }
  }
  const loadavgAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return report({ command, results, loadavg: { before: loadavgBefore, after: loadavgAfter } });
}

/** @param {{ command: string, results: Record<string, any>, loadavg: { before: string, after: string } }} r */
function report({ command, results, loadavg }) {
  /** @type {Record<string, boolean>} */
  const checks = {};
  /** @type {{ title: string, rows: unknown[][] }[]} */
  const tables = [];
  if (results.wordCounts) {
    const rows = [['document', 'bytes', 'runs', 'first run (ms)', 'median (ms)', 'p95 (ms)', 'max (ms)', 'words counted', 'goal']];
    for (const w of results.wordCounts) {
      checks[`count ${w.kind}`] = w.countsExact && w.p95Ms < GOAL.countMs;
      rows.push([`${fmt(WORDS)}-word ${w.kind.toUpperCase()}`, fmt(w.bytes), w.runs, fmt(w.firstMs, 1), fmt(w.medianMs, 1), fmt(w.p95Ms, 1), fmt(w.maxMs, 1), w.counts.join(', '), `< ${GOAL.countMs} ms ${checks[`count ${w.kind}`] ? 'met' : 'NOT met'}`]);
    }
    tables.push({ title: '1. Word count (documentText + countWords, built backend; median and p95 of the runs after the first)', rows });
  }
  if (results.uploads) {
    const rows = [['essay', 'MiB each', 'uploads at once', 'seconds', 'baseline RSS (MiB)', 'peak RSS (MiB)', 'growth (MiB)', 'of which Buffers / JS heap', 'failed / wrong count', 'slow client: answer, words, seconds', 'goal']];
    for (const u of results.uploads) {
      checks[`uploads ${u.kind}`] = u.rssGrowthMiB < GOAL.rssGrowthMiB && u.failed === 0 && u.wrongCounts === 0;
      const slow = u.slow ? `${u.slow.status}, ${fmt(u.slow.words ?? 0)}, ${fmt(u.slow.seconds, 1)}` : '—';
      rows.push([u.document, fmt(u.mib, 1), u.uploads, fmt(u.seconds, 1), u.baselineRssMiB, u.peakRssMiB, u.rssGrowthMiB, `${u.buffersGrowthMiB} / ${u.heapGrowthMiB}`, `${u.failed} / ${u.wrongCounts}`, slow, `< ${GOAL.rssGrowthMiB} MB ${checks[`uploads ${u.kind}`] ? 'met' : 'NOT met'}`]);
    }
    tables.push({ title: '2. POST /api/student/uploadEssay, server RSS (sampled every 20 ms from /proc)', rows });
  }
  if (results.pool) {
    const rows = [['GET /api/tutor/getAvailableEssays', 'rows', 'connections', 'req/s', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'essays (KiB) an answer', 'non-2xx / errors', '1 connection: req/s, p50 / p99 (ms)', 'goal']];
    for (const p of results.pool) {
      checks[`pool ${p.label}`] = p.p99 < GOAL.poolP99Ms && p.non2xx === 0 && p.errors === 0;
      rows.push([`${p.label} (\`${p.path.replace('/api/tutor/getAvailableEssays', '') || '—'}\`)`, fmt(POOL_ROWS), p.connections, fmt(p.requestsPerSec), p.p50, p.p99, p.maxLatency, `${p.essaysPerAnswer} (${fmt(p.answerBytes / 1024)}${p.wireBytes !== p.answerBytes ? `; ${fmt(p.wireBytes / 1024)} sent` : ''})`, `${p.non2xx} / ${p.errors + p.timeouts}`, `${fmt(p.oneConnection.requestsPerSec)}, ${p.oneConnection.p50} / ${p.oneConnection.p99}`, `p99 < ${GOAL.poolP99Ms} ms ${checks[`pool ${p.label}`] ? 'met' : 'NOT met'}`]);
    }
    tables.push({ title: `3. The pool over ${fmt(POOL_ROWS)} open essays`, rows });
  }
  if (results.timers) {
    const t = results.timers;
    const m = t.main;
    checks['timers exactly once'] = m.transitions === TIMERS && m.duplicated === 0 && m.missed === 0;
    checks['timers lateness'] = (m.notHit.lateness?.p99Ms ?? Infinity) <= GOAL.timers.lateP99Ms;
    const late = (/** @type {any} */ x) => (x.lateness ? `${fmt(x.lateness.p50Ms)} / ${fmt(x.lateness.p99Ms)} / ${fmt(x.lateness.maxMs)}` : '—');
    const rows = [['run', 'essays', 'transitions', 'duplicated', 'missed', 'lateness p50 / p99 / max (ms)', 'mails sent / expected (duplicated, missing)', 'chat contexts left open']];
    /** @param {string} label @param {any} x */
    const row = (label, x) => rows.push([label, fmt(x.essays), fmt(x.transitions), x.duplicated, x.missed, late(x), `${fmt(x.mails.received)} / ${fmt(x.mails.expected)} (${x.mails.duplicated}, ${x.mails.missing})`, x.contextsLeftOpen]);
    row(`main: ${fmt(TIMERS)} due over ${t.spreadSeconds} s, SIGKILL at ${m.killAtS} s, ready again ${m.restartReadyS} s later`, m);
    row(`… not hit by the kill (returned before it, or due after the restarted worker caught up: an essay returned within ${CAUGHT_UP_MS} ms of its due time)`, m.notHit);
    row(`… due during the outage or queued behind its backlog (caught up ${m.caughtUpS} s after the kill, ${m.backlogPerSecond} returns/s meanwhile)`, m.outage);
    row('… in flight at the kill (back after the 30 s lock and a stalled-job check)', m.inFlight);
    row(`sweeper: ${fmt(t.sweeper.essays)} whose jobs were never queued (SWEEPER_INTERVAL_SECONDS=${t.sweeperIntervalSeconds})`, t.sweeper);
    if (t.flushed) row(`the essays queue's Redis keys deleted while the worker ran (${t.flushed.returnedWhileRunning} returned within ${t.flushed.waitedS} s; ${t.flushed.afterRestart ? `${t.flushed.afterRestart.returned} more after a worker restart` : 'no restart needed'})`, t.flushed);
    tables.push({ title: `4. Discussion-expiry timers (WORDCOUNT_WINDOW_SECONDS=${t.windowSeconds}), one worker process`, rows });
  }
  const ok = Object.values(checks).every(Boolean);
  const date = new Date().toISOString();
  const m = machine();
  const file = writeResult(name, { scenario: name, date, command, machine: m, loadavg, goal: GOAL, settings: { words: WORDS, countRuns: COUNT_RUNS, uploads: UPLOADS, poolRows: POOL_ROWS, timers: TIMERS, spreadSeconds: SPREAD_S, killAtSeconds: KILL_AT_S }, results, checks });
  for (const t of tables) console.log(`\n${t.title}\n${textTable(t.rows)}`);
  console.log(`\nchecks: ${Object.entries(checks).map(([k, v]) => `${k} ${v ? 'met' : 'NOT met'}`).join(', ')}`);
  console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
  console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; \`${command}\`; load average ${loadavg.before} before, ${loadavg.after} after.\n`);
  for (const t of tables) console.log(`${t.title}:\n\n${markdownTable(t.rows)}\n`);
  return { ok, data: results };
}

export { run_ as run };
