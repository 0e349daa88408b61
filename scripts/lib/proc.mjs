// Process and network helpers for the root scripts (no dependencies).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { ROOT, withBinOnPath } from './env.mjs';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves true when a TCP connection to host:port succeeds within timeoutMs.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    /** @param {boolean} ok */
    const done = (ok) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Waits until host:port accepts connections; throws a one-line error after timeoutMs.
 * @param {string} host
 * @param {number} port
 * @param {{ timeoutMs?: number, name?: string, child?: ChildProcess }} [options]
 */
export async function waitForPort(host, port, { timeoutMs = 20000, name = `${host}:${port}`, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before listening on ${host}:${port}`);
    if (await isPortOpen(host, port, 500)) return;
    await sleep(200);
  }
  throw new Error(`${name} did not start listening on ${host}:${port} within ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Polls an HTTP URL until it answers with a 2xx; returns the parsed body (JSON if possible).
 * @param {string} url
 * @param {{ timeoutMs?: number, name?: string, child?: ChildProcess }} [options]
 * @returns {Promise<any>}
 */
export async function waitForHttp(url, { timeoutMs = 60000, child, name = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before ${url} was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const text = await res.text();
      if (res.ok) {
        try { return JSON.parse(text); } catch { return text; }
      }
      last = `HTTP ${res.status} ${text.slice(0, 300)}`;
    } catch (err) {
      last = err.cause?.code || err.message;
    }
    await sleep(500);
  }
  throw new Error(`${name}: ${url} was not ready within ${Math.round(timeoutMs / 1000)} s (last answer: ${last})`);
}

/**
 * A free TCP port on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Runs a command to completion with inherited stdio (or a line prefix) and a time bound.
 * Resolves { code, signal, ms }; never rejects on a non-zero exit.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, prefix?: string, timeoutMs?: number,
 *   stdio?: import('node:child_process').StdioOptions, onSpawn?: (child: ChildProcess) => void }} [options]
 * @returns {Promise<{ code: number, signal: NodeJS.Signals | null, ms: number, timedOut: boolean }>}
 */
export function run(cmd, args, { env = process.env, cwd = ROOT, prefix, timeoutMs = 0, stdio, onSpawn } = {}) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...env, PATH: withBinOnPath(env.PATH) },
      stdio: stdio || (prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit'),
    });
    if (prefix) pipePrefixed(child, prefix);
    onSpawn?.(child);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    let timedOut = false;
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        timedOut = true;
        process.stderr.write(`\n${cmd} ${args.join(' ')} exceeded ${Math.round(timeoutMs / 1000)} s: stopping it\n`);
        stopChild(child, { graceMs: 5000 });
      }, timeoutMs);
    }
    child.once('error', (err) => { clearTimeout(timer); reject(err); });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: timedOut ? 124 : code ?? 1, signal, ms: Date.now() - started, timedOut });
    });
  });
}

/**
 * Copies a child's stdout/stderr to ours, each line prefixed; `format` renders each stdout line first (it may
 * return several lines, each gets the prefix).
 * @param {ChildProcess} child
 * @param {string} prefix
 * @param {(line: string) => string} [format]
 */
export function pipePrefixed(child, prefix, format) {
  for (const [stream, out, fmt] of /** @type {const} */ ([[child.stdout, process.stdout, format], [child.stderr, process.stderr, undefined]])) {
    if (!stream) continue;
    let buf = '';
    /** @param {string} line */
    const write = (line) => {
      for (const l of (fmt ? fmt(line).replace(/\n$/, '') : line).split('\n')) out.write(`${prefix} ${l}\n`);
    };
    stream.setEncoding('utf8');
    stream.on('data', (/** @type {string} */ chunk) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) write(line);
    });
    stream.on('end', () => { if (buf) write(buf); });
  }
}

/**
 * SIGTERM, then SIGKILL after graceMs. Resolves when the child has exited.
 * @param {ChildProcess | null | undefined} child
 * @param {{ graceMs?: number, signal?: NodeJS.Signals }} [options]
 * @returns {Promise<void>}
 */
export function stopChild(child, { graceMs = 10000, signal = 'SIGTERM' } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => { try { child.kill('SIGKILL'); } catch { /* gone */ } }, graceMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    try { child.kill(signal); } catch { clearTimeout(timer); resolve(); }
  });
}

/** @param {number} pid */
export function pidAlive(pid) {
  try { process.kill(pid, 0); return true; } catch (err) { return err.code === 'EPERM'; }
}

/**
 * Kills a PID (not a child of ours): SIGTERM, then SIGKILL after graceMs.
 * @param {number} pid
 */
export async function killPid(pid, { graceMs = 5000 } = {}) {
  if (!pidAlive(pid)) return false;
  try { process.kill(pid, 'SIGTERM'); } catch { return false; }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!pidAlive(pid)) return true;
    await sleep(100);
  }
  try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  return true;
}

/** @param {number} ms */
export function formatMs(ms) {
  return ms < 1000 ? `${ms} ms` : ms < 120000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
}
