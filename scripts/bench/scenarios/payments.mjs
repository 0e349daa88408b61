// Scenario `payments`: the built backend in production mode with the Stripe gateway pointed at a tiny
// loopback stand-in for the Stripe API (STRIPE_API_URL).
//  1. Webhook replay: 500 signed events about 40 checkouts (20 % duplicates, shuffled, 5 % bad signatures, 1 %
//     stale), 20 at a time: throughput and p99 per event; bad ones must be 400, none 5xx.
//  2. GET /api/admin/payments with filters, page 50, over 100,000 ledger rows, 20 connections: p99 (goal < 100 ms).
//  3. GET /api/admin/payments/stats over the same rows, 20 connections: p99 (goal < 100 ms).
// The paid checkouts belong to no module (Essays is not built yet), so each is refunded automatically once: the
// stand-in answers that refund too.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadEnv, withDatabase } from '../../lib/env.mjs';
import { fmt, machine, markdownTable, settings, startBackend, textTable, writeResult } from '../lib.mjs';

export const name = 'payments';
export const description = 'Stripe webhook replay (500 events), admin payments list page 50 and stats over 100,000 ledger rows';

const require = createRequire(import.meta.url);
const GOAL = { listP99Ms: 100, statsP99Ms: 100 };
const ROWS = Number(process.env.BENCH_PAYMENT_ROWS || 100_000);
const SECRET = `whsec_bench_${randomBytes(8).toString('hex')}`;
const ADMIN_EMAIL = 'bench-payments-admin@bench.local';
const PASSWORD = 'Bench-Payments-Pass-42';

