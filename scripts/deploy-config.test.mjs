// Checks docker-compose.yml and the Dockerfile's nginx config against the backend's own rules, since no Docker
// engine runs here: the compose api's environment passes the backend's production config, secrets have no
// published fallback, only the proxy hop is trusted for client addresses, the web tier sends the API's
// security headers, and every image stage has the workspaces it needs (shared/ included). Run by `npm test` (scripts step); on its own: node --test scripts/deploy-config.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
/** @param {Record<string, unknown>} env @param {Record<string, string>} [given] */
const resolved = (env, given = { JWT_SECRET: SECRET, S3_SECRET_ACCESS_KEY: SECRET }) =>
  Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolate(value, given)]));

test('compose has no published signing or storage secret to fall back on', () => {
  for (const [service, env] of [['api', api], ['worker', worker]]) {
    assert.match(env.JWT_SECRET, /^\$\{JWT_SECRET:\?.+\}$/, `${service}: JWT_SECRET must be required (\${JWT_SECRET:?…}), never defaulted`);
    assert.match(env.S3_SECRET_ACCESS_KEY, /^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/, `${service}: S3_SECRET_ACCESS_KEY must be required`);
  }
  assert.throws(() => resolved(api, { S3_SECRET_ACCESS_KEY: SECRET }), /JWT_SECRET has no default/);
  assert.throws(() => resolved(api, { JWT_SECRET: SECRET }), /S3_SECRET_ACCESS_KEY has no default/);
  // MinIO and its bucket job take the same operator-given secret, not one written in the file.
  assert.equal(compose.services.minio.environment.MINIO_ROOT_PASSWORD, api.S3_SECRET_ACCESS_KEY);
  assert.equal(compose.services['minio-init'].environment.MINIO_ROOT_PASSWORD, api.S3_SECRET_ACCESS_KEY);
  assert.doesNotMatch(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), /redpen-minio-secret|compose-only-secret/);
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
