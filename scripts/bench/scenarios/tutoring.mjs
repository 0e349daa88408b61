// Scenario `tutoring`: the built backend in production mode, Stripe pointed at a loopback stand-in that
// opens checkouts (the booking answers a payment URL).
//  1. GET /api/tutor/getTutorProfilesforTutoring, one page of 20 sorted by rate (page 50), over 5,000 bookable tutors
//     each with a full week of availability, so every card computes its nextSlots (14 days): 50 connections, p99
//     (goal < 50 ms). The whole unpaged list (plain cards, streamed) once: its size gzipped on the wire (goal < 5 MiB)
//     and plain, and its time.
//  2. 500 booking attempts at once over 50 slots of one tutor (10 students per slot): every slot held exactly once,
//     none twice, the rest refused 409 SLOT_TAKEN, no 5xx; attempts per second.
import { createRequire } from 'node:module';
import { createServer, get as httpGet } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { cpuTimeMs, fmt, machine, markdownTable, percentile, settings, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'tutoring';
export const description = 'Find Your Tutor over 5,000 tutors with nextSlots (p99 < 50 ms), the whole list (< 5 MiB), 500 concurrent bookings over 50 slots';

const require = createRequire(import.meta.url);
const GOAL = { listP99Ms: 50, wholeMiB: 5 };
const TUTORS = Number(process.env.BENCH_TUTORING_TUTORS || 5000);
const SLOTS = 50;
const ATTEMPTS_PER_SLOT = 10;
// One attempt per student: a student may hold one unpaid slot of a tutor at a time, so a student trying several of
// the tutor's slots at once would be refused by that rule rather than by the race this scenario measures.
const STUDENTS = SLOTS * ATTEMPTS_PER_SLOT;
const PASSWORD = 'Bench-Tutoring-Pass-42';
const WEEK = ['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-18:00'];
const AVAILABILITY = JSON.stringify(Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, WEEK])));

