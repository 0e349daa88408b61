// Scenario `uploads`: memory of the streamed upload helper (backend/src/common/uploads). Ten tutors submit
// onboarding at once through the whole built backend (production mode), each request carrying 10 MB of
// files (two PDFs just under the route's 5 MB each, plus a picture). The server's resident memory is sampled
// from /proc every 20 ms; the figure is the peak during the uploads minus the settled figure before them.
// Goal: RSS growth < 50 MB — files are streamed to S3 as they arrive, never held whole.
// BENCH_SERVER_NODE_OPTIONS adds Node flags to the server (to try a V8 setting without changing the app).
// Runs against its own bucket (BENCH_S3_BUCKET, default redpen-bench-uploads) and deletes what it stored.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { BENCH_DIR, fmt, machine, markdownTable, rssMiB, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'uploads';
export const description = '10 concurrent 10 MB multipart uploads: server RSS growth (goal < 50 MB)';

const require = createRequire(import.meta.url);
const CONCURRENCY = Number(process.env.BENCH_UPLOADS || 10);
const FILE_BYTES = 5 * 1024 * 1024 - 1024; // under the onboarding limit of 5 MB; two per request ≈ 10 MB
const GOAL = { rssGrowthMiB: 50 };
const PASSWORD = 'Bench-Upload-Pass-42';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A PDF by its magic bytes, padded to `bytes` with spaces (the helper checks type and size, not layout).
 * @param {number} bytes
 */
function pdfOf(bytes) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 32)]);
}

/** @param {Buffer} pdf */
function onboardingForm(pdf) {
  const form = new FormData();
  const fields = {
    motivation: 'Benchmarking uploads.', university: 'UCL', course: 'History', dateOfBirth: '2000-01-01',
    aLevelsCompletionDate: '2018-07-01', universityStartDate: '2018-09-20', expectedGraduationDate: '2021-06-30',
    aLevels: JSON.stringify([{ subject: 'History', grade: 'A' }]), subjects: JSON.stringify([{ name: 'History', levels: ['GCSE'] }]),
    hasRight: 'yes', nationality: 'BritishIrish', documentType: 'passport', hasDBS: 'false', appliedForDBS: 'false',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('profilePicture', new Blob([PNG], { type: 'image/png' }), 'me.png');
  form.append('documentFile', new Blob([pdf], { type: 'application/pdf' }), 'passport.pdf');
  form.append('universityDocuments', new Blob([pdf], { type: 'application/pdf' }), 'degree.pdf');
  return form;
}

/** @param {string} databaseUrl @param {number} count @param {(line: string) => void} log */
async function seedTutors(databaseUrl, count, log) {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const { hash } = await import(join(ROOT, 'node_modules', '@node-rs', 'argon2', 'index.js'));
  const passwordHash = await hash(PASSWORD, { algorithm: 2 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`delete from users where email like 'bench-upload-%@bench.local'`);
    const emails = Array.from({ length: count }, (_, i) => `bench-upload-${i}@bench.local`);
    await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed) select 'Bench Tutor', e, '07700900123', $2, 'tutor', true, false from unnest($1::text[]) as e`,
      [emails, passwordHash],
    );
    log(`seeded ${count} tutors awaiting onboarding`);
    return emails;
  } finally {
    await client.end();
  }
}

/**
 * Signs a seeded account in from its own X-Forwarded-For address (the server trusts one proxy hop).
 * @param {string} url @param {string} email @param {number} i @param {string} [password]
 * @returns {Promise<string>} the access token
 */
export async function login(url, email, i, password = PASSWORD) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${i + 1}` },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`bench login answered ${res.status}: ${await res.text()}`);
  const { token } = /** @type {{ token?: string }} */ (await res.json());
  // Production's default policy asks tutors for an emailed code; the scenario starts the server with it optional.
  if (!token) throw new Error(`bench login for ${email} answered without a token (two-factor asked?)`);
  return token;
}

// Preloaded into the server (no change to the app): every 20 ms, the process's own view of its memory, so
// the RSS figure can be split into JS heap, Buffers (external) and the rest. The main thread's only: a preload
// runs in worker threads too (the essays' word-count worker), whose heap figures would interleave with it.
export const PROBE = `
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const file = process.env.BENCH_MEM_FILE;
if (isMainThread) setInterval(() => {
  const m = process.memoryUsage();
  appendFileSync(file, JSON.stringify({ t: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, arrayBuffers: m.arrayBuffers }) + '\\n');
}, 20).unref();
`;
/** @param {number} bytes */
const MiB = (bytes) => Math.round(bytes / 2 ** 20);

