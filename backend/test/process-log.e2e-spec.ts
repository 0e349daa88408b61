import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/eventually.js';

const BACKEND = fileURLToPath(new URL('..', import.meta.url));

/** The API's complete JSON log lines so far (stdout is a pipe, as under Docker: a read may end mid-line). */
function lines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .slice(0, stdout.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * The API as production runs it, in a process of its own: its log is what ops read, and two ways of losing it
 * showed only there. Lines waited in the log stream's buffer until 4 KB had gathered (at a quiet moment, for as
 * long as it stayed quiet), and a SIGTERM ended the process by the signal, without the exit handler that writes
 * what is still buffered.
 */
describe('the API process log (production settings, stdout a pipe)', () => {
  let api: ChildProcess | undefined;
  afterAll(() => {
    api?.kill('SIGKILL');
  });

  it('writes a quiet moment\'s lines within seconds, counts the health probes, and writes every line before it exits on SIGTERM', async () => {
    let stdout = '';
    let output = '';
    let exit: string | undefined;
    api = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'src/main.ts'], {
      cwd: BACKEND,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        // The system picks the port (one chosen beforehand can be taken meanwhile); the API logs the one it bound.
        PORT: '0',
        JWT_SECRET: 'process-log-test-secret-of-more-than-32-bytes',
        WORKERS: 'off',
        SERVE_WEB: 'false',
        BULL_BOARD_ENABLED: 'false',
        API_DOCS_ENABLED: 'false',
        SEED_DEMO_DATA: 'false',
        DB_MIGRATE_ON_START: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
    });
    api.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<void>((resolve) => api!.once('exit', (code, signal) => ((exit = `${code ?? signal}`), resolve())));
    const listening = () => lines(stdout).find((line) => String(line.msg).startsWith('Redpen API listening on'));
    const up = await eventually(() => exit !== undefined || listening() !== undefined, 60_000);
    expect({ up, exit, output: listening() ? '' : output }).toEqual({ up: true, exit: undefined, output: '' });
    const url = `http://127.0.0.1:${Number(listening()!.port)}`;
    // Health probes: counted, not a line each (HealthProbeCount); the count is written at shutdown at the latest.
    // Liveness by GET and HEAD; readiness counts when it answers 200, and is a line of its own when a dependency of
    // this process is down (503).
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fetch(`${url}/api/health`, { headers: { 'x-request-id': 'process-log-probe' } })).status).toBe(200);
    expect((await fetch(`${url}/api/health`, { method: 'HEAD', headers: { 'x-request-id': 'process-log-probe' } })).status).toBe(200);
    const ready = (await fetch(`${url}/api/health/ready`, { headers: { 'x-request-id': 'process-log-ready' } })).status;
    expect([200, 503]).toContain(ready);

    // One request, then nothing: its line is out within seconds (request lines wait at most 1 s to be batched).
    const quiet = await fetch(`${url}/api/health?quiet`, { headers: { 'x-request-id': 'process-log-quiet' } });
    expect(quiet.status).toBe(200);
    const written = await eventually(() => lines(stdout).some((line) => line.reqId === 'process-log-quiet'), 5000);
    expect(written).toBe(true);

    // A request and at once a SIGTERM: its line, still batched, is written before the process exits.
    const last = await fetch(`${url}/api/health?last`, { headers: { 'x-request-id': 'process-log-last' } });
    expect(last.status).toBe(200);
    api.kill('SIGTERM');
    await exited;
    expect(exit).toBe('0');
    const line = lines(stdout).find((entry) => entry.reqId === 'process-log-last');
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/health?last' }, res: { statusCode: 200 } });
    const probeCounts = lines(stdout).filter((entry) => entry.msg === 'health probes answered');
    expect({ probeLines: lines(stdout).filter((entry) => entry.reqId === 'process-log-probe'), probes: probeCounts.reduce((sum, entry) => sum + Number(entry.healthProbes), 0) }).toEqual({ probeLines: [], probes: ready === 200 ? 5 : 4 });
    expect(lines(stdout).filter((entry) => entry.reqId === 'process-log-ready').map((entry) => entry.res)).toEqual(ready === 200 ? [] : [{ statusCode: 503 }]);
  }, 90_000);
});
