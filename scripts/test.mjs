#!/usr/bin/env node
// `npm test`: every test of the project, in order, stopping at the first failure.
//   1. scripts     consistency checks and the boundary rules' own tests (node --test scripts/*.test.mjs)
//   2. lint        ESLint over the whole tree, import boundaries included (eslint.config.js)
//   3. typecheck   backend, frontend and scripts, tests included (vitest and the build only strip types)
//   4. backend unit (jest)
//   5. backend e2e (jest + supertest against PostgreSQL, Redis, the S3 endpoint and the mail catcher)
//   6. frontend    component tests (vitest)
//   7. build       frontend and backend
//   8. browser     journeys in chromium against the built platform (frontend/e2e)
// Steps 4–5 (the backend lane) and 6–8 (the web lane) run side by side, each lane in order: the backend's tests
// mostly wait on PostgreSQL, Redis and the mail catcher while vitest, the build and chromium use the CPU. Each lane
// has its own databases and Redis keyspaces. Their lines are prefixed with the lane's name. TEST_SERIAL=1 runs
// every step one after another, unprefixed.
// Options: --only <step>[,<step>]  --from <step>   (step names: scripts, lint, typecheck, backend-unit,
//          backend-e2e, frontend, build, browser)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, withDatabase } from './lib/env.mjs';
import { formatMs, run, stopChild } from './lib/proc.mjs';
import { stagesOf } from './lib/stages.mjs';
import { onShutdownSignals, prepare } from './lib/session.mjs';

const STEP_TIMEOUT_MS = 20 * 60 * 1000;

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ only: string[] | null, from: string | null }} */
  const opts = { only: null, from: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') opts.only = argv[++i].split(',');
    else if (argv[i] === '--from') opts.from = argv[++i];
    else if (argv[i].startsWith('--only=')) opts.only = argv[i].slice(7).split(',');
    else if (argv[i].startsWith('--from=')) opts.from = argv[i].slice(7);
    else throw new Error(`Unknown argument ${argv[i]}`);
  }
  return opts;
}

/** @typedef {import('./lib/stages.mjs').Step} Step */

