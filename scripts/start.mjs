#!/usr/bin/env node
// `npm start`: the whole platform on one port (API + inline workers + the built web app), with the
// local S3 endpoint and mail catcher when the configuration points at this machine.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, nodeBin, truthy } from './lib/env.mjs';
import { buildIfStale } from './lib/build.mjs';
import { stopChild, waitForHttp } from './lib/proc.mjs';
import { onShutdownSignals, prepare } from './lib/session.mjs';

const log = (line) => console.log(`[redpen] ${line}`);

async function main() {
  const { env, childEnv, services } = await prepare({ log });
  // What `npm start` means, unless .env or the environment says otherwise.
  childEnv.SERVE_WEB ??= 'true';
  childEnv.WORKERS ??= 'inline';

  let backend;
  let stopping = false;
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
  backend = spawn(nodeBin(), [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: join(ROOT, 'backend'),
    env: childEnv,
    stdio: 'inherit',
    detached: true, // own process group: Ctrl-C reaches this script, which forwards one SIGTERM
  });
  process.on('exit', () => { if (backend.exitCode === null) try { backend.kill('SIGKILL'); } catch { /* gone */ } });
  backend.once('exit', (code, signal) => {
    if (!stopping) {
      log(`The backend exited (${signal || `code ${code}`}).`);
      shutdown(code || 1);
    }
  });

  const base = `http://127.0.0.1:${port}`;
  try {
    const ready = await waitForHttp(`${base}/api/health/ready`, { timeoutMs: 120000, child: backend, name: 'The backend' });
    const web = `http://localhost:${port}`;
    const lines = [
      '',
      `Redpen is running (ready: ${JSON.stringify(ready?.checks ?? ready)})`,
      `  App          ${web}${truthy(env.SERVE_WEB, true) ? '' : '  (SERVE_WEB=false: the API only)'}`,
      `  API docs     ${web}/api/docs`,
      `  Bull Board   ${web}/api/admin/queues${truthy(env.BULL_BOARD_ENABLED) ? '' : '  (off: set BULL_BOARD_ENABLED=true)'}`,
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
