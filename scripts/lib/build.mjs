// Builds the workspaces when their output is missing or older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './env.mjs';
import { run, formatMs } from './proc.mjs';

const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.tanstack', 'e2e']);

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (SKIP.has(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export const WORKSPACES = {
  frontend: {
    output: join(ROOT, 'frontend', 'dist', 'index.html'),
    // The bundle includes the shared rules (shared/src, imported as @redpen/shared/…).
    sources: [...['src', 'public', 'index.html', 'vite.config.ts', 'vite.config.mts', 'tsconfig.json', 'package.json'].map((p) => join(ROOT, 'frontend', p)), join(ROOT, 'shared', 'src')],
  },
  backend: {
    output: join(ROOT, 'backend', 'dist', 'main.js'),
    sources: ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((p) => join(ROOT, 'backend', p)),
  },
};

/** @typedef {keyof typeof WORKSPACES} Workspace */

/**
 * Why `name` needs a build, or null when its output is up to date.
 * @param {Workspace} name
 */
export function buildReason(name) {
  const ws = WORKSPACES[name];
  if (!existsSync(ws.output)) return `${ws.output.replace(ROOT + '/', '')} is missing`;
  const out = statSync(ws.output).mtimeMs;
  const src = Math.max(...ws.sources.map(newestMtime));
  return src > out ? 'sources changed since the last build' : null;
}

/**
 * Builds each named workspace that is stale (or all of them with force). Throws on a failed build.
 * @param {Workspace[]} names
 * @param {{ env?: NodeJS.ProcessEnv, force?: boolean, log?: (line: string) => void }} [options]
 */
export async function buildIfStale(names, { env, force = false, log = console.log } = {}) {
  for (const name of names) {
    const reason = force ? 'forced' : buildReason(name);
    if (!reason) continue;
    log(`Building ${name} (${reason})…`);
    const { code, ms } = await run('npm', ['run', 'build', '-w', name], { env });
    if (code !== 0) throw new Error(`npm run build -w ${name} failed (exit ${code})`);
    log(`Built ${name} in ${formatMs(ms)}.`);
  }
}