/** @returns {Step[]} */
function steps() {
  const scriptTests = readdirSync(join(ROOT, 'scripts')).filter((f) => f.endsWith('.test.mjs')).map((f) => join('scripts', f));
  const node = process.execPath;
  return [
    { name: 'scripts', title: 'scripts and configuration checks', cmd: node, args: ['--test', ...scriptTests], needsServices: false },
    { name: 'lint', title: 'lint (ESLint, import boundaries)', cmd: 'npm', args: ['run', 'lint'], needsServices: false },
    { name: 'typecheck', title: 'typecheck (backend, frontend, scripts)', cmd: 'npm', args: ['run', 'typecheck'], needsServices: false },
    { name: 'backend-unit', title: 'backend unit tests', cmd: 'npm', args: ['run', 'test:unit', '-w', 'backend'], lane: 'backend' },
    { name: 'backend-e2e', title: 'backend end-to-end tests', cmd: 'npm', args: ['run', 'test:e2e', '-w', 'backend'], lane: 'backend' },
    { name: 'frontend', title: 'frontend component tests', cmd: 'npm', args: ['run', 'test', '-w', 'frontend'], needsServices: false, lane: 'web' },
    { name: 'build', title: 'build frontend and backend', cmd: 'npm', args: ['run', 'build'], needsServices: false, lane: 'web' },
    { name: 'browser', title: 'browser journeys (chromium)', cmd: 'npm', args: ['run', 'test:e2e', '-w', 'frontend'], lane: 'web' },
  ];
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let plan = steps();
  const names = plan.map((s) => s.name);
  for (const n of [...(opts.only || []), ...(opts.from ? [opts.from] : [])]) {
    if (!names.includes(n)) throw new Error(`Unknown step "${n}". Steps: ${names.join(', ')}`);
  }
  if (opts.from) plan = plan.slice(names.indexOf(opts.from));
  const only = opts.only;
  if (only) plan = plan.filter((s) => only.includes(s.name));

  const started = Date.now();
  /** @type {(Step & { ok: boolean, ms: number, stopped?: boolean })[]} */
  const results = [];
  /** @type {Step | null} */
  let failed = null;
  let services = { stop: async () => {} };
  let childEnv = { ...process.env };
  /** The steps' processes now running (two while the lanes run side by side). */
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const running = new Set();
  onShutdownSignals(async (sig, count) => {
    if (count > 1) return;
    console.error(`\n${sig}: stopping the tests…`);
    // A terminal's Ctrl-C reaches the whole process group; a plain kill of this process does not.
    await Promise.all([...running].map((c) => stopChild(c, { graceMs: 10000 })));
    await services.stop();
    process.exit(130);
  });

  /** @param {boolean} ok */
  const summary = (ok) => {
    console.log('\n── npm test summary ─────────────────────────────────────────');
    for (const r of results) console.log(`  ${r.ok ? 'ok  ' : r.stopped ? 'stop' : 'FAIL'}  ${r.title.padEnd(34)} ${formatMs(r.ms)}`);
    const skipped = plan.length - results.length;
    console.log(
      ok
        ? `npm test: all ${results.length} step${results.length === 1 ? "" : "s"} succeeded in ${formatMs(Date.now() - started)}`
        : `npm test: step "${failed?.name}" failed after ${formatMs(Date.now() - started)}${skipped ? ` (${skipped} later step(s) not run)` : ''}`,
    );
  };

  if (plan.some((s) => s.needsServices !== false)) {
    const prepared = await prepare({ createDatabase: false, log: (l) => console.log(`[services] ${l}`) });
    services = prepared.services;
    const env = prepared.env;
    childEnv = {
      ...prepared.childEnv,
      TEST_DATABASE_URL: prepared.childEnv.TEST_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_test'),
      E2E_DATABASE_URL: prepared.childEnv.E2E_DATABASE_URL || withDatabase(env.DATABASE_URL, 'redpen_e2e'),
      REDIS_URL: env.REDIS_URL,
      S3_ENDPOINT: env.S3_ENDPOINT,
      SMTP_HOST: env.SMTP_HOST,
      SMTP_PORT: env.SMTP_PORT,
      MAIL_CATCHER_URL: env.MAIL_CATCHER_URL,
    };
  }

  /**
   * Runs one step (its lines prefixed with the lane's name when lanes run side by side); on a failure, stops
   * the other lane's step, which is then reported as stopped rather than failed.
   * @param {Step} step @param {string | undefined} prefix
   */
  const runStep = async (step, prefix) => {
    console.log(`\n${prefix ? `${prefix} ` : ''}▶ ${step.title}: ${step.cmd === process.execPath ? 'node' : step.cmd} ${step.args.join(' ')}`);
    /** @type {import('node:child_process').ChildProcess | undefined} */
    let child;
    const { code, ms } = await run(step.cmd, step.args, {
      env: childEnv,
      timeoutMs: STEP_TIMEOUT_MS,
      prefix,
      onSpawn: (c) => running.add((child = c)),
    });
    if (child) running.delete(child);
    const ok = code === 0;
    results.push({ ...step, ok, ms, stopped: !ok && failed !== null });
    if (!ok && !failed) {
      failed = step;
      await Promise.all([...running].map((c) => stopChild(c, { graceMs: 5000 })));
    }
    return ok ? 0 : code || 1;
  };

  let exitCode = 0;
  for (const stage of stagesOf(plan, { serial: process.env.TEST_SERIAL === '1' })) {
    if (stage.length === 1) {
      exitCode = await runStep(stage[0][0], undefined);
    } else {
      const codes = await Promise.all(
        stage.map(async (lane) => {
          for (const step of lane) {
            if (failed) return 1;
            const code = await runStep(step, `[${step.lane}]`);
            if (code !== 0) return code;
          }
          return 0;
        }),
      );
      exitCode = codes.find((c) => c !== 0) ?? 0;
    }
    if (exitCode !== 0) break;
  }
  await services.stop();
  summary(exitCode === 0);
  if (exitCode !== 0) process.exit(exitCode);
}

main().catch((err) => {
  console.error(`npm test: ${err.message}`);
  process.exit(1);
});
