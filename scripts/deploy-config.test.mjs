// Checks docker-compose.yml and the Dockerfile's nginx config against the backend's own rules, since no Docker
// engine runs here: the compose api's environment passes the backend's production config, production values come
// from .env with no fallback (secrets, PostgreSQL's and Redis's passwords, the app's own MinIO user, the SMTP
// server), two-factor defaults to staff, the mail catcher runs only in the dev profile, minio-init gives the app
// a user scoped to its bucket, only the proxy hop is trusted for client addresses, the web tier sends the API's
// security headers, and every image stage has the workspaces it needs (shared/ included). Run by `npm test` (scripts step); on its own: node --test scripts/deploy-config.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { ROOT } from './lib/env.mjs';
import { BACKEND_NODE_FLAGS } from './lib/node-flags.mjs';

// Plain TypeScript modules without decorators: Node strips their types on import.
/** @param {string} path @returns {Promise<any>} the module, untyped here (a .ts file outside this project) */
const backend = (path) => import(pathToFileURL(join(ROOT, 'backend', 'src', path)).href);
const { loadConfig } = await backend('config/env.schema.ts');
const { securityHeaders } = await backend('infra/http/security-headers.ts');

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** @param {string} target */
const heredoc = (target) => {
  const text = new RegExp(`COPY <<'NGINX' ${target.replace(/[.]/g, '\\.')}\\n([\\s\\S]*?)\\nNGINX\\n`).exec(dockerfile)?.[1];
  assert.ok(text, `the Dockerfile writes ${target} inline (COPY <<'NGINX' ${target})`);
  return text;
};
const SNIPPET_PATH = '/etc/nginx/snippets/redpen-security-headers.conf';
const site = heredoc('/etc/nginx/templates/default.conf.template');
const snippet = heredoc(SNIPPET_PATH);

const SECRET = 'a-secret-typed-by-the-operator-0123456789';
/**
 * Compose's interpolation: `${X:-default}` gives the default, `${X:?message}` what the operator must set.
 * @param {unknown} value
 * @param {Record<string, string>} [given]
 */
function interpolate(value, given = {}) {
  return String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name, kind, rest) => {
    if (name in given) return given[name];
    if (kind === '-') return rest;
    throw new Error(`${name} has no default (${rest || 'required'})`);
  });
}
const api = compose.services.api.environment;
const worker = compose.services.worker.environment;
/** What the deployment's .env gives: every value compose requires (`${X:?…}`), each of its own. */
const GIVEN = {
  WEB_ORIGIN: 'https://redpen.example',
  JWT_SECRET: SECRET,
  POSTGRES_PASSWORD: 'pg0123456789abcdef',
  REDIS_PASSWORD: 'redis0123456789abcdef',
  MINIO_ROOT_USER: 'minio-admin',
  MINIO_ROOT_PASSWORD: 'minio-root-0123456789',
  S3_ACCESS_KEY_ID: 'redpen-app',
  S3_SECRET_ACCESS_KEY: 'app-secret-0123456789',
  SMTP_HOST: 'smtp.mail-provider.example',
  MAIL_FROM: 'Redpen <no-reply@redpen.example>',
  SUPPORT_EMAIL: 'support@redpen.example',
};
/** The app's production values that only .env may give: compose refuses to start without each. */
const APP_REQUIRED = ['WEB_ORIGIN', 'JWT_SECRET', 'POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_HOST', 'MAIL_FROM', 'SUPPORT_EMAIL'];
/** @param {Record<string, unknown>} env @param {Record<string, string>} [given] */
const resolved = (env, given = GIVEN) => Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolate(value, given)]));
/** @param {Record<string, string>} given @param {string} name */
const without = (given, name) => Object.fromEntries(Object.entries(given).filter(([key]) => key !== name));
const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
/** A service's environment as text, without the operator messages of `${X:?message}` (they name other services). @param {unknown} env */
const envText = (env) => JSON.stringify(env ?? {}).replace(/:\?[^}]*\}/g, '}');