/**
 * A GET whose body is counted as received (fetch would decompress it).
 * @param {string} url @param {Record<string, string>} headers @returns {Promise<{ status: number, bytes: number }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('the whole list took over 60 s')));
  });
}

/** Stripe's checkout creation, as the booking calls it. */
async function startStripeStandIn() {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    req.resume();
    req.on('end', () => {
      const ok = req.method === 'POST' && path === '/v1/checkout/sessions';
      const id = `cs_bench_${randomBytes(10).toString('hex')}`;
      res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}`, status: 'open', payment_status: 'unpaid' } : { error: { type: 'invalid_request_error', message: 'not found' } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/** @param {string} databaseUrl @param {(line: string) => void} log */
async function seed(databaseUrl, log) {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const { hash } = await import(join(ROOT, 'node_modules', '@node-rs', 'argon2', 'index.js'));
  const source = readFileSync(join(ROOT, 'backend', 'src', 'common', 'security', 'password-hasher.ts'), 'utf8');
  const params = /memoryCost:\s*(\d+),\s*timeCost:\s*(\d+),\s*parallelism:\s*(\d+)/.exec(source);
  if (!params) throw new Error('could not read the argon2 parameters from password-hasher.ts');
  const [memoryCost, timeCost, parallelism] = params.slice(1).map(Number);
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost, timeCost, parallelism });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The bench owns its users (bench.local addresses): their sessions, payments and profiles go first.
    const mine = `(select id from users where email like 'bench-tutoring-%@bench.local')`;
    await client.query(`delete from tutoring_sessions where tutor_id in ${mine} or student_id in ${mine}`);
    await client.query(`delete from payment_status_changes where payment_id in (select id from payments where payer_id in ${mine})`);
    await client.query(`delete from payments where payer_id in ${mine}`);
    await client.query(`delete from auth_sessions where user_id in ${mine}`);
    await client.query(`delete from users where email like 'bench-tutoring-%@bench.local'`);
    await client.query(
      `insert into users (name, email, password_hash, role, email_verified, onboarding_completed)
       select 'Bench Tutor ' || i, 'bench-tutoring-tutor-' || i || '@bench.local', $1, 'tutor', true, true from generate_series(1, $2::int) as i`,
      [passwordHash, TUTORS],
    );
    await client.query(
      `insert into tutor_profiles (user_id, approved, approved_tutoring, has_dbs, study_level, university, years_of_experience)
       select u.id, true, true, true, (array['PhD','Masters','Bachelors'])[1 + (n % 3)], 'Bench University', n % 15
       from (select id, row_number() over (order by email) as n from users where email like 'bench-tutoring-tutor-%@bench.local') as u`,
    );
    await client.query(
      `insert into tutoring_profiles (user_id, tutoring_subject, hourly_rate_pence, tutoring_description, tutoring_available, availability, time_zone)
       select u.id, (array['Mathematics','Physics','English Literature','History','Medicine interviews'])[1 + (n % 5)],
              2000 + (n % 40) * 100, 'Bench tutoring profile', true, $1::jsonb, 'Europe/London'
       from (select id, row_number() over (order by email) as n from users where email like 'bench-tutoring-tutor-%@bench.local') as u`,
      [AVAILABILITY],
    );
    await client.query(
      `insert into users (name, email, password_hash, role, email_verified)
       select 'Bench Student ' || i, 'bench-tutoring-student-' || i || '@bench.local', $1, 'student', true from generate_series(1, $2::int) as i`,
      [passwordHash, STUDENTS],
    );
    await client.query(`insert into student_profiles (user_id) select id from users where email like 'bench-tutoring-student-%@bench.local' on conflict do nothing`);
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze tutor_profiles');
    const { rows: [target] } = await client.query(`select id from users where email = 'bench-tutoring-tutor-1@bench.local'`);
    log(`seeded ${fmt(TUTORS)} bookable tutors (8 slots a day, every day) and ${STUDENTS} students`);
    return { targetTutorId: target.id, client: () => new pg.Client({ connectionString: databaseUrl }) };
  } finally {
    await client.end();
  }
}

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const opts = settings();
  const connections = Number(process.env.BENCH_CONNECTIONS || 50);
  process.env.BENCH_DATABASE_URL ||= withDatabase(loadEnv().env.DATABASE_URL, 'redpen_bench_tutoring');
  const stripe = await startStripeStandIn();
  const nest = await startBackend({
    log,
    env: { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench', STRIPE_API_URL: stripe.url, TWO_FACTOR_POLICY: 'optional', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', TRUST_PROXY: 'loopback' },
  });
  try {
    const seeded = await seed(process.env.BENCH_DATABASE_URL, log);
    let signIns = 0;
    // Sign-ins are limited per client address (20 a minute): each comes from an address of its own, behind the loopback proxy.
    const signIn = async (/** @type {string} */ email) => {
      const forwardedFor = `10.26.${Math.floor(++signIns / 250)}.${signIns % 250}`;
      const res = await fetch(`${nest.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ email, password: PASSWORD }) });
      const body = /** @type {{ token?: string }} */ (await res.json());
      if (!body.token) throw new Error(`sign-in of ${email} answered ${res.status}`);
      return body.token;
    };

    // 1. Find Your Tutor.
    const viewer = await signIn('bench-tutoring-student-1@bench.local');
    // As the web app asks (a browser always accepts gzip): the shared answer's gzip twin.
    const headers = { authorization: `Bearer ${viewer}`, 'accept-encoding': 'gzip' };
    const listPath = '/api/tutor/getTutorProfilesforTutoring?page=50&limit=20&sort=hourlyRate';
    const probe = await fetch(`${nest.url}${listPath}`, { headers });
    const page = /** @type {{ tutors: { nextSlots: unknown[] }[], total: number }} */ (await probe.json());
    if (probe.status !== 200 || page.tutors.length !== 20 || page.total !== TUTORS) throw new Error(`${listPath} answered ${probe.status} with ${page.tutors?.length} tutors of ${page.total}`);
    const slotsPerCard = page.tutors[0].nextSlots.length;
    const autocannon = require('autocannon');
    if (opts.warmupSeconds > 0) await autocannon({ url: `${nest.url}${listPath}`, connections, duration: opts.warmupSeconds, headers });
    const cpuBefore = cpuTimeMs(nest.pid);
    const r = await autocannon({ url: `${nest.url}${listPath}`, connections, duration: opts.durationSeconds, headers, timeout: 10 });
    const cpuAfter = cpuTimeMs(nest.pid);
    // The API's own CPU per answer: on a shared machine, what the latency cannot say about the code.
    const cpuMsPerRequest = cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? Number(((cpuAfter - cpuBefore) / r.requests.total).toFixed(2)) : null;
    const list = { requestsPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, cpuMsPerRequest };
    log(`list page: ${list.requestsPerSec} req/s, p99 ${list.p99} ms, ${cpuMsPerRequest} ms of API CPU per answer (${slotsPerCard} slots per card)`);
    // The whole list (no page): the plain cards, streamed. Its bytes as they leave the server, gzipped (as the web
    // app and the benchmark ask) and plain; the time to the last byte.
    const wholeOnce = async (/** @type {string} */ encoding) => {
      const started = performance.now();
      const { status, bytes } = await rawGet(`${nest.url}/api/tutor/getTutorProfilesforTutoring`, { authorization: `Bearer ${viewer}`, 'accept-encoding': encoding });
      if (status !== 200) throw new Error(`the whole list answered ${status}`);
      return { bytes, ms: performance.now() - started };
    };
    const wholeGzip = await wholeOnce('gzip');
    const wholePlain = await wholeOnce('identity');
    const wholeBytes = wholeGzip.bytes;
    const wholeMs = wholeGzip.ms;
    log(`the whole list: ${fmt(wholeMs)} ms, ${fmt(wholeBytes / 1024 / 1024, 2)} MiB gzipped (goal < ${GOAL.wholeMiB} MiB); plain ${fmt(wholePlain.bytes / 1024 / 1024, 2)} MiB in ${fmt(wholePlain.ms)} ms`);

    // 2. 500 bookings at once over 50 slots of one tutor.
    const students = [];
    for (let i = 1; i <= STUDENTS; i++) students.push(await signIn(`bench-tutoring-student-${i}@bench.local`));
    const cardRes = await fetch(`${nest.url}/api/tutor/getTutorProfilesforTutoring?search=${encodeURIComponent('Bench Tutor 1')}&page=1&limit=100`, { headers });
    const card = /** @type {{ tutors: { _id: string, nextSlots: { startTime: string, endTime: string }[] }[] }} */ (await cardRes.json()).tutors.find((t) => t._id === seeded.targetTutorId);
    if (!card || card.nextSlots.length < SLOTS) throw new Error('the target tutor has fewer than 50 slots');
    const slots = card.nextSlots.slice(0, SLOTS);
    // Ten different students per slot, each student once.
    const attempts = [];
    for (let k = 0; k < ATTEMPTS_PER_SLOT; k++) for (let s = 0; s < SLOTS; s++) attempts.push({ slot: slots[s], token: students[s + k * SLOTS] });
    for (let i = attempts.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [attempts[i], attempts[j]] = [attempts[j], attempts[i]];
    }
    /** @type {number[]} */
    const latencies = [];
    const outcome = { booked: 0, taken: 0, otherRefusal: 0, server: 0 };
    const started = performance.now();
    await Promise.all(
      attempts.map(async (a) => {
        const t0 = performance.now();
        const res = await fetch(`${nest.url}/api/student/createTutoringSession`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
          body: JSON.stringify({ tutorId: seeded.targetTutorId, purpose: 'Bench booking', startTime: a.slot.startTime, endTime: a.slot.endTime }),
        });
        const body = /** @type {{ code?: string }} */ (await res.json());
        latencies.push(performance.now() - t0);
        if (res.status === 200) outcome.booked++;
        else if (res.status === 409 && body.code === 'SLOT_TAKEN') outcome.taken++;
        else if (res.status >= 500) outcome.server++;
        else outcome.otherRefusal++;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const db = seeded.client();
    await db.connect();
    const { rows: perSlot } = await db.query(`select start_time, count(*)::int as n from tutoring_sessions where tutor_id = $1 and status in ('held', 'confirmed') group by start_time`, [seeded.targetTutorId]);
    await db.end();
    const bookedOnce = perSlot.filter((/** @type {{ n: number }} */ s) => s.n === 1).length;
    const bookedTwice = perSlot.filter((/** @type {{ n: number }} */ s) => s.n > 1).length;
    const booking = { attempts: attempts.length, seconds: Number(seconds.toFixed(2)), attemptsPerSec: Math.round(attempts.length / seconds), p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)), ...outcome, slotsBookedOnce: bookedOnce, slotsBookedTwice: bookedTwice };
    log(`bookings: ${booking.attemptsPerSec} attempts/s; ${outcome.booked} booked, ${outcome.taken} refused SLOT_TAKEN, ${outcome.server} 5xx; slots once ${bookedOnce}, twice ${bookedTwice}`);

    // The machine is shared: its load says how far the figures are the app's.
    const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
    log(`load average (1/5/15 min): ${load}`);
    const header = ['measure', 'throughput', 'p50 (ms)', 'p99 (ms)', 'goal', 'notes'];
    const rows = [
      [`GET ${listPath} (${fmt(TUTORS)} tutors)`, `${fmt(list.requestsPerSec)} req/s`, fmt(list.p50, 1), fmt(list.p99, 1), `p99 < ${GOAL.listP99Ms} ms`, `${connections} connections, gzip, ${slotsPerCard} nextSlots per card, ${cpuMsPerRequest} ms API CPU per answer, ${list.non2xx} non-2xx`],
      ['GET /api/tutor/getTutorProfilesforTutoring (unpaged, streamed, once)', '—', fmt(wholeMs, 0), '—', `< ${GOAL.wholeMiB} MiB on the wire`, `${fmt(TUTORS)} plain cards, ${fmt(wholeBytes / 1024 / 1024, 2)} MiB gzipped, ${fmt(wholePlain.bytes / 1024 / 1024, 2)} MiB plain (${fmt(wholePlain.ms, 0)} ms)`],
      [`POST /api/student/createTutoringSession × ${attempts.length} at once (${SLOTS} slots)`, `${fmt(booking.attemptsPerSec)} attempts/s`, fmt(booking.p50, 1), fmt(booking.p99, 1), 'each slot once, none twice, no 5xx', `${outcome.booked} booked, ${outcome.taken} SLOT_TAKEN, ${outcome.otherRefusal} other, ${outcome.server} 5xx; ${bookedOnce} slots once, ${bookedTwice} twice`],
    ];
    const ok = list.p99 < GOAL.listP99Ms && wholeBytes < GOAL.wholeMiB * 1024 * 1024 && list.non2xx === 0 && outcome.server === 0 && outcome.booked === SLOTS && bookedOnce === SLOTS && bookedTwice === 0 && outcome.otherRefusal === 0;
    const date = new Date().toISOString();
    const m = machine();
    const file = writeResult(name, { scenario: name, date, command, machine: m, loadAverage: load, settings: { ...opts, connections }, goal: GOAL, tutors: TUTORS, list, whole: { ms: Math.round(wholeMs), bytes: wholeBytes, plainBytes: wholePlain.bytes, plainMs: Math.round(wholePlain.ms) }, booking });
    console.log('\n' + textTable([header, ...rows]) + '\n');
    console.log(`goals ${ok ? 'met' : 'NOT met'}\n\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`; ${opts.durationSeconds} s after ${opts.warmupSeconds} s warm-up; load average ${load}.\n`);
    console.log(markdownTable([header, ...rows]) + '\n');
    return { ok };
  } finally {
    await nest.stop();
    await stripe.stop();
  }
}

export { run_ as run };
