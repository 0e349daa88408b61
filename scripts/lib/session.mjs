// The steps `npm start`, `npm run dev` and `npm test` share before they run anything.
import { loadEnv } from './env.mjs';
import { ensureLocalServices, requireDatabaseServices } from '../local-services.mjs';

/**
 * Loads the configuration, checks PostgreSQL and Redis (one line and exit 1 when one is not usable),
 * creates the database when asked, and starts s3rver / maildev when the configuration points at this
 * machine and nothing listens there. Resolves { env, childEnv, services }.
 * @param {{ overrides?: Record<string, string>, createDatabase?: boolean, log?: (line: string) => void }} [options]
 */
export async function prepare({ overrides = {}, createDatabase = true, log = console.log } = {}) {
  const loaded = loadEnv();
  const env = { ...loaded.env, ...overrides };
  const childEnv = { ...loaded.childEnv, ...overrides };
  await requireDatabaseServices(env, { createDatabase, log });
  let services;
  try {
    services = await ensureLocalServices({ env, detached: false, log });
  } catch (err) {
    process.stderr.write(err.message + '\n');
    process.exit(1);
  }
  return { env, childEnv, services };
}

/**
 * Installs SIGINT/SIGTERM/SIGHUP handlers that call `onSignal(signal, count)`.
 * @param {(signal: NodeJS.Signals, count: number) => void} onSignal
 */
export function onShutdownSignals(onSignal) {
  let count = 0;
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(sig, () => {
      count += 1;
      onSignal(sig, count);
    });
  }
}
