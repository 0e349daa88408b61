// Keeps the three places that name configuration variables in step:
//   .env.example (the contract), docker-compose.yml (the app services), and the backend's config
//   (ENV_VARIABLE_NAMES in backend/src/config/env.schema.ts, and a read of each name in backend/src/config).
// Run by `npm test` first; on its own: node --test scripts/check-config.test.mjs
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { ROOT, parseEnv } from './lib/env.mjs';

const APP_SERVICES = ['api', 'worker'];
// In .env.example but deliberately not set in compose's app services (none today: MAIL_CATCHER_URL and
// SEED_DEMO_DATA are set there too). Add a name here with the reason when one should stay local-only.
const LOCAL_ONLY = new Set(/** @type {string[]} */ ([]));

const example = parseEnv(readFileSync(join(ROOT, '.env.example'), 'utf8'));
const exampleNames = Object.keys(example);
// merge: compose's `<<: *app-env` (a YAML 1.1 merge key, which YAML 1.2 parsers leave off by default).
const compose = parseYaml(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });

const CONFIG_DIR = join(ROOT, 'backend', 'src', 'config');
const SCHEMA_FILE = join(CONFIG_DIR, 'env.schema.ts');

function backendNames() {
  const text = readFileSync(SCHEMA_FILE, 'utf8');
  const m = /export const ENV_VARIABLE_NAMES\s*=\s*\[([\s\S]*?)\]/.exec(text);
  assert.ok(m, `${SCHEMA_FILE} must export ENV_VARIABLE_NAMES = [ ... ] (a list of quoted names)`);
  return { names: [...m[1].matchAll(/['"`]([A-Z][A-Z0-9_]*)['"`]/g)].map((x) => x[1]), listText: m[0] };
}

/** Config source files (not tests), with the ENV_VARIABLE_NAMES list itself blanked out. @param {string} listText */
function configSources(listText) {
  return readdirSync(CONFIG_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(CONFIG_DIR, f), 'utf8').replace(listText, ''))
    .join('\n');
}

/** @param {string} service @returns {Record<string, string>} */
function envOf(service) {
  const svc = compose.services?.[service];
  assert.ok(svc, `docker-compose.yml has no "${service}" service`);
  const env = svc.environment;
  if (Array.isArray(env)) return Object.fromEntries(env.map((e) => String(e).split(/=(.*)/s).slice(0, 2)));
  return env || {};
}

test('docker-compose.yml defines the platform\'s services', () => {
  for (const name of ['postgres', 'redis', 'minio', 'minio-init', 'mailpit', 'api', 'worker', 'web']) {
    assert.ok(compose.services?.[name], `docker-compose.yml is missing the "${name}" service`);
  }
  assert.match(compose.services.postgres.image, /^postgres:16/, 'postgres must be PostgreSQL 16');
  assert.match(compose.services.redis.image, /^redis:7/, 'redis must be Redis 7');
  assert.equal(envOf('api').WORKERS, 'off', 'the api service runs without inline workers (WORKERS=off)');
  assert.match(String(compose.services.worker.command), /dist\/worker\.js/, 'the worker service runs dist/worker.js');
});

test('every .env.example variable is set for the app services in docker-compose.yml', () => {
  for (const service of APP_SERVICES) {
    const env = envOf(service);
    for (const name of exampleNames) {
      if (LOCAL_ONLY.has(name)) continue;
      assert.ok(name in env, `${name} is in .env.example but not in the environment of docker-compose.yml's "${service}" service (add it, or list it in LOCAL_ONLY in scripts/check-config.test.mjs with the reason)`);
    }
  }
});

test('docker-compose.yml app services use only variables that .env.example documents', () => {
  for (const service of APP_SERVICES) {
    for (const name of Object.keys(envOf(service))) {
      assert.ok(name in example, `${name} is set for docker-compose.yml's "${service}" service but .env.example does not document it`);
    }
  }
});

test('compose points the app at the compose services, by the names of .env.example', () => {
  const env = envOf('api');
  assert.match(env.DATABASE_URL, /@postgres:5432\//, 'DATABASE_URL must use the postgres service');
  assert.match(env.REDIS_URL, /^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379$/, 'REDIS_URL must use the redis service, with its password');
  assert.equal(env.S3_ENDPOINT, 'http://minio:9000', 'S3_ENDPOINT must use the minio service');
  // Mail goes where .env says (the mail catcher only in the dev profile: scripts/deploy-config.test.mjs).
  assert.match(env.SMTP_HOST, /^\$\{SMTP_HOST:\?.+\}$/, 'SMTP_HOST must come from .env');
  assert.equal(env.MAIL_CATCHER_URL, '${MAIL_CATCHER_URL:-}', 'MAIL_CATCHER_URL is empty unless .env names the dev profile\'s mailpit');
  assert.equal(compose.services['minio-init'].environment.S3_BUCKET, env.S3_BUCKET, `minio-init must create the bucket named by S3_BUCKET (${env.S3_BUCKET})`);
  // The app's MinIO user is made by minio-init from the same .env names; MinIO's root keys are others.
  const init = compose.services['minio-init'].environment;
  assert.equal(env.S3_ACCESS_KEY_ID, init.S3_ACCESS_KEY_ID, 'minio-init creates the user S3_ACCESS_KEY_ID names');
  assert.equal(env.S3_SECRET_ACCESS_KEY, init.S3_SECRET_ACCESS_KEY, 'minio-init gives that user S3_SECRET_ACCESS_KEY');
  const minio = compose.services.minio.environment;
  assert.notEqual(env.S3_ACCESS_KEY_ID, minio.MINIO_ROOT_USER, 'the app never gets MinIO\'s root user');
  assert.notEqual(env.S3_SECRET_ACCESS_KEY, minio.MINIO_ROOT_PASSWORD, 'the app never gets MinIO\'s root password');
});

test('the backend config reads every variable of .env.example and compose, and no other', { skip: !existsSync(SCHEMA_FILE) && 'backend/src/config/env.schema.ts does not exist yet' }, () => {
  const { names, listText } = backendNames();
  const listed = new Set(names);
  const sources = configSources(listText);
  for (const name of exampleNames) {
    assert.ok(listed.has(name), `${name} is in .env.example but not in ENV_VARIABLE_NAMES (backend/src/config/env.schema.ts)`);
  }
  for (const service of APP_SERVICES) {
    for (const name of Object.keys(envOf(service))) {
      assert.ok(listed.has(name), `${name} is set for docker-compose.yml's "${service}" service but the backend config does not read it`);
    }
  }
  for (const name of names) {
    assert.ok(name in example, `${name} is read by the backend config (ENV_VARIABLE_NAMES) but .env.example does not document it`);
    assert.ok(new RegExp(`['"\`]${name}['"\`]`).test(sources), `${name} is listed in ENV_VARIABLE_NAMES but no file in backend/src/config reads it by name`);
  }
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  assert.deepEqual(dupes, [], `ENV_VARIABLE_NAMES lists ${dupes.join(', ')} twice`);
});

test('nest-cli.json points at the backend sources', () => {
  const nest = JSON.parse(readFileSync(join(ROOT, 'nest-cli.json'), 'utf8'));
  assert.equal(nest.sourceRoot, 'backend/src');
  assert.ok(existsSync(join(ROOT, nest.compilerOptions.tsConfigPath)) || !existsSync(join(ROOT, 'backend', 'tsconfig.json')), `${nest.compilerOptions.tsConfigPath} does not exist`);
});

test('the web image serves the prerendered pages at their paths, as the API does', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const nginx = /COPY <<'NGINX' \/etc\/nginx\/templates\/default\.conf\.template\n([\s\S]*?)\nNGINX\n/.exec(dockerfile)?.[1];
  assert.ok(nginx, 'the Dockerfile writes the nginx site config inline (COPY <<\'NGINX\')');
  // frontend/scripts/prerender.mjs writes dist/pages/index.html for / and dist/pages/<path>.html for the others.
  const prerender = readFileSync(join(ROOT, 'frontend', 'scripts', 'prerender.mjs'), 'utf8');
  assert.match(prerender, /const fileFor = \(path\) => \(path === '\/' \? 'index\.html' : `\$\{path\.slice\(1\)\}\.html`\)/);
  assert.match(nginx, /location = \/ \{[^}]*try_files \/pages\/index\.html \/index\.html;/);
  assert.match(nginx, /location \/ \{[^}]*try_files \/pages\$uri\.html \$uri \/index\.html;/);
  assert.match(nginx, /location \/pages\/ \{\s*return 404;/);
});
