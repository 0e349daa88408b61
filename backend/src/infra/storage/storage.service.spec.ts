import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config/env.schema.js';
import { SPOOL_SEND_ATTEMPTS, StorageService, UPLOAD_PART_BYTES } from './storage.service.js';

const config = {
  storage: { endpoint: 'http://127.0.0.1:1', region: 'us-east-1', bucket: 'unit', forcePathStyle: true, accessKeyId: 'k', secretAccessKey: 's', presignTtlSeconds: 60 },
} as AppConfig;

async function bytesOf(body: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const failure = (status: number) => Object.assign(new Error(`S3 answered ${status}`), { $metadata: { httpStatusCode: status } });

/** A StorageService whose S3 client is `send` (each command's body read to its end, as a real send would). */
function storageWith(send: (command: unknown, body: Buffer | undefined) => unknown) {
  const storage = new StorageService(config);
  const sent: string[] = [];
  (storage as unknown as { client: { send: (command: unknown) => Promise<unknown> } }).client = {
    send: async (command: unknown) => {
      const input = (command as { input: { Body?: unknown } }).input;
      sent.push((command as object).constructor.name);
      const body = input.Body === undefined ? undefined : await bytesOf(input.Body);
      return send(command, body);
    },
  };
  return { storage, sent };
}

describe('StorageService.upload from its spool file', () => {
  it('sends a PUT again, read afresh from the file, after a transient failure', async () => {
    const bytes = randomBytes(300_000);
    const bodies: Buffer[] = [];
    const { storage, sent } = storageWith((command, body) => {
      bodies.push(body!);
      if (bodies.length === 1) throw failure(503);
      return {};
    });
    expect(await storage.upload('k', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'application/pdf')).toEqual({ key: 'k', size: bytes.length });
    expect(sent).toEqual(['PutObjectCommand', 'PutObjectCommand']);
    expect(bodies.map((b) => b.equals(bytes))).toEqual([true, true]);
  });

  it('sends a multipart part again after a transient failure, and gives up after the last attempt', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 10);
    const parts: Buffer[] = [];
    let partFailures = 1;
    const { storage, sent } = storageWith((command, body) => {
      if (command instanceof CreateMultipartUploadCommand) return { UploadId: 'u' };
      if (command instanceof UploadPartCommand) {
        if (partFailures-- > 0) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        parts.push(body!);
        return { ETag: `"${parts.length}"` };
      }
      return {};
    });
    await storage.upload('k', Readable.from([bytes]), 'application/pdf');
    expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(sent.at(-1)).toBe(CompleteMultipartUploadCommand.name);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);

    const failing = storageWith(() => {
      throw failure(500);
    });
    await expect(failing.storage.upload('k', Readable.from([randomBytes(10)]), 'text/plain')).rejects.toThrow('S3 answered 500');
    expect(failing.sent).toEqual(Array(SPOOL_SEND_ATTEMPTS).fill(PutObjectCommand.name));
  });

  it('does not send again after a refusal (4xx)', async () => {
    const { storage, sent } = storageWith(() => {
      throw failure(403);
    });
    await expect(storage.upload('k', Readable.from([randomBytes(10)]), 'text/plain')).rejects.toThrow('S3 answered 403');
    expect(sent).toEqual([PutObjectCommand.name]);
  });
});
