import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The hooks @fastify/multipart adds for `saveRequestFiles` (disk mode): delete the temp files a request saved. */
const DISK_MODE_HOOKS = new Set(['onRequest', 'onResponse']);

/**
 * @fastify/multipart (the content-type parser, `request.isMultipart()`, `request.parts()`) without its two
 * disk-mode hooks. This API never saves uploads to disk: UploadService streams every part to storage. Those hooks
 * ran on every request of every route, an async `onRequest` adding a `close` listener and an async `onResponse`,
 * two promises and a closure per request that a public GET paid for too (docs/benchmarks.md). Nothing here may
 * call `saveRequestFiles`: its temp files would no longer be removed.
 */
export async function streamedMultipart(instance: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const withoutDiskHooks: FastifyInstance = new Proxy(instance, {
    get(target, property) {
      if (property === 'addHook') {
        return (name: string, hook: never) => (DISK_MODE_HOOKS.has(name) ? withoutDiskHooks : target.addHook(name as 'onRequest', hook));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await new Promise<void>((resolve, reject) => {
    // The plugin's own function, as `register` would call it, on the instance above.
    (multipart as unknown as (fastify: FastifyInstance, opts: FastifyMultipartOptions, done: (error?: Error) => void) => void)(withoutDiskHooks, options, (error) => (error ? reject(error) : resolve()));
  });
}
// Like fastify-plugin: the parser and the request decorators belong to the root context, where Nest's routes are.
Object.assign(streamedMultipart, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'streamed-multipart' });
