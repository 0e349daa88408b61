// Unit tests of the root scripts' helpers (fast, no services needed).
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { databaseName, hostPort, isLocalHost, parseEnv, withDatabase } from './lib/env.mjs';
import { lineTransform, prettyLogLine, wantsPrettyLogs } from './lib/logs.mjs';
import { stagesOf } from './lib/stages.mjs';
import { checkPostgres, checkRedis, plannedServices, START_HINT } from './local-services.mjs';

test('parseEnv reads comments, quotes, empty values and export', () => {
  const env = parseEnv(`# comment\nA=1\nexport B="two words" \nC='x # y'\nD=\nE=plain # trailing\nMAIL_FROM="Redpen <no-reply@redpen.local>"\n`);
  assert.deepEqual(env, { A: '1', B: 'two words', C: 'x # y', D: '', E: 'plain', MAIL_FROM: 'Redpen <no-reply@redpen.local>' });
});

test('URL helpers', () => {
  assert.deepEqual(hostPort('postgres://postgres@127.0.0.1/redpen'), { host: '127.0.0.1', port: 5432 });
  assert.deepEqual(hostPort('http://[::1]:9000'), { host: '::1', port: 9000 });
  assert.equal(withDatabase('postgres://u:p@h:5432/redpen?sslmode=disable', 'redpen_test'), 'postgres://u:p@h:5432/redpen_test?sslmode=disable');
  assert.equal(databaseName('postgres://h/redpen_e2e'), 'redpen_e2e');
  assert.ok(isLocalHost('localhost') && isLocalHost('127.0.0.1') && !isLocalHost('minio'));
});

test('local services are planned only for local endpoints', () => {
  const local = plannedServices({ S3_ENDPOINT: 'http://127.0.0.1:9000', SMTP_HOST: 'localhost', SMTP_PORT: '1025', MAIL_CATCHER_URL: 'http://127.0.0.1:1080' });
  assert.deepEqual(local.map((s) => [s.name, s.local, s.ports]), [['s3rver', true, [9000]], ['maildev', true, [1025, 1080]]]);
  const remote = plannedServices({ S3_ENDPOINT: 'http://minio:9000', SMTP_HOST: 'mailpit', SMTP_PORT: '1025', MAIL_CATCHER_URL: 'http://mailpit:8025' });
  assert.ok(remote.every((s) => !s.local));
});

test('the dev S3 endpoint and the mail catcher listen on loopback only (s3rver checks no signatures)', () => {
  for (const endpoint of ['http://127.0.0.1:9000', 'http://localhost:9000']) {
    const [s3] = plannedServices({ S3_ENDPOINT: endpoint });
    const at = s3?.args.indexOf('--address') ?? -1;
    assert.ok(at > 0, 's3rver is given an address to bind');
    assert.equal(s3?.args[at + 1], '127.0.0.1');
  }
  const [, mail] = plannedServices({ S3_ENDPOINT: 'http://127.0.0.1:9000', SMTP_HOST: '127.0.0.1', SMTP_PORT: '1025' });
  assert.equal(mail?.args[mail.args.indexOf('--ip') + 1], '127.0.0.1');
  assert.equal(mail?.args[mail.args.indexOf('--web-ip') + 1], '127.0.0.1');
});

async function closedPort() {
  const srv = net.createServer();
  await /** @type {Promise<void>} */ (new Promise((r) => srv.listen(0, '127.0.0.1', r)));
  const { port } = /** @type {net.AddressInfo} */ (srv.address());
  await new Promise((r) => srv.close(r));
  return port;
}

test('an unreachable PostgreSQL or Redis is reported in one line with the two ways to get it', async () => {
  const port = await closedPort();
  const pg = await checkPostgres(`postgres://postgres@127.0.0.1:${port}/redpen`);
  assert.equal(pg.ok, false);
  assert.equal(pg.reason, `PostgreSQL is not reachable at 127.0.0.1:${port}. ${START_HINT}`);
  const redis = await checkRedis(`redis://127.0.0.1:${port}`);
  assert.equal(redis.reason, `Redis is not reachable at 127.0.0.1:${port}. ${START_HINT}`);
  assert.ok(!pg.reason.includes('\n') && !redis.reason.includes('\n'));
});

test('npm start / npm run dev render log lines for a person only on a terminal outside production', () => {
  assert.equal(wantsPrettyLogs({ isTTY: true, nodeEnv: undefined }), true);
  assert.equal(wantsPrettyLogs({ isTTY: true, nodeEnv: 'development' }), true);
  assert.equal(wantsPrettyLogs({ isTTY: false, nodeEnv: 'development' }), false);
  assert.equal(wantsPrettyLogs({ isTTY: undefined, nodeEnv: undefined }), false);
  assert.equal(wantsPrettyLogs({ isTTY: true, nodeEnv: 'production' }), false);
});

test("the backend's JSON log lines become one readable line each; other output passes through", async () => {
  const format = await prettyLogLine();
  assert.ok(format, 'pino-pretty is installed');
  const json = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, hostname: 'h', service: 'redpen', reqId: 'r-1', msg: 'request completed', responseTime: 2.5 });
  const stream = lineTransform(format);
  let out = '';
  stream.on('data', (chunk) => (out += chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  // Split mid-line, as a pipe may deliver it; the last line has no newline.
  stream.write(`${json.slice(0, 20)}`);
  stream.end(`${json.slice(20)}\nDemo data created: admin@redpen.local / Admin!2345\n{"level":50,"msg":"boom","context":"MailProcessor"}`);
  await ended;
  const lines = out.split('\n');
  assert.match(lines[0], /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed \{.*"reqId":"r-1".*"responseTime":2\.5.*\}$/);
  assert.doesNotMatch(lines[0], /hostname|"pid"|"service"/);
  assert.equal(lines[1], 'Demo data created: admin@redpen.local / Admin!2345');
  assert.match(lines[2], /ERROR: \[MailProcessor\] boom$/);
});

test('npm test runs the backend lane beside the web lane, each in order, and everything else alone', () => {
  /** @param {string} name @param {'backend' | 'web'} [lane] */
  const step = (name, lane) => ({ name, title: name, cmd: 'x', args: [], lane });
  const plan = [step('lint'), step('unit', 'backend'), step('e2e', 'backend'), step('vitest', 'web'), step('build', 'web'), step('browser')];
  const names = (/** @type {{ name: string }[][][]} */ stages) => stages.map((lanes) => lanes.map((lane) => lane.map((s) => s.name)));
  assert.deepEqual(names(stagesOf(plan)), [[['lint']], [['unit', 'e2e'], ['vitest', 'build']], [['browser']]]);
  assert.deepEqual(names(stagesOf(plan, { serial: true })), plan.map((s) => [[s.name]]));
  // One lane left (`--only unit,e2e`): its steps run one after another, unprefixed.
  assert.deepEqual(names(stagesOf(plan.slice(1, 3))), [[['unit']], [['e2e']]]);
});