test('compose has no published signing or storage secret to fall back on', () => {
  for (const [service, env] of [['api', api], ['worker', worker]]) {
    assert.match(env.JWT_SECRET, /^\$\{JWT_SECRET:\?.+\}$/, `${service}: JWT_SECRET must be required (\${JWT_SECRET:?…}), never defaulted`);
    assert.match(env.S3_SECRET_ACCESS_KEY, /^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/, `${service}: S3_SECRET_ACCESS_KEY must be required`);
  }
  assert.throws(() => resolved(api, without(GIVEN, 'JWT_SECRET')), /JWT_SECRET has no default/);
  assert.throws(() => resolved(api, without(GIVEN, 'S3_SECRET_ACCESS_KEY')), /S3_SECRET_ACCESS_KEY has no default/);
  assert.doesNotMatch(composeText, /redpen-minio-secret|compose-only-secret|minioadmin/);
});

test('every production value of the app comes from .env, with no default to fall back on', () => {
  for (const [service, env] of [['api', api], ['worker', worker]]) {
    for (const name of APP_REQUIRED) {
      assert.throws(() => resolved(env, without(GIVEN, name)), new RegExp(`${name} has no default`), `${service}: compose must refuse to start without ${name}`);
      assert.ok(Object.values(env).some((value) => String(value).includes(`\${${name}:?`)), `${service}: ${name} is required with \${${name}:?…}`);
    }
    // Nothing in the app's environment falls back to a value written in the file for these.
    for (const name of APP_REQUIRED) assert.doesNotMatch(JSON.stringify(env), new RegExp(`\\$\\{${name}:-`), `${service}: ${name} has a default`);
  }
  const config = loadConfig(resolved(api));
  assert.equal(config.webOrigin, GIVEN.WEB_ORIGIN);
  assert.equal(config.mail.from, GIVEN.MAIL_FROM);
  assert.equal(config.mail.supportEmail, GIVEN.SUPPORT_EMAIL);
  assert.equal(compose.services.web.environment.WEB_ORIGIN, api.WEB_ORIGIN, "nginx's WEB_ORIGIN is the api's, required alike");
});

test("PostgreSQL's password comes from .env, and DATABASE_URL carries it", () => {
  const postgres = compose.services.postgres.environment;
  assert.match(postgres.POSTGRES_PASSWORD, /^\$\{POSTGRES_PASSWORD:\?.+\}$/, 'POSTGRES_PASSWORD must be required, not written in the file');
  assert.throws(() => interpolate(postgres.POSTGRES_PASSWORD, {}), /POSTGRES_PASSWORD has no default/);
  const url = new URL(loadConfig(resolved(api)).database.url);
  assert.equal(url.username, postgres.POSTGRES_USER);
  assert.equal(url.password, GIVEN.POSTGRES_PASSWORD, "DATABASE_URL's password is .env's POSTGRES_PASSWORD");
  assert.equal(url.pathname, `/${postgres.POSTGRES_DB}`);
  assert.doesNotMatch(composeText, /postgres:\/\/redpen:redpen@|POSTGRES_PASSWORD: redpen\b/);
});

test('Redis requires a password, and REDIS_URL and the health check carry it', () => {
  const redis = compose.services.redis;
  const command = redis.command.map((/** @type {string} */ arg) => interpolate(arg, GIVEN));
  const at = command.indexOf('--requirepass');
  assert.ok(at > 0, 'redis-server runs with --requirepass');
  assert.equal(command[at + 1], GIVEN.REDIS_PASSWORD, "requirepass is .env's REDIS_PASSWORD");
  assert.throws(() => redis.command.map((/** @type {string} */ arg) => interpolate(arg, without(GIVEN, 'REDIS_PASSWORD'))), /REDIS_PASSWORD has no default/);
  const url = new URL(loadConfig(resolved(api)).redis.url);
  assert.equal(url.hostname, 'redis');
  assert.equal(decodeURIComponent(url.password), GIVEN.REDIS_PASSWORD, 'REDIS_URL carries the password');
  assert.equal(interpolate(redis.environment.REDISCLI_AUTH, GIVEN), GIVEN.REDIS_PASSWORD, 'the health check (redis-cli) authenticates');
  assert.deepEqual(redis.ports, ['127.0.0.1:6379:6379'], 'Redis is published on loopback only');
});

