// The worker entry (`src/worker.ts`) with the test's handler module beside the features: spawned by
// job-dispatch.e2e-spec.ts as a separate worker process, configured by the environment like the real one.
import 'reflect-metadata';
import { loadConfig } from '../../src/config/env.schema.js';
import { createWorker } from '../../src/worker.factory.js';
import { TwoJobsModule } from './two-jobs.module.js';

await createWorker(loadConfig(), { modules: [TwoJobsModule], logger: false });
process.stdout.write('worker ready\n');
