// Scenario `admin`: the admin area over a large platform, in production mode, on a database of its own.
//  1. GET /api/admin/getAllStudents?search=…&page=… over 50,000 students, 20 connections: p99 (goal < 50 ms).
//  2. GET /api/admin/getAllTutors with a filter (and a search) over 5,000 tutors, 20 connections: p99 (goal < 50 ms).
//  3. GET /api/admin/getDashboardData over 200,000 essays, 20 connections: p99 (goal < 50 ms).
//  4. GET /api/admin/transactions/export.csv of 100,000 ledger rows: the server's RSS growth (goal < 50 MB) and the
//     rows streamed per second (goal > 20,000).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { fmt, machine, markdownTable, rssMiB, settings, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'admin';
export const description = 'Admin lists (50,000 students, 5,000 tutors), dashboard over 200,000 essays, CSV export of 100,000 ledger rows';

const require = createRequire(import.meta.url);
const GOAL = { studentsP99Ms: 50, tutorsP99Ms: 50, dashboardP99Ms: 50, exportRssMiB: 50, exportRowsPerSec: 20_000 };
const STUDENTS = Number(process.env.BENCH_ADMIN_STUDENTS || 50_000);
const TUTORS = Number(process.env.BENCH_ADMIN_TUTORS || 5_000);
const ESSAYS = Number(process.env.BENCH_ADMIN_ESSAYS || 200_000);
const LEDGER = Number(process.env.BENCH_ADMIN_LEDGER || 100_000);
const ADMIN_EMAIL = 'bench-admin@bench.local';
const PASSWORD = 'Bench-Admin-Pass-42';
const SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Khan', 'Harris', 'Lewis', 'Hill', 'Cooper', 'Ward', 'Morris', 'Moore', 'King', 'Baker', 'Young', 'Allen', 'Scott', 'Turner', 'Hughes', 'Edwards', 'Lee', 'Hussain', 'Ali', 'Ahmed', 'Begum', 'Shah', 'Chen', 'Wong', 'Murphy', 'Kelly', 'Price', 'Bennett', 'Gray'];
const UNIVERSITIES = ['University of Oxford', 'University of Cambridge', 'Imperial College London', 'University College London', 'University of Edinburgh', 'University of Manchester', "King's College London", 'University of Bristol', 'University of Warwick', 'Durham University'];
const COURSES = ['History', 'English Literature', 'Mathematics', 'Physics', 'Chemistry', 'Economics', 'Law', 'Computer Science', 'Philosophy', 'Biology'];

