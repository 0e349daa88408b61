// Checks deploy/kubernetes without a cluster: `kubectl kustomize` renders each overlay, every core object validates
// against the Kubernetes schemas (kubernetes-models), the app's containers name exactly the variables of
// ENV_VARIABLE_NAMES (backend/src/config/env.schema.ts) and pass the backend's production config, no Secret carries a
// value, every app container runs locked down, and the API's shutdown fits its grace period.
// Run by `npm test` (scripts step); on its own: node --test scripts/kubernetes.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT } from './lib/env.mjs';

const KUBECTL = process.env.KUBECTL ?? '/usr/bin/kubectl';
const DIR = join(ROOT, 'deploy', 'kubernetes');
const OVERLAYS = ['dev', 'production'];
/** Kinds of custom resources (no schema in kubernetes-models): checked by hand below, skipped by the schema check. */
const CUSTOM_KINDS = new Set(['monitoring.coreos.com/v1/ServiceMonitor']);
const APP_IMAGES = /^(?:redpen-app|redpen-web|registry\.example\/redpen\/(?:app|web))(?::|$)/;
const SECRET_KEYS = ['JWT_SECRET', 'DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_PASS', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

/** @typedef {{ apiVersion: string, kind: string, metadata: { name: string, labels?: Record<string, string>, annotations?: Record<string, string> }, spec?: any, data?: Record<string, string>, stringData?: Record<string, string> }} K8sObject */

/** @param {string} overlay @returns {K8sObject[]} */
function render(overlay) {
  assert.ok(existsSync(KUBECTL), `kubectl is needed to render deploy/kubernetes (looked for ${KUBECTL}; set KUBECTL to its path)`);
  const result = spawnSync(KUBECTL, ['kustomize', join(DIR, 'overlays', overlay)], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(result.status, 0, `kubectl kustomize overlays/${overlay} failed: ${result.error?.message ?? result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJS()).filter(Boolean);
}
const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, render(overlay)]));

/** @param {K8sObject[]} objects @param {string} kind @param {string} name */
const find = (objects, kind, name) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  assert.ok(found, `no ${kind} ${name}`);
  return /** @type {K8sObject} */ (found);
};
/** Pod specs of workloads, with their owner's name. @param {K8sObject[]} objects */
const podSpecs = (objects) =>
  objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind)).map((o) => ({ owner: `${o.kind} ${o.metadata.name}`, spec: o.spec.template.spec }));
/** @param {K8sObject[]} objects */
const appContainers = (objects) =>
  podSpecs(objects).flatMap(({ owner, spec }) =>
    [...(spec.initContainers ?? []), ...spec.containers].filter((c) => APP_IMAGES.test(c.image)).map((container) => ({ owner, spec, container })),
  );

function envVariableNames() {
  const text = readFileSync(join(ROOT, 'backend', 'src', 'config', 'env.schema.ts'), 'utf8');
  const m = /export const ENV_VARIABLE_NAMES\s*=\s*\[([\s\S]*?)\]/.exec(text);
  assert.ok(m, 'backend/src/config/env.schema.ts must export ENV_VARIABLE_NAMES = [ ... ]');
  return [...m[1].matchAll(/['"`]([A-Z][A-Z0-9_]*)['"`]/g)].map((x) => x[1]).sort();
}

for (const overlay of OVERLAYS) {
  const objects = rendered[overlay];

  test(`${overlay}: every core object validates against the Kubernetes schemas`, async () => {
    assert.ok(objects.length > 10, 'the overlay renders the platform');
    for (const object of objects) {
      const id = `${object.apiVersion}/${object.kind}`;
      if (CUSTOM_KINDS.has(id)) continue;
      /** @type {Record<string, any>} */
      const models = await import(`kubernetes-models/${object.apiVersion}`).catch(() => assert.fail(`${id} (${object.metadata.name}): kubernetes-models has no ${object.apiVersion}`));
      const Model = models[object.kind];
      assert.ok(Model, `${id} (${object.metadata.name}): not a kind of ${object.apiVersion}`);
      assert.doesNotThrow(() => new Model(object).validate(), `${id} ${object.metadata.name} does not validate`);
    }
    const monitor = find(objects, 'ServiceMonitor', 'redpen');
    assert.deepEqual(monitor.spec.endpoints.map((/** @type {any} */ e) => [e.port, e.path]), [['metrics', '/api/metrics']]);
  });

  test(`${overlay}: the app's containers name every variable of ENV_VARIABLE_NAMES, and no other`, () => {
    const expected = envVariableNames();
    const configMaps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]));
    for (const { owner, container } of appContainers(objects).filter(({ container }) => /app/.test(container.image))) {
      /** @type {Record<string, string>} */
      const env = {};
      for (const from of container.envFrom ?? []) {
        assert.ok(from.configMapRef, `${owner}: envFrom takes ConfigMaps only (secrets go one by one by secretKeyRef)`);
        const data = configMaps.get(from.configMapRef.name);
        assert.ok(data, `${owner}: ConfigMap ${from.configMapRef.name} is not rendered`);
        Object.assign(env, data);
      }
      for (const entry of container.env ?? []) {
        if (entry.valueFrom?.secretKeyRef) {
          assert.equal(entry.valueFrom.secretKeyRef.name, 'redpen-secrets', `${owner}: ${entry.name} comes from redpen-secrets`);
          assert.equal(entry.valueFrom.secretKeyRef.key, entry.name);
        }
        env[entry.name] = entry.value ?? `<${entry.name}>`;
      }
      assert.deepEqual(Object.keys(env).sort(), expected, `${owner}: the variables differ from ENV_VARIABLE_NAMES`);
      for (const name of SECRET_KEYS) {
        const entry = container.env.find((/** @type {any} */ e) => e.name === name);
        assert.ok(entry?.valueFrom?.secretKeyRef, `${owner}: ${name} is a secret: by secretKeyRef, never in a ConfigMap`);
      }
      assert.equal(env.WORKERS, 'off', `${owner}: WORKERS=off (the worker Deployment runs the jobs)`);
      assert.equal(env.DB_MIGRATE_ON_START, 'false', `${owner}: DB_MIGRATE_ON_START=false (the migration Job migrates)`);
    }
  });

  test(`${overlay}: the backend accepts the rendered configuration in production`, async () => {
    const { loadConfig } = await import(pathToFileURL(join(ROOT, 'backend', 'src', 'config', 'env.schema.ts')).href);
    const data = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('redpen-config'))?.data;
    assert.ok(data, 'the redpen-config ConfigMap is rendered');
    const secrets = {
      JWT_SECRET: 'an-operator-secret-0123456789abcdef',
      DATABASE_URL: 'postgres://redpen:pw@postgres:5432/redpen',
      REDIS_URL: 'redis://:pw@redis:6379',
      S3_ACCESS_KEY_ID: 'redpen-app',
      S3_SECRET_ACCESS_KEY: 'app-secret-0123456789',
    };
    const config = loadConfig({ ...data, ...secrets, WORKERS: 'off', DB_MIGRATE_ON_START: 'false' });
    assert.equal(config.nodeEnv, 'production');
    assert.equal(config.metricsPort, 9464);
    assert.notEqual(config.trustProxy, true);
    assert.equal(config.seedDemoData, false);
  });

  test(`${overlay}: no Secret is rendered, so no value of one is in the repository`, () => {
    for (const object of objects.filter((o) => o.kind === 'Secret')) {
      assert.deepEqual({ ...object.data, ...object.stringData }, {}, `Secret ${object.metadata.name} carries values`);
    }
  });

  test(`${overlay}: every app container runs as non-root on a read-only root, unprivileged, no capabilities, RuntimeDefault seccomp`, () => {
    const found = appContainers(objects);
    assert.ok(found.length >= 4, 'the API, worker, migration and web containers');
    for (const { owner, spec, container } of found) {
      const c = container.securityContext ?? {};
      const where = `${owner}, container ${container.name}`;
      assert.equal(c.runAsNonRoot ?? spec.securityContext?.runAsNonRoot, true, `${where}: runAsNonRoot`);
      assert.equal(c.readOnlyRootFilesystem, true, `${where}: readOnlyRootFilesystem`);
      assert.equal(c.allowPrivilegeEscalation, false, `${where}: allowPrivilegeEscalation false`);
      assert.deepEqual(c.capabilities?.drop, ['ALL'], `${where}: capabilities drop ALL`);
      assert.equal((c.seccompProfile ?? spec.securityContext?.seccompProfile)?.type, 'RuntimeDefault', `${where}: seccomp RuntimeDefault`);
      assert.ok(container.resources?.requests && container.resources?.limits, `${where}: resource requests and limits`);
      if (/app/.test(container.image)) {
        // Uploads spool to os.tmpdir(): a writable /tmp on the read-only root.
        const tmp = container.volumeMounts?.find((/** @type {any} */ m) => m.mountPath === '/tmp');
        assert.ok(tmp && spec.volumes.find((/** @type {any} */ v) => v.name === tmp.name)?.emptyDir, `${where}: an emptyDir at /tmp`);
      }
    }
    if (overlay === 'production') {
      // Production runs nothing but the app: every container of every workload is locked down.
      const all = podSpecs(objects).flatMap(({ spec }) => spec.containers);
      assert.equal(all.length, found.length, 'every production container is one of the app\'s');
    }
  });

  test(`${overlay}: the API drains before it stops, within a grace period longer than its shutdown deadline`, () => {
    const deadlineMs = Number(/SHUTDOWN_DEADLINE_MS = ([\d_]+)/.exec(readFileSync(join(ROOT, 'backend', 'src', 'infra', 'shutdown-deadline.ts'), 'utf8'))?.[1].replaceAll('_', ''));
    assert.ok(deadlineMs > 0, 'SHUTDOWN_DEADLINE_MS is read from backend/src/infra/shutdown-deadline.ts');
    const api = find(objects, 'Deployment', 'redpen-api');
    const pod = api.spec.template.spec;
    const [container] = pod.containers;
    assert.deepEqual(container.command, ['node', 'dist/main.js']);
    assert.equal(container.readinessProbe.httpGet.path, '/api/health/ready');
    assert.equal(container.livenessProbe.httpGet.path, '/api/health');
    const sleep = Number(container.lifecycle.preStop.exec.command.at(-1));
    assert.ok(sleep > 0 && container.lifecycle.preStop.exec.command[0] === 'sleep', 'a preStop sleep drains the endpoint');
    assert.ok(pod.terminationGracePeriodSeconds >= sleep + deadlineMs / 1000, `terminationGracePeriodSeconds (${pod.terminationGracePeriodSeconds}) covers the preStop sleep (${sleep} s) and the shutdown deadline (${deadlineMs / 1000} s)`);
    assert.deepEqual(find(objects, 'Deployment', 'redpen-worker').spec.template.spec.containers[0].command, ['node', 'dist/worker.js']);
    assert.deepEqual(find(objects, 'Job', 'redpen-migrate').spec.template.spec.containers[0].command, ['node', 'dist/migrate.js']);
    for (const name of ['redpen-api', 'redpen-worker']) {
      const hpa = find(objects, 'HorizontalPodAutoscaler', name);
      assert.equal(hpa.spec.scaleTargetRef.name, name);
      assert.equal(hpa.spec.metrics[0].resource.name, 'cpu');
      find(objects, 'PodDisruptionBudget', name);
      assert.equal(find(objects, 'Deployment', name).spec.replicas, undefined, `${name}: the HPA owns the replica count`);
    }
  });

  test(`${overlay}: the metrics port is reachable only inside the cluster, from the monitoring namespace`, () => {
    const service = find(objects, 'Service', 'redpen-api');
    assert.equal(service.spec.type, 'ClusterIP');
    for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
      for (const rule of ingress.spec.rules) {
        for (const path of rule.http.paths) assert.notEqual(path.backend.service.port.name ?? path.backend.service.port.number, 'metrics');
      }
    }
    const policy = find(objects, 'NetworkPolicy', 'redpen-api');
    const metricsRule = policy.spec.ingress.find((/** @type {any} */ r) => r.ports.some((/** @type {any} */ p) => p.port === 9464));
    assert.deepEqual(metricsRule.from, [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
    const deny = find(objects, 'NetworkPolicy', 'default-deny');
    assert.deepEqual(deny.spec, { podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  });

  test(`${overlay}: the ingress carries socket.io's websockets with sticky sessions, as the client starts with polling`, () => {
    const client = readFileSync(join(ROOT, 'frontend', 'src', 'lib', 'chat-socket.ts'), 'utf8');
    const api = find(objects, 'Ingress', 'redpen-api');
    const annotations = api.metadata.annotations ?? {};
    assert.ok(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) >= 3600);
    assert.ok(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout']) >= 3600);
    if (/transports:\s*\[[^\]]*'polling'/.test(client)) {
      assert.equal(annotations['nginx.ingress.kubernetes.io/affinity'], 'cookie', 'polling needs every request of a socket on one API pod');
    }
    assert.equal(api.spec.rules[0].http.paths[0].path, '/api');
    if (overlay === 'production') {
      assert.deepEqual(api.spec.tls?.[0]?.secretName, 'redpen-tls', 'TLS by reference to a Secret made outside the repository');
    }
  });
}

test('the web nginx caches hashed assets for a year and revalidates HTML', () => {
  const objects = rendered.production;
  const nginx = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('redpen-web-nginx'))?.data?.['default.conf.template'];
  assert.ok(nginx, 'the web nginx ConfigMap is rendered');
  assert.match(nginx, /location \/assets\/ \{[^}]*add_header Cache-Control "public, max-age=31536000, immutable";/);
  assert.match(nginx, /location \/ \{[^}]*add_header Cache-Control "no-cache";/);
  assert.match(nginx, /location = \/ \{[^}]*add_header Cache-Control "no-cache";/);
  assert.match(nginx, /proxy_pass http:\/\/redpen_api;/);
  assert.match(nginx, /server redpen-api:3000;/);
});

test('production trusts X-Forwarded-For from the ingress controller\'s CIDR only, never `true`', () => {
  const data = rendered.production.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('redpen-config'))?.data ?? {};
  assert.match(data.TRUST_PROXY, /^\d+\.\d+\.\d+\.\d+\/\d+$/);
});

