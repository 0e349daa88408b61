// The floor for the http scenario: Nest 12 on Fastify with nothing of Redpen's — no guards, pipes, filters,
// request log, CORS, multipart or modules — answering the recorded paths from one controller and sending the
// backend's headers from one onRequest hook (a fresh request id each time, as the backend does). What Nest and
// Fastify cost before any feature of ours: the backend can come close to this, not beat it.
// Usage: node nest-floor.mjs <port> <responses.json> (the bare server's file). Prints "listening <port>" when ready.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const [port, file] = process.argv.slice(2);
/** @type {Record<string, { contentType: string, headers?: Record<string, string>, bodyBase64: string }>} */
const recorded = JSON.parse(readFileSync(file, 'utf8'));
// Only the JSON paths Nest serialises as the backend does; the signed-in path needs Redpen's guard to mean anything.
const paths = Object.keys(recorded).filter((path) => /json/.test(recorded[path].contentType) && !path.startsWith('/api/auth/'));
const first = recorded[paths[0]];
// Fastify sets content-type (and length) itself; the request id is minted per request.
const replayed = Object.fromEntries(Object.entries(first.headers ?? {}).filter(([name]) => name !== 'content-type' && name !== 'x-request-id'));

class FloorController {}
paths.forEach((path, i) => {
  const body = JSON.parse(Buffer.from(recorded[path].bodyBase64, 'base64').toString('utf8'));
  const method = `route${i}`;
  Object.defineProperty(FloorController.prototype, method, { value: () => body, writable: true, configurable: true });
  Reflect.decorate([Get(path)], FloorController.prototype, method, Object.getOwnPropertyDescriptor(FloorController.prototype, method));
});
Reflect.decorate([Controller()], FloorController);
class FloorModule {}
Reflect.decorate([Module({ controllers: [FloorController] })], FloorModule);

/** @type {import('@nestjs/platform-fastify').NestFastifyApplication} */
const app = await NestFactory.create(FloorModule, new FastifyAdapter({ logger: false, genReqId: () => randomUUID() }), { logger: false });
app.getHttpAdapter().getInstance().addHook('onRequest', (request, reply, done) => {
  void reply.headers(replayed).header('x-request-id', request.id);
  done();
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`listening ${port}`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void app.close().then(() => process.exit(0)));
