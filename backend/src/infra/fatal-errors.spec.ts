import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const BACKEND = fileURLToPath(new URL('../..', import.meta.url));

/** Runs test/support/fatal-exit.ts in its own process and reads its JSON log lines. */
function failWith(how: 'throw' | 'reject') {
  const result = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', 'test/support/fatal-exit.ts', how], {
    cwd: BACKEND,
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string; err?: { message: string; stack: string } });
  return { status: result.status, lines, stderr: result.stderr };
}

describe('logFatalErrors', () => {
  it('ends the process with status 1 after a JSON fatal line for an uncaught exception', () => {
    const { status, lines, stderr } = failWith('throw');
    expect({ status, stderr: status === 1 ? '' : stderr }).toEqual({ status: 1, stderr: '' });
    expect(lines.map((line) => line.msg)).toEqual(['about to fail', 'exiting after an uncaught exception: a handler broke']);
    expect(lines[1]).toMatchObject({ level: 60, origin: 'uncaughtException', err: { message: 'a handler broke' } });
    expect(lines[1]!.err!.stack).toContain('fatal-exit.ts');
  }, 60_000);

  it('does the same for an unhandled promise rejection', () => {
    const { status, lines } = failWith('reject');
    expect(status).toBe(1);
    expect(lines[1]).toMatchObject({ level: 60, origin: 'unhandledRejection', msg: 'exiting after an unhandled promise rejection: the payment provider answered nonsense' });
  }, 60_000);
});
