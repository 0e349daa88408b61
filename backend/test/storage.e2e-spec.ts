import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { StorageService } from '../src/infra/storage/storage.service.js';
import { bootApp } from './support/app.js';

describe('S3 storage', () => {
  let app: NestFastifyApplication;
  let storage: StorageService;

  beforeAll(async () => {
    ({ app } = await bootApp({ S3_BUCKET: `redpen-test-${Date.now()}` }));
    storage = app.get(StorageService);
  });
  afterAll(async () => app?.close());

  it('creates its bucket at boot', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('round-trips a streamed file through a presigned download link, then deletes it', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123); // more than one multipart part
    const key = `essays/test/${Date.now()}.pdf`;
    const stored = await storage.upload(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'application/pdf');
    expect(stored.size).toBe(bytes.length);

    const url = await storage.presignedDownloadUrl(key, 'My essay.pdf');
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    await storage.delete(key);
    await expect(storage.read(key)).rejects.toThrow();
  });
});
