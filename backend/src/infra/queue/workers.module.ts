import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobWorkers } from './job-workers.service.js';

/**
 * The workers: imported by `worker.ts`, and by `main.ts` when WORKERS=inline. It names no feature module:
 * the handlers are `@OnJob` methods of whatever modules the application loads (see JobWorkers).
 */
@Module({ imports: [DiscoveryModule], providers: [JobWorkers], exports: [JobWorkers] })
export class WorkersModule {}
