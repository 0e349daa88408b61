#!/usr/bin/env node
// The .mjs scripts (npm start/test, benchmarks, the prerender, the browser-journey runner) are plain
// JavaScript: nothing checks them until they run, and a benchmark may run once a month. tsc reads them with
// checkJs, and this fails on the errors that are always bugs — a name that is not defined or not imported,
// an import of a file or export that does not exist — while leaving the loose typing of plain JS alone.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/env.mjs';

const ALWAYS_BUGS = new Set([
  'TS2304', // Cannot find name
  'TS2552', // Cannot find name … Did you mean …
  'TS2305', // Module has no exported member
  'TS2724', // … has no exported member named … Did you mean …
  'TS2307', // Cannot find module
  'TS2614', // Module has no exported member (default vs named)
]);

const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'scripts', 'tsconfig.json')], {
  cwd: ROOT,
  encoding: 'utf8',
});
const problems = `${result.stdout}${result.stderr}`.split('\n').filter((line) => [...ALWAYS_BUGS].some((code) => line.includes(`error ${code}:`)));
if (result.error) throw result.error;
if (problems.length) {
  console.error(`scripts: ${problems.length} undefined name(s) or broken import(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('scripts: every name and import resolves');