test('the example Secrets are outside every kustomization and hold placeholders only', () => {
  const examples = [join(DIR, 'secret.example.yaml'), join(DIR, 'overlays', 'dev', 'dev-services-secret.example.yaml')];
  // What each kustomization reads (resources, generators' files), not its comments.
  const kustomizations = [join(DIR, 'base'), ...OVERLAYS.map((o) => join(DIR, 'overlays', o))].map((d) => JSON.stringify(parse(readFileSync(join(d, 'kustomization.yaml'), 'utf8'))));
  for (const path of examples) {
    const secret = parse(readFileSync(path, 'utf8'));
    assert.equal(secret.kind, 'Secret');
    for (const [key, value] of Object.entries(secret.stringData)) assert.match(String(value), /REPLACE_ME/, `${path}: ${key} is a placeholder`);
    for (const text of kustomizations) assert.doesNotMatch(text, /secret\.example\.yaml/, `${path} must not be rendered`);
  }
  const appSecret = parse(readFileSync(examples[0], 'utf8'));
  const referenced = new Set(appContainers(rendered.production).flatMap(({ container }) => (container.env ?? []).filter((/** @type {any} */ e) => e.valueFrom?.secretKeyRef).map((/** @type {any} */ e) => e.valueFrom.secretKeyRef.key)));
  assert.deepEqual(Object.keys(appSecret.stringData).sort(), [...referenced].sort(), 'secret.example.yaml lists every key the containers read');
  assert.match(readFileSync(join(ROOT, '.gitignore'), 'utf8'), /^deploy\/kubernetes\/\*\*\/\*\.local\.yaml$/m, 'filled-in Secrets (*.local.yaml) are ignored by git');
});
