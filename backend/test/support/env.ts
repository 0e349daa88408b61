// Runs before every e2e file: point the app at the test database and a Redis keyspace of its own, so a
// developer's running instance and the tests never process each other's jobs.
process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/redpen_test';
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
process.env.LOG_LEVEL = 'silent';
process.env.SEED_DEMO_DATA = 'false';
process.env.SERVE_WEB = 'false';
process.env.DB_MIGRATE_ON_START = 'false';
process.env.S3_BUCKET = process.env.TEST_S3_BUCKET ?? 'redpen-test';
process.env.MAIL_CATCHER_URL ??= 'http://127.0.0.1:1080';
// The suites' shared accounts write far faster than a person (a file's tests sign one student in once and check out
// dozens of times a minute): the general per-user write limit is raised for them. test/security/rate-limits sets
// its own; the per-route rules (chat messages, reports, blocks, ratings) stay as in production.
process.env.WRITE_RATE_LIMIT_PER_MINUTE ??= '2000';
