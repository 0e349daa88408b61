#!/usr/bin/env node
// `npm run bench [-- <scenario>|all|--list]`: runs benchmark scenarios from scripts/bench/scenarios/.
// A scenario is a module exporting `name`, `description` and `async run({ log, command })`; add a file
// there to add one. Settings via environment: BENCH_DURATION (s per target, default 10), BENCH_WARMUP
// (s, default 3), BENCH_CONNECTIONS (default 100), BENCH_ROUNDS (default 1), BENCH_PIPELINING (default 1).
// Results: .data/bench/<scenario>.json. Every load goes to loopback only and is bounded in time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/env.mjs';

const DIR = join(ROOT, 'scripts', 'bench', 'scenarios');

async function loadScenarios() {
  const out = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.mjs')).sort()) {
    const mod = await import(pathToFileURL(join(DIR, file)).href);
    if (mod.name && typeof mod.run === 'function') out.push(mod);
  }
  return out;
}

async function main() {
  const arg = process.argv[2] || 'http';
  const scenarios = await loadScenarios();
  if (arg === '--list' || arg === 'list') {
    for (const s of scenarios) console.log(`${s.name.padEnd(10)} ${s.description}`);
    return 0;
  }
  const chosen = arg === 'all' ? scenarios : scenarios.filter((s) => s.name === arg);
  if (!chosen.length) {
    console.error(`Unknown scenario "${arg}". Scenarios: ${scenarios.map((s) => s.name).join(', ')}, all`);
    return 2;
  }
  const scenarioKnobs = Object.keys(process.env).filter((k) => k.startsWith('BENCH_ESSAYS_') || k.startsWith('BENCH_TUTORING_') || k.startsWith('BENCH_WEB_') || k.startsWith('BENCH_CHAT_') || k.startsWith('BENCH_CLUSTER_') || k === 'BENCH_SERVER_NODE_OPTIONS').sort();
  const envPrefix = [...new Set(['BENCH_DURATION', 'BENCH_WARMUP', 'BENCH_CONNECTIONS', 'BENCH_ROUNDS', 'BENCH_PIPELINING', 'BENCH_CHAT_CLIENTS', 'BENCH_CHAT_RATE', 'BENCH_CHAT_DURATION', ...scenarioKnobs])]
    .filter((k) => process.env[k])
    .map((k) => `${k}=${process.env[k]} `)
    .join('');
  let ok = true;
  for (const s of chosen) {
    const command = `${envPrefix}npm run bench -- ${s.name}`;
    console.log(`\n=== bench: ${s.name} — ${s.description}`);
    const result = await s.run({ log: (/** @type {string} */ l) => console.log(`[bench:${s.name}] ${l}`), command });
    ok &&= result?.ok !== false;
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`bench: ${err.message}`);
    process.exit(1);
  },
);
