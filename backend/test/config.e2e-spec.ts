import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const backendDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts the real entry point with the given environment and returns what the operator would see. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', 'src/main.ts'], {
    cwd: backendDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe('configuration validated at boot', () => {
  it('stops with one line naming the bad variable', () => {
    const { status, stderr } = start({ PORT: 'eighty' });
    expect(status).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be a whole number between 0 and 65535 (got "eighty")');
  });

  it('names every bad variable at once', () => {
    const { status, stderr } = start({ SMTP_SECURE: 'perhaps', DATABASE_URL: 'mysql://localhost/x' });
    expect(status).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain('DATABASE_URL must be a postgres: or postgresql:// URL (got "mysql://localhost/x")');
    expect(stderr).toContain('SMTP_SECURE must be true or false (got "perhaps")');
  });

  it('explains an unreachable database in one line instead of a stack trace', () => {
    const { status, stderr } = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/redpen', DB_MIGRATE_ON_START: 'true' });
    expect(status).toBe(1);
    expect(stderr).toBe(
      'PostgreSQL is not reachable at 127.0.0.1:1. Start it with "docker compose up -d postgres redis" or install the system packages (apt install postgresql redis-server).',
    );
  });
});