/** @typedef {{ t: number, rss: number, heapUsed: number, heapTotal: number, arrayBuffers: number }} MemorySample One line of the probe's file. */

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const bucket = process.env.BENCH_S3_BUCKET || 'redpen-bench-uploads';
  mkdirSync(BENCH_DIR, { recursive: true });
  const memFile = join(BENCH_DIR, 'uploads-memory.jsonl');
  rmSync(memFile, { force: true });
  const probe = `data:text/javascript,${encodeURIComponent(PROBE)}`;
  const nest = await startBackend({
    log,
    env: { TRUST_PROXY: 'loopback', TWO_FACTOR_POLICY: 'optional', S3_BUCKET: bucket, UPLOAD_RATE_LIMIT_PER_HOUR: '100000', BENCH_MEM_FILE: memFile, NODE_OPTIONS: `--import=${probe}` },
  });
  try {
    const { env } = loadEnv();
    const databaseUrl = process.env.BENCH_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_bench');
    const emails = await seedTutors(databaseUrl, CONCURRENCY + 1, log);
    /** @type {string[]} */
    const tokens = [];
    for (const [i, email] of emails.entries()) tokens.push(await login(nest.url, email, i));
    const pdf = pdfOf(FILE_BYTES);
    /** @param {string} token */
    const post = (token) =>
      fetch(`${nest.url}/api/tutor/update-info`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: onboardingForm(pdf) });

    // Warm-up: one upload so code paths, the S3 client and the pools exist before the baseline is taken.
    const warmToken = tokens.pop();
    if (!warmToken) throw new Error('no bench tutor signed in');
    const warm = await post(warmToken);
    if (warm.status !== 200) throw new Error(`warm-up upload answered ${warm.status}: ${await warm.text()}`);
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = rssMiB(nest.pid);
    const baselineAt = Date.now();

    // RSS figures are null where /proc is missing: they count as 0 in the arithmetic, as they did untyped.
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak ?? 0, rssMiB(nest.pid) ?? 0)), 20);
    log(`${CONCURRENCY} concurrent uploads of ${fmt((2 * FILE_BYTES + PNG.length) / 2 ** 20, 1)} MiB each; baseline RSS ${baseline} MiB…`);
    const start = Date.now();
    const responses = await Promise.all(tokens.map((t) => post(t)));
    const seconds = (Date.now() - start) / 1000;
    clearInterval(sampler);
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    const failed = statuses.filter((s) => s !== 200).length;
    await new Promise((r) => setTimeout(r, 100));
    /** @type {MemorySample[]} */
    const samples = readFileSync(memFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const before = samples.filter((x) => x.t <= baselineAt).at(-1);
    const during = samples.filter((x) => x.t > start && x.t <= Date.now());
    /** @param {'rss' | 'heapUsed' | 'arrayBuffers'} k */
    const peakOf = (k) => Math.max(...during.map((x) => x[k]));
    const breakdown = before && during.length
      ? { heapUsedGrowthMiB: MiB(peakOf('heapUsed') - before.heapUsed), arrayBuffersGrowthMiB: MiB(peakOf('arrayBuffers') - before.arrayBuffers), rssGrowthSelfMiB: MiB(peakOf('rss') - before.rss) }
      : null;
    if (breakdown) log(`peak growth seen by the process: rss ${breakdown.rssGrowthSelfMiB} MiB, Buffers ${breakdown.arrayBuffersGrowthMiB} MiB, JS heap ${breakdown.heapUsedGrowthMiB} MiB`);

    const figures = {
      uploads: CONCURRENCY,
      mibPerUpload: Number(((2 * FILE_BYTES + PNG.length) / 2 ** 20).toFixed(2)),
      seconds: Number(seconds.toFixed(1)),
      baselineRssMiB: baseline,
      peakRssMiB: peak,
      rssGrowthMiB: (peak ?? 0) - (baseline ?? 0),
      failed,
      breakdown,
    };
    const ok = figures.rssGrowthMiB < GOAL.rssGrowthMiB && failed === 0;
    const header = ['uploads at once', 'MiB each', 'seconds', 'baseline RSS (MiB)', 'peak RSS (MiB)', 'growth (MiB)', 'failed'];
    const row = [CONCURRENCY, fmt(figures.mibPerUpload, 1), fmt(figures.seconds, 1), baseline, peak, figures.rssGrowthMiB, failed];
    const date = new Date().toISOString();
    const m = machine();
    const file = writeResult(name, { scenario: name, date, command, machine: m, goal: GOAL, figures });
    console.log('\n' + textTable([header, row]) + '\n');
    console.log(`RSS growth ${figures.rssGrowthMiB} MiB (goal < ${GOAL.rssGrowthMiB}) ${ok ? 'met' : 'NOT met'}; ${failed} failed`);
    console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; \`${command}\`; RSS of the server process sampled every 20 ms from /proc.\n`);
    console.log(markdownTable([header, row]) + '\n');
    return { ok, data: figures };
  } finally {
    await cleanBucket(bucket, 'tutors/', log).catch((err) => log(`could not empty ${bucket}: ${err.message}`));
    await nest.stop();
  }
}

/**
 * Deletes what a run stored (its own bucket, under `prefix` only).
 * @param {string} bucket
 * @param {string} prefix
 * @param {(line: string) => void} log
 */
export async function cleanBucket(bucket, prefix, log) {
  const { env } = loadEnv();
  const { S3Client, ListObjectsV2Command, DeleteObjectsCommand } = require(join(ROOT, 'node_modules', '@aws-sdk', 'client-s3'));
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    const keys = (listed.Contents ?? []).map((/** @type {{ Key?: string }} */ o) => ({ Key: o.Key }));
    if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    log(`removed ${keys.length} objects from ${bucket}`);
  } finally {
    client.destroy();
  }
}

export { run_ as run };
