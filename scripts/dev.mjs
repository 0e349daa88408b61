#!/usr/bin/env node
// `npm run dev`: the API in watch mode (node --watch, SERVE_WEB=false) and Vite on :5173 (proxying /api),
// side by side with prefixed output. Local S3 and mail catcher are started as for `npm start`.
import { spawn } from 'node:child_process';
import { ROOT, truthy } from './lib/env.mjs';
import { prettyLogLine, wantsPrettyLogs } from './lib/logs.mjs';
import { pipePrefixed, run, stopChild } from './lib/proc.mjs';
import { onShutdownSignals, prepare } from './lib/session.mjs';

/** @param {string} line */
const log = (line) => console.log(`[dev] ${line}`);
/** @param {string} code @param {string} s */
const color = (code, s) => (process.stdout.isTTY ? `\x1b[${code}m${s}\x1b[0m` : s);

async function main() {
  const { env, childEnv, services } = await prepare({ overrides: { SERVE_WEB: 'false' }, log });
  if (!childEnv.WORKERS) childEnv.WORKERS = 'inline';
  if (!childEnv.WEB_ORIGIN && !process.env.WEB_ORIGIN) childEnv.WEB_ORIGIN = 'http://localhost:5173';

  // The seed command creates the database if needed, applies the migrations, and adds the demo
  // accounts only when there are no users (idempotent); it prints the credentials.
  if (truthy(env.SEED_DEMO_DATA, true)) {
    const s = await run('npm', ['run', '--silent', 'seed', '-w', 'backend'], { env: childEnv });
    if (s.code !== 0) { log('Seeding the demo data failed (see above).'); await services.stop(); process.exit(1); }
  }

  // The API's JSON log lines, rendered for a person on a terminal (scripts/lib/logs.mjs).
  const pretty = wantsPrettyLogs({ isTTY: process.stdout.isTTY, nodeEnv: childEnv.NODE_ENV }) ? await prettyLogLine({ colorize: true }) : null;
  const children = [
    { name: 'api', prefix: color('36', '[api]'), args: ['run', 'dev', '-w', 'backend'], format: pretty ?? undefined },
    { name: 'web', prefix: color('35', '[web]'), args: ['run', 'dev', '-w', 'frontend'], format: undefined },
  ].map((c) => {
    const child = spawn('npm', c.args, { cwd: ROOT, env: { ...childEnv, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    pipePrefixed(child, c.prefix, c.format);
    return { ...c, child };
  });

  let stopping = false;
  /** @param {number} code */
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    // Signal whole process groups: npm -> node --watch -> node.
    await Promise.all(children.map(({ child }) => stopGroup(child)));
    await services.stop();
    process.exit(code);
  };
  for (const { name, child } of children) {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        log(`${name} exited (${signal || `code ${code}`}); stopping the other.`);
        shutdown(code || 1);
      }
    });
  }
  onShutdownSignals((sig, count) => {
    if (count === 1) shutdown(0);
  });
  const port = env.PORT || 3000;
  log(`Web (Vite, hot reload): http://localhost:5173   API: http://localhost:${port}/api   API docs: http://localhost:${port}/api/docs   Mail: ${env.MAIL_CATCHER_URL}`);
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stopGroup(child, graceMs = 10000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  if (!child.pid) return stopChild(child, { graceMs }); // never signal group 0: that is our own
  const group = -child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => { try { process.kill(group, 'SIGKILL'); } catch { /* gone */ } }, graceMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    try { process.kill(group, 'SIGTERM'); } catch { stopChild(child, { graceMs }).then(resolve); }
  });
}

main().catch((err) => {
  console.error(`[dev] ${err.message}`);
  process.exit(1);
});
