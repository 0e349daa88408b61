/**
 * The one place that reads the environment. Every variable the backend understands is declared here with
 * its parser and default, so a fresh checkout runs with no `.env`, and a bad value stops the process with
 * one line naming the variable. `.env.example` and docker-compose are checked against this list by a test.
 */

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

export interface AppConfig {
  nodeEnv: (typeof NODE_ENVS)[number];
  port: number;
  host: string;
  webOrigin: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  serveWeb: boolean;
  workers: 'inline' | 'off';
  database: { url: string; migrateOnStart: boolean; poolMax: number };
  redis: { url: string };
  bullBoardEnabled: boolean;
  storage: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    presignTtlSeconds: number;
  };
  mail: {
    host: string;
    port: number;
    secure: boolean;
    user?: string;
    pass?: string;
    from: string;
    supportEmail: string;
    catcherUrl?: string;
  };
  auth: { jwtSecret: string; jwtTtlSeconds: number };
  payments: { stripeSecretKey?: string; stripeWebhookSecret?: string; platformCommissionPercent: number };
  windows: {
    wordCountWindowSeconds: number;
    markingDeadlineSeconds: number;
    payoutEligibilitySeconds: number;
    sweeperIntervalSeconds: number;
  };
  seedDemoData: boolean;
}

const DEV_JWT_SECRET = 'change-me-to-a-long-random-string-of-32-chars';

/** Every variable name the backend reads. Kept in step with `.env.example` and docker-compose by a test. */
export const ENV_VARIABLE_NAMES = [
  'NODE_ENV', 'PORT', 'HOST', 'WEB_ORIGIN', 'LOG_LEVEL', 'TRUST_PROXY', 'SERVE_WEB', 'WORKERS',
  'DATABASE_URL', 'DB_MIGRATE_ON_START', 'DB_POOL_MAX',
  'REDIS_URL', 'BULL_BOARD_ENABLED',
  'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE',
  'S3_PRESIGN_TTL_SECONDS',
  'SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASS', 'MAIL_FROM', 'SUPPORT_EMAIL',
  'MAIL_CATCHER_URL',
  'JWT_SECRET', 'JWT_TTL_SECONDS',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PLATFORM_COMMISSION_PERCENT',
  'WORDCOUNT_WINDOW_SECONDS', 'MARKING_DEADLINE_SECONDS', 'PAYOUT_ELIGIBILITY_SECONDS', 'SWEEPER_INTERVAL_SECONDS',
  'SEED_DEMO_DATA',
] as const;

/** Reads variables one by one, collecting every problem so the operator sees them all at once. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optional(name: string): string | undefined {
    return this.raw(name);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name) ?? fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
      return fallback;
    }
    return value as T;
  }

  int(name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number between ${min} and ${max} (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  url(name: string, fallback: string, protocols: string[]): string {
    const value = this.raw(name) ?? fallback;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
    } catch {
      this.problems.push(`${name} must be a ${protocols.join(' or ')}// URL (got "${value}")`);
    }
    return value;
  }

  email(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    // Accept both "a@b.c" and "Name <a@b.c>".
    if (!/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(value)) {
      this.problems.push(`${name} must be an email address (got "${value}")`);
    }
    return value;
  }
}

export function loadConfig(env: Env = process.env): AppConfig {
  const r = new EnvReader(env);
  const nodeEnv = r.oneOf('NODE_ENV', NODE_ENVS, 'development');
  const production = nodeEnv === 'production';

  const jwtSecret = r.string('JWT_SECRET', DEV_JWT_SECRET);
  if (jwtSecret.length < 32) r.problems.push('JWT_SECRET must be at least 32 characters');
  if (production && jwtSecret === DEV_JWT_SECRET) {
    r.problems.push('JWT_SECRET must be set to a secret of your own in production');
  }

  const stripeSecretKey = r.optional('STRIPE_SECRET_KEY');
  const stripeWebhookSecret = r.optional('STRIPE_WEBHOOK_SECRET');
  if (stripeSecretKey && !stripeWebhookSecret) {
    r.problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }

  const config: AppConfig = {
    nodeEnv,
    port: r.int('PORT', 3000, { min: 0, max: 65535 }),
    host: r.string('HOST', '0.0.0.0'),
    webOrigin: r.url('WEB_ORIGIN', 'http://localhost:3000', ['http:', 'https:']),
    logLevel: r.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: r.bool('TRUST_PROXY', false),
    serveWeb: r.bool('SERVE_WEB', true),
    workers: r.oneOf('WORKERS', ['inline', 'off'] as const, 'inline'),
    database: {
      url: r.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/redpen', ['postgres:', 'postgresql:']),
      migrateOnStart: r.bool('DB_MIGRATE_ON_START', !production),
      poolMax: r.int('DB_POOL_MAX', 10, { min: 1, max: 200 }),
    },
    redis: { url: r.url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']) },
    bullBoardEnabled: r.bool('BULL_BOARD_ENABLED', false),
    storage: {
      endpoint: r.url('S3_ENDPOINT', 'http://127.0.0.1:9000', ['http:', 'https:']),
      region: r.string('S3_REGION', 'eu-west-2'),
      bucket: r.string('S3_BUCKET', 'redpen-files'),
      accessKeyId: r.string('S3_ACCESS_KEY_ID', 'S3RVER'),
      secretAccessKey: r.string('S3_SECRET_ACCESS_KEY', 'S3RVER'),
      forcePathStyle: r.bool('S3_FORCE_PATH_STYLE', true),
      presignTtlSeconds: r.int('S3_PRESIGN_TTL_SECONDS', 300, { min: 1, max: 604800 }),
    },
    mail: {
      host: r.string('SMTP_HOST', '127.0.0.1'),
      port: r.int('SMTP_PORT', 1025, { min: 1, max: 65535 }),
      secure: r.bool('SMTP_SECURE', false),
      user: r.optional('SMTP_USER'),
      pass: r.optional('SMTP_PASS'),
      from: r.email('MAIL_FROM', 'Redpen <no-reply@redpen.local>'),
      supportEmail: r.email('SUPPORT_EMAIL', 'support@redpen.local'),
      catcherUrl: r.optional('MAIL_CATCHER_URL') && r.url('MAIL_CATCHER_URL', '', ['http:', 'https:']),
    },
    auth: { jwtSecret, jwtTtlSeconds: r.int('JWT_TTL_SECONDS', 604800, { min: 60 }) },
    payments: {
      stripeSecretKey,
      stripeWebhookSecret,
      platformCommissionPercent: r.int('PLATFORM_COMMISSION_PERCENT', 20, { min: 0, max: 100 }),
    },
    windows: {
      wordCountWindowSeconds: r.int('WORDCOUNT_WINDOW_SECONDS', 86400, { min: 1 }),
      markingDeadlineSeconds: r.int('MARKING_DEADLINE_SECONDS', 172800, { min: 1 }),
      payoutEligibilitySeconds: r.int('PAYOUT_ELIGIBILITY_SECONDS', 172800, { min: 1 }),
      sweeperIntervalSeconds: r.int('SWEEPER_INTERVAL_SECONDS', 300, { min: 1 }),
    },
    seedDemoData: r.bool('SEED_DEMO_DATA', !production),
  };

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
