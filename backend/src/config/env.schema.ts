/**
 * The one place that reads the environment. Every variable the backend understands is declared here with
 * its parser and default, so a fresh checkout runs with no `.env`, and a bad value stops the process with
 * one line naming the variable. `.env.example` and docker-compose are checked against this list by a test.
 */
import { EXPEDITED_SURCHARGE_PENCE, MODEL_ANSWER_SURCHARGE_PENCE } from '@redpen/shared/pricing';
import { DEFAULT_BOOKING_HOLD_SECONDS } from '@redpen/shared/tutoring';
import { isIP } from 'node:net';

// Erasable TypeScript only (no parameter properties, enums): scripts/deploy-config.test.mjs imports this file
// with Node's type stripping to check docker-compose.yml against it.
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
export const TWO_FACTOR_POLICIES = ['optional', 'staff', 'required'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

export interface AppConfig {
  nodeEnv: (typeof NODE_ENVS)[number];
  port: number;
  host: string;
  webOrigin: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Fastify's `trustProxy`: false, or the proxies' addresses/CIDRs (`true` only outside production; never a hop count). */
  trustProxy: TrustProxy;
  serveWeb: boolean;
  workers: 'inline' | 'off';
  /** The port of the Prometheus metrics server (GET /api/metrics), apart from the API's; null (unset) = none. 0 = any free port. */
  metricsPort: number | null;
  database: { url: string; migrateOnStart: boolean; poolMax: number };
  redis: { url: string };
  bullBoardEnabled: boolean;
  apiDocsEnabled: boolean;
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
  auth: {
    jwtSecret: string;
    jwtTtlSeconds: number;
    /** Who must pass an emailed second factor at sign-in: `optional` (their choice), `staff` (admins and tutors always), `required` (everyone). */
    twoFactorPolicy: TwoFactorPolicy;
    /** How long this process may reuse a session check (0 = never); changes drop it at once (SessionCache). */
    sessionCacheSeconds: number;
  };
  rateLimits: {
    /** Authenticated writes (POST, PUT, PATCH, DELETE) one user may make a minute, on routes without a rule of their own. */
    writesPerMinute: number;
  };
  uploads: {
    perUserPerHour: number;
    /** Essay uploads (routes that keep the file in memory for its word count) this process receives at once. */
    atOnce: number;
    /**
     * How long an upload may wait on its client (common/uploads/client-pace.ts): no single wait for the next bytes
     * longer than this, and all waits together no longer than this plus a second per `minBytesPerSecond` received.
     */
    idleSeconds: number;
    minBytesPerSecond: number;
  };
  payments: {
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    /** Where the Stripe SDK sends its requests (a stand-in such as stripe-mock, or the tests' own); unset = Stripe. */
    stripeApiUrl?: string;
    platformCommissionPercent: number;
  };
  essays: {
    /** Added to the tiered price when the student asks for a model answer (`feedback_model`), integer pence. */
    modelAnswerSurchargePence: number;
    /** Added when the student asks for the 24 h expedited review, integer pence. */
    expeditedSurchargePence: number;
  };
  windows: {
    wordCountWindowSeconds: number;
    markingDeadlineSeconds: number;
    payoutEligibilitySeconds: number;
    revisionWindowSeconds: number;
    sweeperIntervalSeconds: number;
  };
  chat: {
    /** How often each API instance re-reads the sessions of its open sockets and closes those that ended (≤ 60 s). */
    sessionRecheckSeconds: number;
  };
  tutoring: {
    /** How long a booked, unpaid session holds its slot before it expires. */
    bookingHoldSeconds: number;
    /** The video meeting provider's base URL; a session's room is this plus an unguessable name. */
    meetingBaseUrl: string;
  };
  seedDemoData: boolean;
}

export type TrustProxy = boolean | string[];

const DEV_JWT_SECRET = 'change-me-to-a-long-random-string-of-32-chars';
/** Storage secrets published in this repository: s3rver's fixed key, docker-compose's old MinIO password, MinIO's default. */
const DEV_S3_SECRETS = new Set(['S3RVER', 'redpen-minio-secret', 'minioadmin']);
/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Every variable name the backend reads. Kept in step with `.env.example` and docker-compose by a test. */
export const ENV_VARIABLE_NAMES = [
  'NODE_ENV', 'PORT', 'HOST', 'WEB_ORIGIN', 'LOG_LEVEL', 'TRUST_PROXY', 'SERVE_WEB', 'WORKERS', 'METRICS_PORT',
  'DATABASE_URL', 'DB_MIGRATE_ON_START', 'DB_POOL_MAX',
  'REDIS_URL', 'BULL_BOARD_ENABLED', 'API_DOCS_ENABLED',
  'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE',
  'S3_PRESIGN_TTL_SECONDS',
  'SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASS', 'MAIL_FROM', 'SUPPORT_EMAIL',
  'MAIL_CATCHER_URL',
  'JWT_SECRET', 'JWT_TTL_SECONDS', 'AUTH_SESSION_CACHE_SECONDS', 'TWO_FACTOR_POLICY',
  'WRITE_RATE_LIMIT_PER_MINUTE', 'UPLOAD_RATE_LIMIT_PER_HOUR', 'UPLOADS_AT_ONCE', 'UPLOAD_IDLE_SECONDS', 'UPLOAD_MIN_BYTES_PER_SECOND',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'PLATFORM_COMMISSION_PERCENT',
  'ESSAY_MODEL_ANSWER_SURCHARGE_PENCE', 'ESSAY_EXPEDITED_SURCHARGE_PENCE',
  'WORDCOUNT_WINDOW_SECONDS', 'MARKING_DEADLINE_SECONDS', 'PAYOUT_ELIGIBILITY_SECONDS', 'REVISION_WINDOW_SECONDS', 'SWEEPER_INTERVAL_SECONDS',
  'BOOKING_HOLD_SECONDS', 'MEETING_BASE_URL',
  'CHAT_SESSION_RECHECK_SECONDS',
  'SEED_DEMO_DATA',
] as const;

/** Reads variables one by one, collecting every problem so the operator sees them all at once. */
class EnvReader {
  readonly problems: string[] = [];
  private readonly env: Env;
  constructor(env: Env) {
    this.env = env;
  }

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

  /**
   * `false`/`true`, or a comma-separated list of the proxies' addresses, CIDRs and proxy-addr's range names (loopback,
   * linklocal, uniquelocal). Not a hop count: "believe N hops" believes whoever connects, so a client reaching the
   * API around the proxy would choose its own address; a list believes only the peers it names.
   */
  trustProxy(name: string): TrustProxy {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined || ['false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return true;
    if (/^\d+$/.test(value)) {
      this.problems.push(`${name} takes the proxies' addresses or CIDRs, not a hop count (got "${value}"): e.g. 172.30.53.0/28 for compose's proxy network, or loopback`);
      return false;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
    if (bad.length > 0 || entries.length === 0) {
      this.problems.push(`${name} must be false or the proxies' addresses/CIDRs separated by commas (got "${value}")`);
      return false;
    }
    return entries;
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

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

export function loadConfig(env: Env = process.env): AppConfig {
  const r = new EnvReader(env);
  const nodeEnv = r.oneOf('NODE_ENV', NODE_ENVS, 'development');
  const production = nodeEnv === 'production';

  const jwtSecret = r.string('JWT_SECRET', DEV_JWT_SECRET);
  // HS256 wants a key at least as long as its 32-byte output (UTF-8 never has fewer bytes than characters).
  if (jwtSecret.length < 32) r.problems.push('JWT_SECRET must be at least 32 characters');
  if (production && jwtSecret === DEV_JWT_SECRET) {
    r.problems.push('JWT_SECRET must be set to a secret of your own in production');
  }

  const trustProxy = r.trustProxy('TRUST_PROXY');
  const seedDemoData = r.bool('SEED_DEMO_DATA', !production);
  const s3Endpoint = r.url('S3_ENDPOINT', 'http://127.0.0.1:9000', ['http:', 'https:']);
  const s3SecretAccessKey = r.string('S3_SECRET_ACCESS_KEY', 'S3RVER');
  if (production) {
    // A deployment must never carry the published demo passwords, keys or a header any client can write.
    if (seedDemoData) {
      r.problems.push('SEED_DEMO_DATA must be false in production: the demo accounts have published passwords (admin@redpen.local / Admin!2345)');
    }
    // s3rver (npm start, benchmarks) accepts only its published key and listens on loopback, where the key guards nothing.
    if (DEV_S3_SECRETS.has(s3SecretAccessKey) && !isLoopbackUrl(s3Endpoint)) {
      r.problems.push('S3_SECRET_ACCESS_KEY must be a secret of your own in production, not a published development key');
    }
    if (trustProxy === true) {
      r.problems.push("TRUST_PROXY=true lets any client choose its address in production: give the proxies' addresses or CIDRs");
    }
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
    trustProxy,
    serveWeb: r.bool('SERVE_WEB', true),
    workers: r.oneOf('WORKERS', ['inline', 'off'] as const, 'inline'),
    metricsPort: r.optional('METRICS_PORT') === undefined ? null : r.int('METRICS_PORT', 0, { min: 0, max: 65535 }),
    database: {
      url: r.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/redpen', ['postgres:', 'postgresql:']),
      migrateOnStart: r.bool('DB_MIGRATE_ON_START', !production),
      poolMax: r.int('DB_POOL_MAX', 10, { min: 1, max: 200 }),
    },
    redis: { url: r.url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']) },
    // Ops watch the queues on a developer's machine; a deployment opts in.
    bullBoardEnabled: r.bool('BULL_BOARD_ENABLED', !production),
    apiDocsEnabled: r.bool('API_DOCS_ENABLED', !production),
    storage: {
      endpoint: s3Endpoint,
      region: r.string('S3_REGION', 'eu-west-2'),
      bucket: r.string('S3_BUCKET', 'redpen-files'),
      accessKeyId: r.string('S3_ACCESS_KEY_ID', 'S3RVER'),
      secretAccessKey: s3SecretAccessKey,
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
    auth: {
      jwtSecret,
      jwtTtlSeconds: r.int('JWT_TTL_SECONDS', 604800, { min: 60 }),
      twoFactorPolicy: r.oneOf('TWO_FACTOR_POLICY', TWO_FACTOR_POLICIES, production ? 'staff' : 'optional'),
      sessionCacheSeconds: r.int('AUTH_SESSION_CACHE_SECONDS', 30, { min: 0, max: 3600 }),
    },
    rateLimits: {
      writesPerMinute: r.int('WRITE_RATE_LIMIT_PER_MINUTE', 120, { min: 1 }),
    },
    uploads: {
      perUserPerHour: r.int('UPLOAD_RATE_LIMIT_PER_HOUR', 60, { min: 1 }),
      atOnce: r.int('UPLOADS_AT_ONCE', 1, { min: 1, max: 64 }),
      idleSeconds: r.int('UPLOAD_IDLE_SECONDS', 30, { min: 1, max: 600 }),
      minBytesPerSecond: r.int('UPLOAD_MIN_BYTES_PER_SECOND', 4096, { min: 1 }),
    },
    payments: {
      stripeSecretKey,
      stripeWebhookSecret,
      stripeApiUrl: r.optional('STRIPE_API_URL') && r.url('STRIPE_API_URL', '', ['http:', 'https:']),
      platformCommissionPercent: r.int('PLATFORM_COMMISSION_PERCENT', 20, { min: 0, max: 100 }),
    },
    essays: {
      modelAnswerSurchargePence: r.int('ESSAY_MODEL_ANSWER_SURCHARGE_PENCE', MODEL_ANSWER_SURCHARGE_PENCE, { min: 0 }),
      expeditedSurchargePence: r.int('ESSAY_EXPEDITED_SURCHARGE_PENCE', EXPEDITED_SURCHARGE_PENCE, { min: 0 }),
    },
    windows: {
      wordCountWindowSeconds: r.int('WORDCOUNT_WINDOW_SECONDS', 86400, { min: 1 }),
      markingDeadlineSeconds: r.int('MARKING_DEADLINE_SECONDS', 172800, { min: 1 }),
      payoutEligibilitySeconds: r.int('PAYOUT_ELIGIBILITY_SECONDS', 172800, { min: 1 }),
      revisionWindowSeconds: r.int('REVISION_WINDOW_SECONDS', 604800, { min: 1 }),
      sweeperIntervalSeconds: r.int('SWEEPER_INTERVAL_SECONDS', 300, { min: 1 }),
    },
    chat: {
      sessionRecheckSeconds: r.int('CHAT_SESSION_RECHECK_SECONDS', 30, { min: 1, max: 60 }),
    },
    tutoring: {
      bookingHoldSeconds: r.int('BOOKING_HOLD_SECONDS', DEFAULT_BOOKING_HOLD_SECONDS, { min: 1 }),
      meetingBaseUrl: r.url('MEETING_BASE_URL', 'https://meet.jit.si', ['https:', 'http:']),
    },
    seedDemoData,
  };

  if (config.metricsPort !== null && config.metricsPort !== 0 && config.metricsPort === config.port) {
    r.problems.push(`METRICS_PORT must differ from PORT (${config.port}): the metrics are served apart from the API`);
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
