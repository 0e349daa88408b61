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
  'TS2459', // Module declares … locally, but it is not exported
  'TS1192', // Module has no default export
  'TS2613', // Module has no default export. Did you mean a named import?
  'TS2834', // Relative import paths need explicit file extensions
  'TS2835', // Relative import paths need explicit file extensions. Did you mean …?
]);

const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'scripts', 'tsconfig.json')], {
  cwd: ROOT,
  encoding: 'utf8',
});
if (result.error) throw result.error;
const output = `${result.stdout}${result.stderr}`;
const problems = output.split('\n').filter((line) => [...ALWAYS_BUGS].some((code) => line.includes(`error ${code}:`)));
// tsc exits non-zero for the loose typing it reports in the files; an error with no file position (a missing
// or broken tsconfig, no input files) means it checked nothing.
if (result.status !== 0 && !/\(\d+,\d+\): error TS\d+:/.test(output)) {
  console.error(`scripts: tsc failed without checking them (exit ${result.status}):\n${output}`);
  process.exit(1);
}
if (problems.length) {
  console.error(`scripts: ${problems.length} undefined name(s) or broken import(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('scripts: every name and import resolves');
