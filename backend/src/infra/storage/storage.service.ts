import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { SpoolFile } from './spool-file.js';

/** S3's smallest multipart part: a longer body is sent in parts of this size as they are complete. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
/** Tries at one PUT or part sent from a spool file (the SDK retries no streamed body; the file can be read again). */
export const SPOOL_SEND_ATTEMPTS = 3;

export interface StoredObject {
  key: string;
  size: number;
}

/** Private file storage on any S3-compatible endpoint (MinIO, s3rver, AWS). The bucket is never public. */
@Injectable()
export class StorageService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(StorageService.name);
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const s3 = config.storage;
    this.bucket = s3.bucket;
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Without this, presigned PUTs carry an empty-body checksum that real S3 and MinIO reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.ensureBucket();
    } catch (error) {
      // Not fatal at boot: readiness reports the storage as down until the endpoint answers.
      this.logger.warn(`bucket "${this.bucket}" not ready: ${(error as Error).message}`);
    }
  }

  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status !== 404) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      this.logger.log(`created bucket "${this.bucket}"`);
    }
  }

  /**
   * Stores a body as it arrives. A Buffer is one PUT. A stream is written to a spool file (SpoolFile: memory stays
   * flat however large the body, however slowly it comes and however many arrive at once, and no upload waits for
   * another's buffer); a body that fits in one part is one PUT from the file when it ends, a longer one a multipart
   * upload sent part by part from the file as each is complete. If the body fails part-way (a refused type, an
   * oversized file, a client gone or too slow), a multipart upload is aborted and nothing is left behind.
   */
  async upload(key: string, body: AsyncIterable<Buffer> | Buffer, contentType: string): Promise<StoredObject> {
    const base = { Bucket: this.bucket, Key: key };
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ ...base, Body: body, ContentType: contentType }));
      return { key, size: body.length };
    }
    const spool = await SpoolFile.open();
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let sent = 0;
    const sendPart = async (end: number) => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ ...base, ContentType: contentType }))).UploadId!;
      const PartNumber = parts.length + 1;
      const { ETag } = await sendAgainIfTransient(() =>
        this.client.send(new UploadPartCommand({ ...base, UploadId: uploadId, PartNumber, Body: spool.read(sent, end), ContentLength: end - sent })),
      );
      parts.push({ ETag, PartNumber });
      sent = end;
    };
    try {
      for await (const chunk of body) {
        await spool.append(chunk);
        if (spool.size - sent >= UPLOAD_PART_BYTES) await sendPart(sent + UPLOAD_PART_BYTES);
      }
      const size = spool.size;
      if (!uploadId) {
        await sendAgainIfTransient(() =>
          this.client.send(new PutObjectCommand({ ...base, Body: size > 0 ? spool.read(0, size) : Buffer.alloc(0), ContentLength: size, ContentType: contentType })),
        );
      } else {
        if (size > sent) await sendPart(size);
        await this.client.send(new CompleteMultipartUploadCommand({ ...base, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
      return { key, size };
    } catch (error) {
      if (uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ ...base, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    } finally {
      await spool.close().catch(() => undefined);
    }
  }

  /** A short-lived link to download one private object, optionally under a friendly file name. */
  async presignedDownloadUrl(key: string, downloadName?: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`
        : undefined,
    });
    return getSignedUrl(this.client, command, { expiresIn: this.config.storage.presignTtlSeconds });
  }

  async read(key: string): Promise<Buffer> {
    const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await result.Body!.transformToByteArray());
  }

  /** The first `bytes` of an object (a ranged GET), e.g. to sniff its type or count words from a header. */
  async readHead(key: string, bytes: number): Promise<Buffer> {
    const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
    return Buffer.from(await result.Body!.transformToByteArray());
  }

  /** The object as a stream, for readers that should not hold a whole file in memory. */
  async openStream(key: string): Promise<Readable> {
    const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return result.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Deletes objects that are no longer referenced (replaced files, uploads of a failed request). Never throws:
   * the caller's outcome is already decided, and a leftover object is logged rather than failing the request.
   */
  async deleteQuietly(keys: Iterable<string | null | undefined>): Promise<void> {
    const unique = [...new Set([...keys].filter((k): k is string => !!k))];
    await Promise.all(
      unique.map((key) => this.delete(key).catch((error: Error) => this.logger.warn(`could not delete "${key}": ${error.message}`))),
    );
  }

  /** Keys under a prefix (at most 1,000: for checks and tests, not for walking a whole bucket). */
  async list(prefix: string): Promise<string[]> {
    const result = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
    return (result.Contents ?? []).map((o) => o.Key!).filter(Boolean);
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}

/**
 * Runs `send` (which reads its body from the spool afresh each time) again after a transient failure — a 5xx or
 * 429 from the store, or the connection dropping — as the SDK would for a body it could read twice: at most
 * SPOOL_SEND_ATTEMPTS tries, 100 ms then 400 ms apart.
 */
async function sendAgainIfTransient<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= SPOOL_SEND_ATTEMPTS || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** (attempt - 1)));
    }
  }
}

function isTransient(error: unknown): boolean {
  const failure = error as { $retryable?: unknown; $metadata?: { httpStatusCode?: number }; name?: string; code?: string };
  if (failure?.$retryable) return true;
  const status = failure?.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429;
  return ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'TimeoutError'].includes(failure?.code ?? failure?.name ?? '');
}
