// Scenario `reset-flood`: sign-in latency while POST /api/auth/resetPassword is flooded with bad tokens.
// Two autocannon loads run at once against the built backend (production mode): logins by many
// distinct verified accounts, and BENCH_RESET_RATE (default 50) resets per second, each with a random token
// and a valid new password, each from its own X-Forwarded-For address (TRUST_PROXY=loopback: the bench is the proxy, on loopback) so the per-IP limit
// is not what is measured: the point is what a bad token costs. Reports login p50/p99 with and without the
// flood. Before the fix every bad reset queued an argon2 hash ahead of the logins.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadEnv, withDatabase } from '../../lib/env.mjs';
import { BENCH_DIR, fmt, machine, markdownTable, rssMiB, settings, startBackend, textTable, writeResult } from '../lib.mjs';
import { loginRequests, seedAccounts } from './login.mjs';

export const name = 'reset-flood';
export const description = 'login p50/p99 alone and while 50 req/s of bad-token resets arrive';

const require = createRequire(import.meta.url);
const RESET_RATE = Number(process.env.BENCH_RESET_RATE || 50);
const LOGIN_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 8);

/** @param {import('../lib.mjs').ScenarioContext} context */
async function run_({ log, command }) {
  const opts = settings();
  opts.connections = LOGIN_CONNECTIONS;
  mkdirSync(BENCH_DIR, { recursive: true });
  const nest = await startBackend({ log, env: { TRUST_PROXY: 'loopback' } });
  try {
    const { env } = loadEnv();
    const databaseUrl = process.env.BENCH_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_bench');
    const { emails } = await seedAccounts(databaseUrl, log);
    const autocannon = require('autocannon');
    const loginLoad = loginRequests(emails);
    /** @param {number} durationSeconds */
    const logins = (durationSeconds) =>
      autocannon({
        url: nest.url, connections: LOGIN_CONNECTIONS, duration: durationSeconds, timeout: 30,
        requests: loginLoad,
      });
    let r = 0;
    /** @param {number} durationSeconds */
    const resets = (durationSeconds) =>
      autocannon({
        url: nest.url, connections: 20, overallRate: RESET_RATE, duration: durationSeconds, timeout: 30,
        requests: [{
          method: 'POST', path: '/api/auth/resetPassword',
          setupRequest: (req) => {
            const i = r++;
            return {
              ...req,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `172.${16 + ((i >> 16) & 15)}.${(i >> 8) & 255}.${i & 255}` },
              body: JSON.stringify({ resetToken: randomBytes(32).toString('base64url'), newPassword: 'Brand-New-Kettle-9' }),
            };
          },
        }],
      });

    if (opts.warmupSeconds > 0) {
      log(`warming up ${opts.warmupSeconds} s…`);
      await logins(opts.warmupSeconds);
    }
    log(`logins alone: ${LOGIN_CONNECTIONS} connections, ${opts.durationSeconds} s…`);
    const alone = await logins(opts.durationSeconds);
    log(`logins with ${RESET_RATE} bad resets/s: ${opts.durationSeconds} s…`);
    const [flooded, flood] = await Promise.all([logins(opts.durationSeconds), resets(opts.durationSeconds)]);

    const figures = {
      alone: { loginsPerSec: Math.round(alone.requests.average), p50: alone.latency.p50, p99: alone.latency.p99, non2xx: alone.non2xx, errors: alone.errors + alone.timeouts },
      flooded: { loginsPerSec: Math.round(flooded.requests.average), p50: flooded.latency.p50, p99: flooded.latency.p99, non2xx: flooded.non2xx, errors: flooded.errors + flooded.timeouts },
      resets: {
        sent: flood.requests.total, perSec: Math.round(flood.requests.average), p50: flood.latency.p50, p99: flood.latency.p99,
        statuses: { '2xx': flood['2xx'], '4xx': flood['4xx'], '5xx': flood['5xx'] }, errors: flood.errors + flood.timeouts,
      },
      rssMiB: rssMiB(nest.pid),
    };
    const header = ['load', 'logins/s', 'login p50 (ms)', 'login p99 (ms)', 'login non-2xx', 'resets/s', 'reset p99 (ms)', 'reset 4xx / 5xx'];
    const rows = [
      ['logins alone', fmt(figures.alone.loginsPerSec), fmt(figures.alone.p50, 1), fmt(figures.alone.p99, 1), figures.alone.non2xx, '–', '–', '–'],
      [`+ ${RESET_RATE}/s bad resets`, fmt(figures.flooded.loginsPerSec), fmt(figures.flooded.p50, 1), fmt(figures.flooded.p99, 1), figures.flooded.non2xx, fmt(figures.resets.perSec), fmt(figures.resets.p99, 1), `${figures.resets.statuses['4xx']} / ${figures.resets.statuses['5xx']}`],
    ];
    const date = new Date().toISOString();
    const m = machine();
    const file = writeResult(name, { scenario: name, date, command, machine: m, settings: opts, resetRate: RESET_RATE, figures });
    console.log('\n' + textTable([header, ...rows]) + '\n');
    console.log(`Results: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`; ${LOGIN_CONNECTIONS} login connections, ${opts.durationSeconds} s per load after a ${opts.warmupSeconds} s warm-up.\n`);
    console.log(markdownTable([header, ...rows]) + '\n');
    return { ok: figures.flooded.errors === 0 && figures.flooded.non2xx === 0, data: figures };
  } finally {
    await nest.stop();
  }
}

export { run_ as run };
