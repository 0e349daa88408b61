import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './env.schema.js';

describe('loadConfig', () => {
  it('runs a fresh checkout with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBe('postgres://postgres@127.0.0.1:5432/redpen');
    expect(config.workers).toBe('inline');
    expect(config.database.migrateOnStart).toBe(true);
  });

  it('names every bad variable in one error', () => {
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://x', WORKERS: 'sometimes' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toEqual([
        'PORT must be a whole number between 0 and 65535 (got "eighty")',
        'WORKERS must be one of inline, off (got "sometimes")',
        'REDIS_URL must be a redis: or rediss:// URL (got "http://x")',
      ]);
    }
  });

  it('refuses the development JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
  });

  it('requires the webhook secret once Stripe is configured', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
  });
});

describe('loadConfig: deployment defaults', () => {
  // Everything a production deployment must set, so each test below breaks exactly one rule.
  const PRODUCTION = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-forty-characters!',
    S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'a-real-secret-key',
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('accepts a production configuration with its own secrets, demo data, Bull Board and API docs off', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.seedDemoData).toBe(false);
    expect(config.bullBoardEnabled).toBe(false);
    expect(config.apiDocsEnabled).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('turns Bull Board and the API docs on outside production', () => {
    const config = loadConfig({});
    expect(config.bullBoardEnabled).toBe(true);
    expect(config.apiDocsEnabled).toBe(true);
    expect(loadConfig({ ...PRODUCTION, API_DOCS_ENABLED: 'true' }).apiDocsEnabled).toBe(true);
  });

  it('refuses demo seeding in production', () => {
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO_DATA: 'true' })).toEqual([
      'SEED_DEMO_DATA must be false in production: the demo accounts have published passwords (admin@redpen.local / Admin!2345)',
    ]);
  });

  it('refuses the published storage secrets in production unless the endpoint is a loopback s3rver', () => {
    for (const secret of ['S3RVER', 'redpen-minio-secret', 'minioadmin']) {
      expect(problemsOf({ ...PRODUCTION, S3_SECRET_ACCESS_KEY: secret })).toEqual([
        'S3_SECRET_ACCESS_KEY must be a secret of your own in production, not a published development key',
      ]);
    }
    expect(problemsOf({ ...PRODUCTION, S3_ENDPOINT: 'http://minio:9000', S3_SECRET_ACCESS_KEY: 'redpen-minio-secret' })).toHaveLength(1);
    expect(problemsOf({ ...PRODUCTION, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_SECRET_ACCESS_KEY: 'S3RVER' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'development', S3_ENDPOINT: 'http://minio:9000', S3_SECRET_ACCESS_KEY: 'S3RVER' })).toEqual([]);
  });

  it('refuses a JWT secret under 32 characters', () => {
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: 'x'.repeat(31) })).toEqual(['JWT_SECRET must be at least 32 characters']);
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: 'x'.repeat(32) })).toEqual([]);
  });

  it('reads TRUST_PROXY as false or proxy addresses and CIDRs; a hop count is refused', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual([
      `TRUST_PROXY takes the proxies' addresses or CIDRs, not a hop count (got "1"): e.g. 172.30.53.0/28 for compose's proxy network, or loopback`,
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback',
    ]);
    for (const bad of ['nginx', '10.0.0.0/33', '300.1.1.1', '::1/129', '11']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toHaveLength(1);
    }
  });

  it('refuses TRUST_PROXY=true in production, where any client could pick its address', () => {
    expect(problemsOf({ ...PRODUCTION, TRUST_PROXY: 'true' })).toEqual([
      "TRUST_PROXY=true lets any client choose its address in production: give the proxies' addresses or CIDRs",
    ]);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '172.30.53.0/28' }).trustProxy).toEqual(['172.30.53.0/28']);
  });
});