/** @param {string} databaseUrl @param {(line: string) => void} log */
async function seed(databaseUrl, log) {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const { hash } = await import(join(ROOT, 'node_modules', '@node-rs', 'argon2', 'index.js'));
  const source = readFileSync(join(ROOT, 'backend', 'src', 'common', 'security', 'password-hasher.ts'), 'utf8');
  const params = /memoryCost:\s*(\d+),\s*timeCost:\s*(\d+),\s*parallelism:\s*(\d+)/.exec(source);
  if (!params) throw new Error('could not read the argon2 parameters from password-hasher.ts');
  const [memoryCost, timeCost, parallelism] = params.slice(1).map(Number);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: [existing] } = await client.query(`select count(*)::int as n from users where email like 'bench-admin-student-%'`);
    if (existing.n === STUDENTS) {
      log(`reusing the seeded platform (${fmt(STUDENTS)} students)`);
      return;
    }
    const started = performance.now();
    const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost, timeCost, parallelism });
    await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed) values ('Bench Admin', $1, null, $2, 'admin', true, true)`,
      [ADMIN_EMAIL, passwordHash],
    );
    // Students: a first name, a surname from the list, a numbered address and a phone; half have opened their profile.
    await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed, created_at)
       select 'Student' || i || ' ' || ($1::text[])[1 + i % array_length($1::text[], 1)], 'bench-admin-student-' || i || '@bench.local',
              '07700' || lpad(i::text, 6, '0'), 'x', 'student', i % 10 <> 0, true, now() - (i || ' minutes')::interval
       from generate_series(1, $2::int) as i`,
      [SURNAMES, STUDENTS],
    );
    await client.query(`insert into student_profiles (user_id) select id from users where email like 'bench-admin-student-%' and right(split_part(email, '@', 1), 1) in ('0', '2', '4', '6', '8')`);
    await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed, created_at)
       select 'Tutor' || i || ' ' || ($1::text[])[1 + i % array_length($1::text[], 1)], 'bench-admin-tutor-' || i || '@bench.local',
              '07800' || lpad(i::text, 6, '0'), 'x', 'tutor', true, true, now() - (i || ' minutes')::interval
       from generate_series(1, $2::int) as i`,
      [SURNAMES, TUTORS],
    );
    // Tutors: 60 % approved (essays; a third of those tutoring too), the rest pending; ratings for the approved.
    await client.query(
      `insert into tutor_profiles (user_id, approved, approved_essay, approved_tutoring, has_dbs, study_level, university, course, years_of_experience,
                                   subjects, onboarding_submitted_at, application_reviewed_at)
       select u.id, n % 5 < 3, n % 5 < 3, n % 15 = 0, n % 15 = 0, (array['Bachelors','Masters','PhD'])[1 + n % 3],
              ($1::text[])[1 + n % array_length($1::text[], 1)], ($2::text[])[1 + (n / 7) % array_length($2::text[], 1)], n % 12,
              '[{"name":"History","levels":["GCSE","A-Level"]}]'::jsonb,
              now() - interval '30 days', case when n % 5 < 3 then now() - interval '20 days' else null end
       from (select id, substring(email from 'bench-admin-tutor-(\\d+)@')::int as n from users where email like 'bench-admin-tutor-%') u`,
      [UNIVERSITIES, COURSES],
    );
    // Their ratings (Ratings' running sums and counts), for the approved.
    await client.query(
      `insert into tutor_rating_summaries (tutor_id, rating_sum, rating_count)
       select u.id, 4 * (n % 9) + 3, n % 9 + 1
       from (select id, substring(email from 'bench-admin-tutor-(\\d+)@')::int as n from users where email like 'bench-admin-tutor-%') u
       where n % 5 < 3`,
    );
    // Essays in every state, spread over students and (for held ones) approved tutors.
    await client.query(
      `with s as (select id, row_number() over () as k from users where email like 'bench-admin-student-%'),
            t as (select user_id as id, row_number() over () as k from tutor_profiles where approved_essay),
            counts as (select (select count(*) from s) as ns, (select count(*) from t) as nt)
       insert into essays (student_id, tutor_id, title, subject, academic_level, status, original_word_count, word_count, price_pence, file_key, file_name, file_mime,
                           confirmed_at, accepted_at, paid_time, completed_at, cancelled_at, created_at, updated_at)
       select s.id, case when st in ('accepted','paid','completed','revision_requested') then t.id else null end, 'Bench essay ' || i, 'History', 'A-Level'::essay_academic_level,
              st::essay_status, 1000, 1000, 1500, 'essays/bench/' || i || '.pdf', 'essay.pdf', 'application/pdf',
              now(), case when st in ('accepted','paid','completed','revision_requested') then now() end,
              case when st in ('paid','completed','revision_requested') then now() end, case when st = 'completed' then now() end,
              case when st = 'cancelled' then now() end, now() - (i || ' seconds')::interval, now()
       from generate_series(1, $1::int) as i
       cross join counts
       cross join lateral (select (array['awaiting_confirmation','open','open','accepted','paid','completed','completed','completed','revision_requested','cancelled'])[1 + i % 10] as st) x
       join s on s.k = 1 + i % counts.ns
       join t on t.k = 1 + i % counts.nt`,
      [ESSAYS],
    );
    // The ledger: three in four student payments (completed, pending or failed), one in four payouts; no refunds, so
    // the transactions are exactly the rows.
    await client.query(
      `with s as (select id, row_number() over () as k from users where email like 'bench-admin-student-%' limit 1000),
            t as (select user_id as id, row_number() over () as k from tutor_profiles where approved_essay limit 1000)
       insert into payments (type, status, payer_id, payer_type, recipient_id, recipient_type, amount_pence, platform_commission_pence, tutor_earnings_pence,
                             description, payment_method, item_kind, item_id, paid_at, created_at, updated_at)
       select case when i % 4 = 0 then 'tutor_essay_payment' else 'student_essay_payment' end::payment_type,
              (array['completed','completed','completed','pending','failed'])[1 + i % 5]::payment_status,
              case when i % 4 = 0 then null else s.id end, case when i % 4 = 0 then 'platform' else 'student' end::payment_party_type,
              case when i % 4 = 0 then t.id else null end, case when i % 4 = 0 then 'tutor' else 'platform' end::payment_party_type,
              1000 + i % 4000, case when i % 4 = 0 then 0 else (1000 + i % 4000) / 5 end, case when i % 4 = 0 then 1000 + i % 4000 else (1000 + i % 4000) - (1000 + i % 4000) / 5 end,
              'Bench essay review ' || i, 'stripe_card', 'essay', gen_random_uuid(), now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval, now()
       from generate_series(1, $1::int) as i
       join s on s.k = 1 + i % 1000
       join t on t.k = 1 + i % 1000`,
      [LEDGER],
    );
    // As autovacuum leaves a settled table: statistics and the visibility map up to date.
    for (const table of ['users', 'student_profiles', 'tutor_profiles', 'essays', 'payments']) await client.query(`vacuum analyze ${table}`);
    log(`seeded ${fmt(STUDENTS)} students, ${fmt(TUTORS)} tutors, ${fmt(ESSAYS)} essays, ${fmt(LEDGER)} ledger rows in ${fmt((performance.now() - started) / 1000, 1)} s`);
  } finally {
    await client.end();
  }
}

/** @param {string} url */
async function dropIfFresh(url) {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const server = new URL(url);
  const dbName = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    if (process.env.BENCH_ADMIN_FRESH === '1') await client.query(`drop database if exists "${dbName}" with (force)`);
  } finally {
    await client.end();
  }
}

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const opts = settings();
  const connections = Number(process.env.BENCH_CONNECTIONS || 20);
  // A database of its own: 55,000 accounts, 200,000 essays and 100,000 ledger rows (kept between runs; BENCH_ADMIN_FRESH=1 drops it).
  process.env.BENCH_DATABASE_URL ||= withDatabase(loadEnv().env.DATABASE_URL, 'redpen_bench_admin');
  await dropIfFresh(process.env.BENCH_DATABASE_URL);
  const nest = await startBackend({ log, env: { TWO_FACTOR_POLICY: 'optional', LOG_LEVEL: 'warn' } });
  try {
    await seed(process.env.BENCH_DATABASE_URL, log);
    const login = await fetch(`${nest.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }) });
    const { token } = /** @type {{ token?: string }} */ (await login.json());
    if (!token) throw new Error(`admin sign-in answered ${login.status}`);
    const headers = { authorization: `Bearer ${token}` };
    const autocannon = require('autocannon');
    /** @param {string[]} paths every connection cycles through these */
    const load = async (paths) => {
      for (const path of paths) {
        const probe = await fetch(`${nest.url}${path}`, { headers });
        if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);
      }
      const requests = paths.map((path) => ({ method: 'GET', path }));
      if (opts.warmupSeconds > 0) await autocannon({ url: nest.url, connections, duration: opts.warmupSeconds, headers, requests });
      const r = await autocannon({ url: nest.url, connections, duration: opts.durationSeconds, headers, requests, timeout: 10 });
      return { requestsPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
    };

    const studentPaths = ['Smith', 'patel', 'KHAN', 'student123', '07700012'].map((search, i) => `/api/admin/getAllStudents?search=${encodeURIComponent(search)}&page=${1 + i}&limit=20`);
    const students = await load(studentPaths);
    log(`students search: ${students.requestsPerSec} req/s, p99 ${students.p99} ms`);
    const tutorPaths = [
      '/api/admin/getAllTutors?filter=approved&page=3&limit=20',
      '/api/admin/getAllTutors?filter=pending&page=1&limit=20',
      '/api/admin/getAllTutors?filter=tutoring&search=oxford&page=1&limit=20',
      '/api/admin/getAllTutors?filter=essay&search=history&page=2&limit=20',
    ];
    const tutors = await load(tutorPaths);
    log(`tutors filter: ${tutors.requestsPerSec} req/s, p99 ${tutors.p99} ms`);
    const dashboard = await load(['/api/admin/getDashboardData']);
    log(`dashboard: ${dashboard.requestsPerSec} req/s, p99 ${dashboard.p99} ms`);

    // 4. The CSV export: the server's RSS sampled every 20 ms while the whole ledger streams to this client.
    const rssBefore = rssMiB(nest.pid) ?? 0;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(nest.pid) ?? 0)), 20);
    const t0 = performance.now();
    const response = await fetch(`${nest.url}/api/admin/transactions/export.csv`, { headers });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const exported = { rows: lines - 1, seconds: Number(exportSeconds.toFixed(2)), rowsPerSec: Math.round((lines - 1) / exportSeconds), mib: Number((bytes / 1048576).toFixed(1)), rssBeforeMiB: rssBefore, rssPeakMiB: rssPeak, rssGrowthMiB: rssPeak - rssBefore };
    log(`export: ${fmt(exported.rows)} rows in ${exported.seconds} s (${fmt(exported.rowsPerSec)} rows/s), RSS ${rssBefore} → ${rssPeak} MiB`);

    const header = ['measure', 'throughput', 'p50 (ms)', 'p99 (ms)', 'goal', 'notes'];
    const rows = [
      [`GET getAllStudents?search=…&page=… (${fmt(STUDENTS)} students, 5 searches)`, `${fmt(students.requestsPerSec)} req/s`, fmt(students.p50, 1), fmt(students.p99, 1), `p99 < ${GOAL.studentsP99Ms} ms`, `${connections} connections, ${students.non2xx} non-2xx`],
      [`GET getAllTutors?filter=… (${fmt(TUTORS)} tutors, 4 filters, 2 with a search)`, `${fmt(tutors.requestsPerSec)} req/s`, fmt(tutors.p50, 1), fmt(tutors.p99, 1), `p99 < ${GOAL.tutorsP99Ms} ms`, `${connections} connections, ${tutors.non2xx} non-2xx`],
      [`GET getDashboardData (${fmt(ESSAYS)} essays)`, `${fmt(dashboard.requestsPerSec)} req/s`, fmt(dashboard.p50, 1), fmt(dashboard.p99, 1), `p99 < ${GOAL.dashboardP99Ms} ms`, `${connections} connections, ${dashboard.non2xx} non-2xx`],
      [
        `GET transactions/export.csv (${fmt(exported.rows)} rows, ${exported.mib} MiB)`,
        `${fmt(exported.rowsPerSec)} rows/s`,
        '',
        '',
        `RSS growth < ${GOAL.exportRssMiB} MB, > ${fmt(GOAL.exportRowsPerSec)} rows/s`,
        `${exported.seconds} s; server RSS ${exported.rssBeforeMiB} → ${exported.rssPeakMiB} MiB (+${exported.rssGrowthMiB})`,
      ],
    ];
    const ok =
      students.p99 < GOAL.studentsP99Ms && tutors.p99 < GOAL.tutorsP99Ms && dashboard.p99 < GOAL.dashboardP99Ms &&
      students.non2xx + tutors.non2xx + dashboard.non2xx === 0 &&
      exported.rows === LEDGER && exported.rssGrowthMiB < GOAL.exportRssMiB && exported.rowsPerSec > GOAL.exportRowsPerSec;
    const date = new Date().toISOString();
    const m = machine();
    const file = writeResult(name, { scenario: name, date, command, machine: m, settings: { ...opts, connections }, goal: GOAL, sizes: { STUDENTS, TUTORS, ESSAYS, LEDGER }, students, tutors, dashboard, exported });
    console.log('\n' + textTable([header, ...rows]) + '\n');
    console.log(`goals ${ok ? 'met' : 'NOT met'}\n\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`; ${opts.durationSeconds} s per target after ${opts.warmupSeconds} s warm-up.\n`);
    console.log(markdownTable([header, ...rows]) + '\n');
    return { ok };
  } finally {
    await nest.stop();
  }
}

export { run_ as run };
