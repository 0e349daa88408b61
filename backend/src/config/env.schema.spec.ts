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