test('two-factor sign-in defaults to staff, as the backend does in production', () => {
  for (const env of [api, worker]) {
    assert.equal(interpolate(env.TWO_FACTOR_POLICY, {}), 'staff');
    assert.equal(loadConfig(resolved(env)).auth.twoFactorPolicy, 'staff');
    assert.equal(loadConfig(resolved(env, { ...GIVEN, TWO_FACTOR_POLICY: 'required' })).auth.twoFactorPolicy, 'required', '.env may make it stricter');
  }
});

test('production mail goes to the SMTP server .env names; the mail catcher runs only in the dev profile', () => {
  const config = loadConfig(resolved(api));
  assert.equal(config.mail.host, GIVEN.SMTP_HOST);
  assert.ok(!config.mail.catcherUrl, 'no mail catcher in production');
  assert.deepEqual(compose.services.mailpit.profiles, ['dev'], 'mailpit starts only with --profile dev');
  for (const [name, service] of Object.entries(compose.services)) {
    if (service.profiles?.includes('dev')) continue;
    const dependsOn = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
    assert.ok(!dependsOn.includes('mailpit'), `${name} (not a dev service) must not depend on mailpit`);
    assert.doesNotMatch(envText(service.environment), /mailpit/, `${name} must not send mail to mailpit by default`);
  }
  // The dev profile's settings go through the same variables.
  const dev = loadConfig(resolved(api, { ...GIVEN, SMTP_HOST: 'mailpit', SMTP_PORT: '1025', MAIL_CATCHER_URL: 'http://mailpit:8025' }));
  assert.equal(dev.mail.host, 'mailpit');
  assert.equal(dev.mail.port, 1025);
});

test("the app has its own MinIO user, never MinIO's root keys", () => {
  const minio = compose.services.minio.environment;
  assert.match(minio.MINIO_ROOT_USER, /^\$\{MINIO_ROOT_USER:\?.+\}$/);
  assert.match(minio.MINIO_ROOT_PASSWORD, /^\$\{MINIO_ROOT_PASSWORD:\?.+\}$/);
  for (const [service, env] of [['api', api], ['worker', worker]]) {
    assert.match(env.S3_ACCESS_KEY_ID, /^\$\{S3_ACCESS_KEY_ID:\?.+\}$/, `${service}: S3_ACCESS_KEY_ID is the app's own, required`);
    assert.doesNotMatch(envText(env), /MINIO_ROOT/, `${service} never sees MinIO's root keys`);
    const config = loadConfig(resolved(env));
    assert.equal(config.storage.accessKeyId, GIVEN.S3_ACCESS_KEY_ID);
    assert.equal(config.storage.secretAccessKey, GIVEN.S3_SECRET_ACCESS_KEY);
  }
  const withRoot = Object.entries(compose.services).filter(([, service]) => /MINIO_ROOT/.test(envText(service.environment))).map(([name]) => name).sort();
  assert.deepEqual(withRoot, ['minio', 'minio-init'], 'only MinIO and its one-shot set-up hold the root keys');
  assert.deepEqual(compose.services.api.depends_on['minio-init'], { condition: 'service_completed_successfully' }, 'the api starts once its user exists');
});

/**
 * Runs minio-init's script as its container would (compose's `$$` is `$`), with an `mc` that records its calls.
 * @param {Record<string, string>} env
 */