/** The few Stripe endpoints the webhook path calls: retrieve a checkout, create a refund. @param {Map<string, object>} sessions */
async function startStripeStandIn(sessions) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    req.resume();
    req.on('end', () => {
      let status = 404;
      /** @type {unknown} */
      let body = { error: { type: 'invalid_request_error', message: 'not found' } };
      if (req.method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
        const session = sessions.get(decodeURIComponent(path.split('/').pop() ?? ''));
        if (session) [status, body] = [200, session];
      } else if (req.method === 'POST' && path === '/v1/refunds') {
        [status, body] = [200, { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', status: 'succeeded' }];
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
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
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The ledger is append-only by design; the bench owns its rows (marked in metadata) and clears them first.
    await client.query(`delete from payment_status_changes where payment_id in (select id from payments where metadata->>'bench' = 'payments')`);
    await client.query(`delete from payments where metadata->>'bench' = 'payments'`);
    await client.query(`delete from payment_events where id like 'evt_bench_%'`);
    const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost, timeCost, parallelism });
    await client.query(`delete from auth_sessions where user_id in (select id from users where email like 'bench-payments-%@bench.local')`);
    await client.query(`delete from users where email like 'bench-payments-%@bench.local'`);
    const { rows: [admin] } = await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed) values ('Bench Admin', $1, null, $2, 'admin', true, true) returning id`,
      [ADMIN_EMAIL, passwordHash],
    );
    const { rows: [student] } = await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified) values ('Bench Student', 'bench-payments-student@bench.local', null, $1, 'student', true) returning id`,
      [passwordHash],
    );
    const { rows: [tutor] } = await client.query(
      `insert into users (name, email, phone, password_hash, role, email_verified, onboarding_completed) values ('Bench Tutor', 'bench-payments-tutor@bench.local', null, $1, 'tutor', true, true) returning id`,
      [passwordHash],
    );
    // 100,000 rows over a year: three in four student payments (mixed statuses), one in four payouts.
    await client.query(
      `insert into payments (type, status, payer_id, payer_type, recipient_id, recipient_type, amount_pence, platform_commission_pence, tutor_earnings_pence,
                             description, payment_method, item_kind, item_id, paid_at, metadata, created_at, updated_at)
       select case when i % 4 = 0 then (array['tutor_essay_payment','tutor_tutoring_payment'])[1 + (i / 4) % 2]::payment_type
                   else (array['student_essay_payment','student_tutoring_payment'])[1 + i % 2]::payment_type end,
              (array['completed','completed','completed','pending','failed','refunded'])[1 + i % 6]::payment_status,
              case when i % 4 = 0 then null else $1::uuid end, case when i % 4 = 0 then 'platform' else 'student' end::payment_party_type,
              case when i % 4 = 0 then $2::uuid else null end, case when i % 4 = 0 then 'tutor' else 'platform' end::payment_party_type,
              1000 + i % 4000, case when i % 4 = 0 then 0 else (1000 + i % 4000) / 5 end, case when i % 4 = 0 then 1000 + i % 4000 else (1000 + i % 4000) - (1000 + i % 4000) / 5 end,
              'Bench payment ' || i, 'stripe_card', 'bench_item', gen_random_uuid(), now() - (i || ' minutes')::interval,
              jsonb_build_object('bench', 'payments'), now() - ((i * 5) || ' minutes')::interval, now()
       from generate_series(1, $3::int) as i`,
      [student.id, tutor.id, ROWS],
    );
    // As autovacuum leaves a settled table: statistics and the visibility map (index-only counts) up to date.
    await client.query('vacuum analyze payments');
    // 40 open checkouts for the webhook replay.
    const sessions = new Map();
    for (let i = 0; i < 40; i++) {
      const id = `cs_bench_${randomBytes(10).toString('hex')}`;
      await client.query(
        `insert into payments (type, status, payer_id, payer_type, recipient_type, amount_pence, platform_commission_pence, tutor_earnings_pence, description, payment_method,
                               item_kind, item_id, stripe_session_id, checkout_url, metadata)
         values ('student_essay_payment', 'pending', $1, 'student', 'platform', 1500, 300, 1200, 'Bench checkout', 'stripe_card', 'bench_item', gen_random_uuid(), $2, $3, '{"bench":"payments"}')`,
        [student.id, id, `https://checkout.stripe.test/${id}`],
      );
      sessions.set(id, {
        id, object: 'checkout.session', amount_total: 1500, currency: 'gbp',
        status: i < 30 ? 'complete' : 'expired', payment_status: i < 30 ? 'paid' : 'unpaid', payment_intent: i < 30 ? `pi_bench_${i}_${randomBytes(4).toString('hex')}` : null,
      });
    }
    log(`seeded ${fmt(ROWS)} ledger rows and 40 open checkouts (30 to be paid, 10 expired)`);
    return { adminId: admin.id, sessions };
  } finally {
    await client.end();
  }
}

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const opts = settings();
  const connections = Number(process.env.BENCH_CONNECTIONS || 20);
  /** @type {Map<string, object>} */
  const sessions = new Map();
  // A database of its own: the ledger is append-only and this scenario adds 100,000 rows to it.
  process.env.BENCH_DATABASE_URL ||= withDatabase(loadEnv().env.DATABASE_URL, 'redpen_bench_payments');
  const stripe = await startStripeStandIn(sessions);
  const nest = await startBackend({
    log,
    env: { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url, TWO_FACTOR_POLICY: 'optional', LOG_LEVEL: 'warn' },
  });
  try {
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    const seeded = await seed(databaseUrl, log);
    for (const [id, session] of seeded.sessions) sessions.set(id, session);

    // 1. Webhook replay.
    const Stripe = require(join(ROOT, 'node_modules', 'stripe'));
    const stripeLib = Stripe.default ?? Stripe;
    const list = [...sessions.values()];
    /** @param {string} id @param {string} type @param {object} object @param {{ bad?: boolean, stale?: boolean }} [o] */
    const sign = (id, type, object, o = {}) => {
      const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
      const timestamp = o.stale ? Math.floor(Date.now() / 1000) - 3600 : undefined;
      return { payload, bad: !!(o.bad || o.stale), signature: stripeLib.webhooks.generateTestHeaderString({ payload, secret: o.bad ? `${SECRET}x` : SECRET, timestamp }) };
    };
    const distinct = Array.from({ length: 370 }, (_, i) => {
      const s = /** @type {{ status: string }} */ (list[i % list.length]);
      const type = s.status === 'expired' ? 'checkout.session.expired' : ['checkout.session.completed', 'checkout.session.async_payment_succeeded'][i % 2];
      return { id: `evt_bench_${i}_${randomBytes(4).toString('hex')}`, type, object: s };
    });
    const deliveries = [
      ...distinct.map((e) => sign(e.id, e.type, e.object)),
      ...Array.from({ length: 100 }, (_, i) => { const e = distinct[(i * 7) % distinct.length]; return sign(e.id, e.type, e.object); }),
      ...Array.from({ length: 25 }, (_, i) => sign(distinct[i].id, distinct[i].type, distinct[i].object, { bad: true })),
      ...Array.from({ length: 5 }, (_, i) => sign(distinct[i + 30].id, distinct[i + 30].type, distinct[i + 30].object, { stale: true })),
    ];
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
    }
    /** @type {number[]} */
    const latencies = [];
    const statuses = { ok: 0, refusedBad: 0, wrong: 0, server: 0 };
    let next = 0;
    const replayStart = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < deliveries.length) {
          const d = deliveries[next++];
          const t0 = performance.now();
          const res = await fetch(`${nest.url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': d.signature }, body: d.payload });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status >= 500) statuses.server++;
          else if (d.bad && res.status === 400) statuses.refusedBad++;
          else if (!d.bad && res.status === 200) statuses.ok++;
          else statuses.wrong++;
        }
      }),
    );
    const replaySeconds = (performance.now() - replayStart) / 1000;
    const replay = {
      events: deliveries.length, seconds: Number(replaySeconds.toFixed(2)), eventsPerSec: Math.round(deliveries.length / replaySeconds),
      p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)), ...statuses,
    };
    log(`webhook replay: ${replay.eventsPerSec} events/s, p99 ${replay.p99} ms; ${statuses.server} 5xx, ${statuses.wrong} unexpected`);

    // 2–3. Admin list and stats.
    const login = await fetch(`${nest.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }) });
    const { token } = /** @type {{ token?: string }} */ (await login.json());
    if (!token) throw new Error(`admin sign-in answered ${login.status}`);
    const headers = { authorization: `Bearer ${token}` };
    const autocannon = require('autocannon');
    /** @param {string} path */
    const load = async (path) => {
      const probe = await fetch(`${nest.url}${path}`, { headers });
      if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);
      if (opts.warmupSeconds > 0) await autocannon({ url: `${nest.url}${path}`, connections, duration: opts.warmupSeconds, headers });
      const r = await autocannon({ url: `${nest.url}${path}`, connections, duration: opts.durationSeconds, headers, timeout: 10 });
      return { requestsPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
    };
    const listPath = '/api/admin/payments?page=50&limit=20&type=student_essay_payment&status=completed&payerType=student';
    const list50 = await load(listPath);
    log(`list page 50: ${list50.requestsPerSec} req/s, p99 ${list50.p99} ms`);
    const stats = await load('/api/admin/payments/stats');
    log(`stats: ${stats.requestsPerSec} req/s, p99 ${stats.p99} ms`);

    const header = ['measure', 'throughput', 'p50 (ms)', 'p99 (ms)', 'goal', 'notes'];
    const rows = [
      ['webhook replay (500 events, 20 at a time)', `${fmt(replay.eventsPerSec)} events/s`, fmt(replay.p50, 1), fmt(replay.p99, 1), 'no 5xx; bad ones 400', `${replay.ok} applied/duplicate, ${replay.refusedBad} refused, ${replay.server} 5xx, ${replay.wrong} unexpected`],
      [`GET ${listPath} (${fmt(ROWS)} rows)`, `${fmt(list50.requestsPerSec)} req/s`, fmt(list50.p50, 1), fmt(list50.p99, 1), `p99 < ${GOAL.listP99Ms} ms`, `${connections} connections, ${list50.non2xx} non-2xx`],
      ['GET /api/admin/payments/stats', `${fmt(stats.requestsPerSec)} req/s`, fmt(stats.p50, 1), fmt(stats.p99, 1), `p99 < ${GOAL.statsP99Ms} ms`, `${connections} connections, ${stats.non2xx} non-2xx`],
    ];
    const ok = replay.server === 0 && replay.wrong === 0 && list50.p99 < GOAL.listP99Ms && stats.p99 < GOAL.statsP99Ms && list50.non2xx === 0 && stats.non2xx === 0;
    const date = new Date().toISOString();
    const m = machine();
    const file = writeResult(name, { scenario: name, date, command, machine: m, settings: { ...opts, connections }, goal: GOAL, rows: ROWS, replay, list: list50, stats });
    console.log('\n' + textTable([header, ...rows]) + '\n');
    console.log(`goals ${ok ? 'met' : 'NOT met'}\n\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`; ${opts.durationSeconds} s per admin target after ${opts.warmupSeconds} s warm-up.\n`);
    console.log(markdownTable([header, ...rows]) + '\n');
    return { ok };
  } finally {
    await nest.stop();
    await stripe.stop();
  }
}

export { run_ as run };
