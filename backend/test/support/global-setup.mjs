// Once per run: a fresh, migrated test database and an empty Redis keyspace for the tests.
// Plain JavaScript: Jest loads global setup outside its ESM transform pipeline.
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Redis } from 'ioredis';
import pg from 'pg';

export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/redpen_test';
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migrate(drizzle(pool), { migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)) });
  await pool.end();

  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1');
  await redis.flushdb();
  redis.disconnect();
}