function runMinioInit(env) {
  const init = compose.services['minio-init'];
  assert.deepEqual(init.entrypoint.slice(0, 2), ['/bin/sh', '-euc']);
  const script = init.entrypoint[2].replace(/\$\$/g, '$');
  const dir = mkdtempSync(join(tmpdir(), 'minio-init-'));
  try {
    const log = join(dir, 'calls.log');
    writeFileSync(
      join(dir, 'mc'),
      `#!/bin/sh\nprintf '%s\\n' "$*" >> "${log}"\n` +
        `if [ "$1 $2 $3" = "admin policy create" ]; then cp "$6" "${dir}/policy.json"; fi\n` +
        `if [ "$1 $2 $3" = "admin policy attach" ] && [ -n "\${ALREADY_ATTACHED:-}" ]; then exit 1; fi\n` +
        `if [ "$1 $2 $3" = "admin user info" ]; then echo "PolicyName: \${APP_POLICY}"; fi\n`,
    );
    chmodSync(join(dir, 'mc'), 0o755);
    const vars = Object.fromEntries(Object.entries(init.environment).map(([name, value]) => [name, interpolate(value, GIVEN)]));
    const run = spawnSync('/bin/sh', ['-euc', script], { env: { PATH: `${dir}:/usr/bin:/bin`, ...vars, ...env }, encoding: 'utf8', timeout: 10000 });
    /** @type {string[]} */
    let calls = [];
    /** @type {{ Statement: { Effect: string, Action: string[], Resource: string[] }[] } | undefined} */
    let policy;
    try {
      calls = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
      policy = JSON.parse(readFileSync(join(dir, 'policy.json'), 'utf8'));
    } catch {
      // no call made, or no policy written
    }
    return { status: run.status, stderr: run.stderr, calls, policy, vars };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('minio-init creates the bucket, a policy for that bucket only, and the app user holding just that policy', () => {
  const { status, stderr, calls, policy, vars } = runMinioInit({});
  assert.equal(status, 0, stderr);
  assert.ok(policy, 'minio-init wrote a policy');
  const bucket = api.S3_BUCKET;
  assert.deepEqual(calls.slice(0, 3), [
    `alias set local http://minio:9000 ${GIVEN.MINIO_ROOT_USER} ${GIVEN.MINIO_ROOT_PASSWORD}`,
    `mb --ignore-existing local/${bucket}`,
    `anonymous set none local/${bucket}`,
  ]);
  assert.ok(calls.includes(`admin policy create local ${vars.APP_POLICY} /tmp/app-policy.json`), calls.join('\n'));
  assert.ok(calls.includes(`admin user add local ${GIVEN.S3_ACCESS_KEY_ID} ${GIVEN.S3_SECRET_ACCESS_KEY}`), 'the app user gets the keys the app is given');
  assert.ok(calls.includes(`admin policy attach local ${vars.APP_POLICY} --user ${GIVEN.S3_ACCESS_KEY_ID}`));
  assert.ok(!calls.some((call) => /readwrite|consoleAdmin|\bgroup\b/.test(call)), "no built-in policy (MinIO's readwrite covers every bucket)");
  // Read and write on the bucket and its objects, nothing else.
  const resources = policy.Statement.flatMap((statement) => statement.Resource).sort();
  assert.deepEqual(resources, [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`]);
  assert.ok(policy.Statement.every((statement) => statement.Effect === 'Allow' && statement.Action.every((action) => /^s3:[A-Za-z]+$/.test(action))), 'S3 actions only, no admin:*');
  const actions = policy.Statement.flatMap((statement) => statement.Action);
  for (const needed of ['s3:ListBucket', 's3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload']) assert.ok(actions.includes(needed), `the app needs ${needed}`);
  assert.ok(!actions.includes('s3:*') && !actions.includes('s3:DeleteBucket') && !actions.includes('s3:PutBucketPolicy'));
});

test('minio-init runs again without failing, and refuses to make the root keys the app keys', () => {
  assert.equal(runMinioInit({ ALREADY_ATTACHED: '1' }).status, 0, 'an attached policy is checked, not an error');
  /** @type {Record<string, string>[]} */
  const rootKeys = [{ S3_ACCESS_KEY_ID: GIVEN.MINIO_ROOT_USER }, { S3_SECRET_ACCESS_KEY: GIVEN.MINIO_ROOT_PASSWORD }];
  for (const env of rootKeys) {
    const { status, stderr, calls } = runMinioInit(env);
    assert.notEqual(status, 0);
    assert.match(stderr, /not MinIO's root keys/);
    assert.deepEqual(calls, [], 'nothing is done');
  }
});

test("compose's app services pass the backend's production config once the operator gives the secrets", () => {
  for (const env of [api, worker]) {
    const config = loadConfig(resolved(env));
    assert.equal(config.nodeEnv, 'production');
    assert.equal(config.seedDemoData, false, 'compose never seeds the demo accounts');
    assert.equal(config.bullBoardEnabled, false, 'Bull Board is opt-in in compose');
    assert.equal(config.apiDocsEnabled, false, 'the API docs are opt-in in compose');
  }
  assert.equal(api.SEED_DEMO_DATA, 'false', 'SEED_DEMO_DATA is fixed to false, not a default an operator flips by accident');
  // Turning demo data on is refused by the backend itself, not only by this file.
  assert.throws(() => loadConfig({ ...resolved(api), SEED_DEMO_DATA: 'true' }), /SEED_DEMO_DATA must be false in production/);
});

test('the api trusts only the proxy network (nginx) for the client address, and nginx reports the address that connected', () => {
  const config = loadConfig(resolved(api));
  const subnet = compose.networks?.proxy?.ipam?.config?.[0]?.subnet;
  assert.ok(subnet, 'compose fixes the proxy network\'s subnet');
  assert.deepEqual(config.trustProxy, [subnet], 'TRUST_PROXY is the proxy network\'s CIDR, never a hop count or true');
  const onProxy = Object.entries(compose.services).filter(([, service]) => (service.networks ?? []).includes('proxy')).map(([name]) => name).sort();
  assert.deepEqual(onProxy, ['api', 'web'], 'only nginx and the api share the trusted network');
  assert.equal(compose.services.api.ports, undefined, 'the api publishes no port');
  const apiLocation = /location \/api\/ \{([^}]*)\}/.exec(site)?.[1] ?? '';
  assert.match(apiLocation, /proxy_set_header X-Forwarded-For \$remote_addr;/, 'nginx replaces X-Forwarded-For with $remote_addr');
  assert.doesNotMatch(site, /\$proxy_add_x_forwarded_for/, 'appending keeps what the client wrote');
});

/**
 * `add_header Name "value" always;` lines of the snippet, names lower-cased as the API writes them.
 * @param {string} text
 * @param {Record<string, string>} variables
 */
function nginxHeaders(text, variables) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const m = /^add_header ([\w-]+) "([^"]*)" always;$/.exec(line.trim());
    assert.ok(m, `every security header is sent \`always\` (also on errors): ${line}`);
    headers[m[1].toLowerCase()] = m[2].replace(/\$(\w+)/g, (_, name) => variables[name] ?? `$${name}`);
  }
  return headers;
}

/**
 * Evaluates the template's `map "${WEB_ORIGIN}" $var { "~regex" "value"; }` as nginx would at start.
 * @param {string} template
 * @param {Record<string, string>} env
 */
function mappedVariables(template, env) {
  const text = interpolate(template, env);
  /** @type {Record<string, string>} */
  const variables = {};
  for (const [, source, name, body] of text.matchAll(/map "([^"]*)" \$(\w+) \{([^}]*)\}/g)) {
    for (const [, pattern, value] of body.matchAll(/"~([^"]+)" "([^"]*)";/g)) {
      const m = new RegExp(pattern).exec(source);
      if (m) {
        variables[name] = value.replace(/\$(\w+)/g, (_, v) => m.groups?.[v] ?? '');
        break;
      }
    }
  }
  return variables;
}

test("the web tier sends the API's security headers, with the compose origins", () => {
  const web = compose.services.web.environment;
  assert.equal(web.WEB_ORIGIN, api.WEB_ORIGIN, "the web service's WEB_ORIGIN is the api's");
  assert.match(dockerfile, /ENV NGINX_ENVSUBST_FILTER=\^WEB_ORIGIN\$ WEB_ORIGIN=(\S+)/, 'the template substitutes WEB_ORIGIN only, never nginx variables, with a default');
  const imageDefault = /ENV NGINX_ENVSUBST_FILTER=\S+ WEB_ORIGIN=(\S+)/.exec(dockerfile)?.[1];
  assert.equal(imageDefault, loadConfig({}).webOrigin, "the web image's default WEB_ORIGIN is the backend's");
  const config = loadConfig(resolved(api));
  for (const origin of [config.webOrigin, 'https://redpen.example']) {
    const expected = securityHeaders(new URL(config.storage.endpoint).origin, origin);
    assert.deepEqual(nginxHeaders(snippet, mappedVariables(site, { WEB_ORIGIN: origin })), { ...expected });
  }
  assert.match(securityHeaders('http://s3', 'https://redpen.example')['content-security-policy'], /connect-src 'self' wss:\/\/redpen\.example http:\/\/s3;/);
});

test('every nginx location that serves files sends the security headers; /api/ passes on the API own', () => {
  const locations = [...site.matchAll(/location ([^{]+)\{([^}]*)\}/g)].map(([, path, body]) => ({ path: path.trim(), body }));
  assert.ok(locations.length >= 4);
  for (const { path, body } of locations) {
    const includes = body.includes(`include ${SNIPPET_PATH};`);
    if (path === '/api/') assert.ok(!includes, 'the API sets its own headers; nginx would send them twice');
    else assert.ok(includes, `location ${path} must include ${SNIPPET_PATH} (a location with its own add_header drops the server's)`);
  }
  assert.doesNotMatch(site.replace(/location [^{]+\{[^}]*\}/g, ''), /add_header/, 'server-level add_header lines are dropped wherever a location has its own');
});

test('the image runs the API and the worker with the same V8 flags as npm start and the benchmarks', () => {
  const app = /FROM \S+ AS app\n([\s\S]*?)(?:\nFROM |$)/.exec(dockerfile)?.[1] ?? '';
  const nodeOptions = /^ENV .*\bNODE_OPTIONS=(\S+)/m.exec(app)?.[1];
  assert.equal(nodeOptions, BACKEND_NODE_FLAGS.join(' '), 'the app stage sets NODE_OPTIONS to scripts/lib/node-flags.mjs');
  // The worker service runs the same image, so it inherits them; compose must not override NODE_OPTIONS.
  for (const service of ['api', 'worker']) assert.equal(compose.services[service].environment.NODE_OPTIONS, undefined, `${service} keeps the image's NODE_OPTIONS`);
});

test("each npm ci stage sees every workspace's package.json; the image ships the workspaces the API loads", () => {
  /** @type {{ workspaces: string[] }} */
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)\n([\s\S]*?)(?=\nFROM |(?![\s\S]))/gm)].map(([, name, body]) => ({ name, body }));
  const ciStages = stages.filter((s) => /\bnpm ci\b/.test(s.body));
  assert.deepEqual(ciStages.map((s) => s.name), ['deps', 'prod-deps']);
  for (const { name, body } of ciStages) {
    const ci = body.search(/\bnpm ci\b/);
    for (const ws of root.workspaces) {
      const copy = body.indexOf(`COPY ${ws}/package.json ${ws}/`);
      assert.ok(copy >= 0 && copy < ci, `stage ${name} copies ${ws}/package.json before npm ci (npm ci refuses a lock file naming a missing workspace)`);
    }
  }
  const build = stages.find((s) => s.name === 'build')?.body ?? '';
  for (const ws of root.workspaces) assert.match(build, new RegExp(`^COPY ${ws} ${ws}$`, 'm'), `the build stage copies ${ws}/`);
  // A workspace the backend depends on is linked from node_modules and loaded from its sources at run time.
  /** @type {{ dependencies: Record<string, string> }} */
  const backendPackage = JSON.parse(readFileSync(join(ROOT, 'backend', 'package.json'), 'utf8'));
  const app = stages.find((s) => s.name === 'app')?.body ?? '';
  for (const ws of root.workspaces) {
    /** @type {{ name: string }} */
    const pkg = JSON.parse(readFileSync(join(ROOT, ws, 'package.json'), 'utf8'));
    if (!(pkg.name in backendPackage.dependencies)) continue;
    assert.match(app, new RegExp(`^COPY ${ws}/package\\.json ${ws}/$`, 'm'), `the app stage copies ${ws}/package.json`);
    assert.match(app, new RegExp(`^COPY ${ws}/src ${ws}/src$`, 'm'), `the app stage copies ${ws}/src (the API imports ${pkg.name})`);
  }
});
