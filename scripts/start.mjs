#!/usr/bin/env node
// `npm start`: the whole platform on one port (API + inline workers + the built web app), with the
// local S3 endpoint and mail catcher when the configuration points at this machine.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, nodeBin, truthy } from './lib/env.mjs';
import { BACKEND_NODE_FLAGS } from './lib/node-flags.mjs';
import { buildIfStale } from './lib/build.mjs';
import { lineTransform, prettyLogLine, wantsPrettyLogs } from './lib/logs.mjs';
import { stopChild, waitForHttp } from './lib/proc.mjs';
import { onShutdownSignals, prepare } from './lib/session.mjs';

/** @param {string} line */
const log = (line) => console.log(`[redpen] ${line}`);

async function main() {
  const { env, childEnv, services } = await prepare({ log });
  // What `npm start` means, unless .env or the environment says otherwise.
  childEnv.SERVE_WEB ??= 'true';
  childEnv.WORKERS ??= 'inline';

  /** @type {import('node:child_process').ChildProcess | undefined} */
  let backend;
  let stopping = false;
  /** @param {number} code */
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    if (backend) await stopChild(backend, { graceMs: 20000 });
    await services.stop();
    process.exit(code);
  };
  onShutdownSignals((sig, count) => {
    if (count === 1) {
      log(`${sig}: stopping (draining requests and workers)…`);
      shutdown(0);
    } else if (count >= 3 && backend) {
      log('Forcing the stop.');
      try { backend.kill('SIGKILL'); } catch { /* gone */ }
    }
  });

  try {
    await buildIfStale(['frontend', 'backend'], { env: childEnv, log });
  } catch (err) {
    log(err.message);
    return shutdown(1);
  }

  // The backend itself creates the database if needed, applies the migrations and, with SEED_DEMO_DATA,
  // adds the demo accounts to an empty database, printing them (DB_MIGRATE_ON_START, main.ts).
  if (stopping) return;

  const port = Number(env.PORT || 3000);
  // JSON log lines, rendered for a person on a terminal (scripts/lib/logs.mjs).
  const pretty = wantsPrettyLogs({ isTTY: process.stdout.isTTY, nodeEnv: childEnv.NODE_ENV }) ? await prettyLogLine({ colorize: true }) : null;
  const child = spawn(nodeBin(), [...BACKEND_NODE_FLAGS, join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: join(ROOT, 'backend'),
    env: childEnv,
    stdio: ['inherit', pretty ? 'pipe' : 'inherit', 'inherit'],
    detached: true, // own process group: Ctrl-C reaches this script, which forwards one SIGTERM
  });
  backend = child;
  if (pretty) child.stdout?.pipe(lineTransform(pretty)).pipe(process.stdout);
  process.on('exit', () => { if (child.exitCode === null) try { child.kill('SIGKILL'); } catch { /* gone */ } });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`The backend exited (${signal || `code ${code}`}).`);
      shutdown(code || 1);
    }
  });

  const base = `http://127.0.0.1:${port}`;
  try {
    const ready = await waitForHttp(`${base}/api/health/ready`, { timeoutMs: 120000, child, name: 'The backend' });
    const web = `http://localhost:${port}`;
    const lines = [
      '',
      `Redpen is running (ready: ${JSON.stringify(ready?.checks ?? ready)})`,
      `  App          ${web}${truthy(env.SERVE_WEB, true) ? '' : '  (SERVE_WEB=false: the API only)'}`,
      // The backend's defaults (config/env.schema.ts): on outside production unless the variable says otherwise.
      `  API docs     ${web}/api/docs${truthy(childEnv.API_DOCS_ENABLED, childEnv.NODE_ENV !== 'production') ? '' : '  (off: set API_DOCS_ENABLED=true)'}`,
      `  Bull Board   ${web}/api/admin/queues${truthy(childEnv.BULL_BOARD_ENABLED, childEnv.NODE_ENV !== 'production') ? '' : '  (off: set BULL_BOARD_ENABLED=true)'}`,
      `  Mail inbox   ${env.MAIL_CATCHER_URL}`,
      '  Stop with Ctrl-C.',
      '',
    ];
    console.log(lines.join('\n'));
  } catch (err) {
    if (!stopping) log(`${err.message}. The backend keeps running; check its log above.`);
  }
}

main().catch((err) => {
  console.error(`[redpen] ${err.message}`);
  process.exit(1);
});
