import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const backendDir = fileURLToPath(new URL('..', import.meta.url));
const SPAWN_TIMEOUT_MS = 60000;
const TEST_TIMEOUT_MS = SPAWN_TIMEOUT_MS + 5000;

/** Starts the real entry point with the given environment and returns what the operator would see. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', 'src/main.ts'], {
    cwd: backendDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    // Compiling the entry point on the fly takes seconds, and many on a loaded machine.
    timeout: SPAWN_TIMEOUT_MS,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe('configuration validated at boot', () => {
  it('stops with one line naming the bad variable', () => {
    const { status, stderr } = start({ PORT: 'eighty' });
    expect(status).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be a whole number between 0 and 65535 (got "eighty")');
  }, TEST_TIMEOUT_MS);

  it('names every bad variable at once', () => {
    const { status, stderr } = start({ SMTP_SECURE: 'perhaps', DATABASE_URL: 'mysql://localhost/x' });
    expect(status).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain('DATABASE_URL must be a postgres: or postgresql:// URL (got "mysql://localhost/x")');
    expect(stderr).toContain('SMTP_SECURE must be true or false (got "perhaps")');
  }, TEST_TIMEOUT_MS);

  it('explains an unreachable database in one line instead of a stack trace', () => {
    const { status, stderr } = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/redpen', DB_MIGRATE_ON_START: 'true' });
    expect(status).toBe(1);
    expect(stderr).toBe(
      'PostgreSQL is not reachable at 127.0.0.1:1. Start it with "docker compose up -d postgres redis" or install the system packages (apt install postgresql redis-server).',
    );
  }, TEST_TIMEOUT_MS);

  describe('in production', () => {
    // A production configuration that passes, so each test breaks one rule.
    const PRODUCTION = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-forty-characters!',
      S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com',
      S3_SECRET_ACCESS_KEY: 'a-real-secret-key',
      SEED_DEMO_DATA: 'false',
    };

    it('refuses to start with the demo accounts', () => {
      const { status, stderr } = start({ ...PRODUCTION, SEED_DEMO_DATA: 'true' });
      expect(status).toBe(1);
      expect(stderr).toBe(
        'Invalid configuration: SEED_DEMO_DATA must be false in production: the demo accounts have published passwords (admin@redpen.local / Admin!2345)',
      );
    }, TEST_TIMEOUT_MS);

    it('refuses the published storage keys and a short signing secret', () => {
      const { status, stderr } = start({ ...PRODUCTION, S3_ENDPOINT: 'http://minio:9000', S3_SECRET_ACCESS_KEY: 'redpen-minio-secret', JWT_SECRET: 'short-secret' });
      expect(status).toBe(1);
      expect(stderr).toBe(
        'Invalid configuration: JWT_SECRET must be at least 32 characters; S3_SECRET_ACCESS_KEY must be a secret of your own in production, not a published development key',
      );
    }, TEST_TIMEOUT_MS);
  });
});
