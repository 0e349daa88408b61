// Scenario `http-gc`: what decides GET /api/auth/me's p99, one fresh API process at a time. A process
// used to settle in one of two young-generation states for its whole life (docs/benchmarks.md, "seventh session"):
// in one, each request's objects die young; in the other, every scavenge promotes the HTTP objects of the requests
// it finds (~5 KB each), the old generation fills in a second or two and its full collections pause the API for
// 15–25 ms, which is the p99. The second was V8's allocation-site pretenuring, now turned off
// (backend/src/infra/v8-flags.ts, "eighth session"); this scenario is how to see that no process falls into it
// again. One `npm run bench -- http` measures one process, so its p99 is a draw; this
// scenario starts BENCH_GC_PROCESSES (default 8) in turn, each pinned like `http` and traced with
// `--trace-gc-nvp`, and reports for each its p99 beside what its collector did, then how many processes fell
// into the promoting state. BENCH_SERVER_NODE_OPTIONS adds flags to try (say `--max-semi-space-size=8`).
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fmt, loadTest, machine, markdownTable, median, nodeFlagsFromEnv, pinLoadGenerator, pinning, settings, startBackend, textTable, writeResult } from '../lib.mjs';
import { AUTH_PATH, GOAL, signedInHeaders } from './http.mjs';

export const name = 'http-gc';
export const description = 'fresh API processes under GET /api/auth/me: p99 beside each one\'s young-generation state';

const PROCESSES = Math.max(1, Number(process.env.BENCH_GC_PROCESSES || 8));
/** Median bytes promoted per scavenge above which a process is counted as promoting what it serves. */
const PROMOTING_BYTES = 64 * 1024;

/**
 * What `--trace-gc-nvp` wrote to `logPath` from byte `start` on: per scavenge the bytes promoted and the young
 * generation's capacity, and the pause of every collection by kind.
 * @param {string} logPath
 * @param {number} start
 */
async function collectorTrace(logPath, start) {
  /** @type {number[]} */ const promoted = [];
  /** @type {number[]} */ const capacity = [];
  let scavenges = 0;
  let fullCollections = 0;
  let longestPauseMs = 0;
  for await (const line of createInterface({ input: createReadStream(logPath, { start }), crlfDelay: Infinity })) {
    const kind = / gc=(\w+) /.exec(line)?.[1];
    if (!kind) continue;
    longestPauseMs = Math.max(longestPauseMs, Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? 0));
    if (kind === 's') {
      scavenges++;
      promoted.push(Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0));
      capacity.push(Number(/ new_space_capacity=(\d+)/.exec(line)?.[1] ?? 0));
    } else if (kind === 'mc' || kind === 'ms' || kind === 'mmc') {
      fullCollections++;
    }
  }
  return { scavenges, promotedPerScavenge: promoted.length ? median(promoted) : 0, youngCapacity: capacity.length ? median(capacity) : 0, fullCollections, longestPauseMs };
}

/** @param {import('../lib.mjs').ScenarioContext} context */
export async function run({ log, command }) {
  const opts = settings();
  const pin = pinning();
  pinLoadGenerator(pin);
  log(`${PROCESSES} processes in turn, each: ${opts.warmupSeconds} s warm-up, ${opts.durationSeconds} s of ${AUTH_PATH} at ${opts.connections} connections; ${pin ? 'pinned' : 'not pinned'}`);
  const processes = [];
  for (let i = 1; i <= PROCESSES; i++) {
    const nest = await startBackend({ log, pin, nodeFlags: ['--trace-gc-nvp'] });
    let result;
    let traceFrom;
    try {
      const headers = await signedInHeaders(nest.url);
      if (opts.warmupSeconds > 0) await loadTest(nest.url + AUTH_PATH, { ...opts, headers, durationSeconds: opts.warmupSeconds });
      traceFrom = statSync(nest.logPath).size;
      result = await loadTest(nest.url + AUTH_PATH, { ...opts, headers });
    } finally {
      await nest.stop();
    }
    if (result.non2xx || result.errors || result.timeouts) throw new Error(`process ${i}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    const gc = await collectorTrace(nest.logPath, traceFrom);
    const promoting = gc.promotedPerScavenge > PROMOTING_BYTES;
    processes.push({ process: i, ...result, ...gc, requestsPerScavenge: gc.scavenges ? Math.round(result.totalRequests / gc.scavenges) : null, promoting });
    log(`process ${i}: p99 ${result.p99} ms, ${fmt(gc.promotedPerScavenge / 1024, 1)} KiB promoted per scavenge${promoting ? ' (promoting)' : ''}`);
  }

  const header = ['process', 'requests/s', 'p50 (ms)', 'p99 (ms)', 'young generation (MiB)', 'requests per scavenge', 'promoted per scavenge (KiB)', 'full collections', 'longest pause (ms)', 'state'];
  const rows = processes.map((p) => [
    p.process, fmt(p.requestsPerSec), fmt(p.p50, 1), fmt(p.p99, 1), fmt(p.youngCapacity / 2 ** 20, 1), p.requestsPerScavenge ?? '-',
    fmt(p.promotedPerScavenge / 1024, 1), p.fullCollections, fmt(p.longestPauseMs, 1), p.promoting ? 'promoting' : 'dying young',
  ]);
  /** @param {typeof processes} group */
  const p99s = (group) => {
    const values = group.map((p) => p.p99);
    return values.length ? `p99 ${fmt(median(values), 1)} ms median (${fmt(Math.min(...values), 1)}–${fmt(Math.max(...values), 1)})` : '';
  };
  const promoting = processes.filter((p) => p.promoting);
  const young = processes.filter((p) => !p.promoting);
  const overGoal = processes.filter((p) => p.p99 > GOAL.maxP99Ms).length;
  const summary =
    `${promoting.length} of ${processes.length} processes promoting${promoting.length ? ` (${p99s(promoting)})` : ''}` +
    `${young.length ? `; ${young.length} dying young (${p99s(young)})` : ''}; p99 over the ${GOAL.maxP99Ms} ms goal in ${overGoal} of ${processes.length}`;

  const date = new Date().toISOString();
  const m = machine();
  const flags = nodeFlagsFromEnv('BENCH_SERVER_NODE_OPTIONS').join(' ');
  const file = writeResult(name, { scenario: name, date, command, machine: m, settings: opts, pinning: pin, extraNodeFlags: flags, processes, summary });
  console.log('\n' + textTable([header, ...rows]) + '\n');
  console.log(summary);
  console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
  console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; \`${command}\`${flags ? ` with BENCH_SERVER_NODE_OPTIONS="${flags}"` : ''}; ${opts.connections} connections, ${opts.durationSeconds} s per process after ${opts.warmupSeconds} s of warm-up.\n`);
  console.log(markdownTable([header, ...rows]));
  console.log(`\n${summary}\n`);
}
