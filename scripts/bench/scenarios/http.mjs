// Scenario `http`: GET /api/health and GET /api/bench/json through the whole Nest stack (production
// pipes, filters, guards, request logging to a file), side by side with a bare node:http server that
// returns the same bytes: body, content-type and the other headers the backend sends (security headers,
// request id). Goal: Nest >= 70 % of bare requests/s, p99 <= 25 ms at 100
// connections.
import { sleep } from '../../lib/proc.mjs';
import { fetchOnce, fmt, loadTest, machine, markdownTable, medianRun, rssMiB, settings, startBackend, startBareServer, textTable, writeResult } from '../lib.mjs';

export const name = 'http';
export const description = 'Nest (Fastify) vs bare node:http: GET /api/health and /api/bench/json';

// The JSON endpoint: BENCH_JSON_PATH, else /api/bench/json, else GET /api (the API's info object).
const JSON_CANDIDATES = process.env.BENCH_JSON_PATH ? [process.env.BENCH_JSON_PATH] : ['/api/bench/json', '/api'];
const GOAL = { minRatio: 0.7, maxP99Ms: 25 };

export async function run({ log, command }) {
  const opts = settings();
  log(`${opts.connections} connections, ${opts.durationSeconds} s per target (+${opts.warmupSeconds} s warm-up), ${opts.rounds} round(s), loopback only`);
  const nest = await startBackend({ log });
  let bare;
  try {
    const responses = {};
    const missing = [];
    const health = await fetchOnce(nest.url + '/api/health');
    if (health.status !== 200) throw new Error(`GET /api/health on the backend answered ${health.status}`);
    responses['/api/health'] = health;
    for (const path of JSON_CANDIDATES) {
      const r = await fetchOnce(nest.url + path);
      if (r.status === 200 && /json/.test(r.contentType || '')) {
        responses[path] = r;
        break;
      }
      log(`GET ${path} on the backend answered ${r.status} ${r.contentType || ''}: not a JSON endpoint to measure`);
    }
    if (Object.keys(responses).length < 2) missing.push(JSON_CANDIDATES.join(' or '));
    const paths = Object.keys(responses);
    if (!paths.length) throw new Error('no path to measure');
    bare = await startBareServer(responses);
    for (const path of paths) {
      const b = await fetchOnce(bare.url + path);
      if (!b.body.equals(responses[path].body) || b.contentType !== responses[path].contentType) throw new Error(`the bare server's ${path} differs from the backend's`);
    }
    const memory = { nestIdleMiB: rssMiB(nest.pid), bareIdleMiB: rssMiB(bare.pid) };

    // Warm every target up once, then measure in interleaved rounds (bare, Nest, bare, Nest, …) so a
    // slow moment of the machine does not land on one target only; report each target's median round.
    const targets = [];
    for (const path of paths) for (const [target, server] of [['bare node:http', bare], ['Nest + Fastify', nest]]) targets.push({ target, path, url: server.url + path });
    if (opts.warmupSeconds > 0) {
      log(`warming up (${opts.warmupSeconds} s per target)…`);
      for (const t of targets) await loadTest(t.url, { ...opts, durationSeconds: opts.warmupSeconds });
    }
    const runs = new Map(targets.map((t) => [t, []]));
    for (let round = 1; round <= opts.rounds; round++) {
      for (const t of targets) {
        log(`round ${round}/${opts.rounds}: ${t.target} ${t.path}…`);
        runs.get(t).push(await loadTest(t.url, opts));
        await sleep(300);
      }
    }
    const results = targets.map((t) => {
      return { target: t.target, path: t.path, bytes: responses[t.path].body.length, ...medianRun(runs.get(t)) };
    });
    memory.nestAfterMiB = rssMiB(nest.pid);
    memory.bareAfterMiB = rssMiB(bare.pid);

    for (const r of results) {
      const base = results.find((x) => x.path === r.path && x.target === 'bare node:http');
      r.ratio = Number((r.requestsPerSec / base.requestsPerSec).toFixed(3));
    }
    const nestRows = results.filter((r) => r.target !== 'bare node:http');
    const goals = nestRows.map((r) => ({
      path: r.path,
      ratio: r.ratio,
      p99: r.p99,
      ratioOk: r.ratio >= GOAL.minRatio,
      p99Ok: r.p99 <= GOAL.maxP99Ms,
      clean: r.errors === 0 && r.non2xx === 0 && r.timeouts === 0,
    }));

    const header = ['target', 'path', 'requests/s', 'p50 (ms)', 'p99 (ms)', 'ratio to bare', 'errors / non-2xx'];
    if (opts.rounds > 1) header.push('rounds (req/s)');
    const rows = results.map((r) => [
      r.target,
      r.path,
      fmt(r.requestsPerSec),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      `${fmt(r.ratio * 100, 1)} %`,
      `${r.errors + r.timeouts} / ${r.non2xx}`,
      ...(opts.rounds > 1 ? [r.rounds.map((x) => fmt(x)).join(', ')] : []),
    ]);
    const date = new Date().toISOString();
    const m = machine();
    const data = { scenario: name, date, command, machine: m, settings: opts, goal: GOAL, memory, results, goals, notMeasured: missing };
    const file = writeResult(name, data);

    console.log('\n' + textTable([header, ...rows]) + '\n');
    for (const g of goals) {
      console.log(`${g.path}: ${fmt(g.ratio * 100, 1)} % of bare (goal ≥ ${GOAL.minRatio * 100} %) ${g.ratioOk ? 'met' : 'NOT met'}; p99 ${fmt(g.p99, 1)} ms (goal ≤ ${GOAL.maxP99Ms} ms) ${g.p99Ok ? 'met' : 'NOT met'}${g.clean ? '' : '; ERRORS or non-2xx answers'}`);
    }
    console.log(`memory (RSS): Nest ${memory.nestIdleMiB} MiB idle, ${memory.nestAfterMiB} MiB after load; bare ${memory.bareIdleMiB} → ${memory.bareAfterMiB} MiB`);
    console.log(`\nResults: ${file}\n\nMarkdown for docs/benchmarks.md:\n`);
    console.log(`${date.slice(0, 10)}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; \`${command}\`; ${opts.connections} connections, ${opts.durationSeconds} s per target after a ${opts.warmupSeconds} s warm-up, ${opts.rounds} interleaved round(s), median shown; autocannon on the same machine.\n`);
    console.log(markdownTable([header, ...rows]));
    console.log('');
    if (missing.length) console.log(`Not measured (the backend did not answer 200): ${missing.join(', ')}`);
    return { ok: goals.every((g) => g.clean) && missing.length === 0, data };
  } finally {
    await bare?.stop();
    await nest.stop();
  }
}
