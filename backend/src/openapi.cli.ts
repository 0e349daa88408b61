import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument } from './app.factory.js';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/env.schema.js';

/**
 * Writes backend/openapi.json without touching any service: preview mode reads the controllers'
 * metadata but instantiates no provider. The frontend's API types are generated from this file.
 */
const app = await NestFactory.create<NestFastifyApplication>(AppModule.register({ config: loadConfig(), workers: false }), new FastifyAdapter(), {
  preview: true,
  logger: false,
});
app.setGlobalPrefix('api');
const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
console.log(`OpenAPI document written to ${target}`);
process.exit(0);
