import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { StorageService, UPLOAD_PART_BYTES } from '../src/infra/storage/storage.service.js';
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

  it('stores streamed bodies of every size around the part size exactly, spooled through files that leave nothing behind', async () => {
    for (const length of [0, 1, UPLOAD_PART_BYTES - 1, UPLOAD_PART_BYTES, UPLOAD_PART_BYTES + 1, 2 * UPLOAD_PART_BYTES + 7]) {
      const bytes = randomBytes(length);
      const key = `essays/test/sizes-${length}-${Date.now()}.bin`;
      // Chunks of 64 KiB, as a socket gives them.
      const chunks = Array.from({ length: Math.ceil(length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
      expect(await storage.upload(key, Readable.from(chunks), 'application/octet-stream')).toEqual({ key, size: length });
      expect((await storage.read(key)).equals(bytes)).toBe(true);
      await storage.delete(key);
    }
    expect((await readdir(tmpdir())).filter((name) => name.startsWith('redpen-upload-'))).toEqual([]);
  });

  it('leaves nothing stored when the body fails part-way, whether one PUT or a multipart upload', async () => {
    for (const before of [1000, UPLOAD_PART_BYTES + 1000]) {
      const key = `essays/test/failing-${before}-${Date.now()}.bin`;
      async function* failing(): AsyncGenerator<Buffer> {
        yield randomBytes(before);
        throw new Error('the client went away');
      }
      await expect(storage.upload(key, failing(), 'application/octet-stream')).rejects.toThrow('the client went away');
      expect(await storage.list(key)).toEqual([]);
    }
  });
});
