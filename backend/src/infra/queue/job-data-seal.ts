import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';

/**
 * HKDF label of the job-data key. Other keys derived from JWT_SECRET use labels of their own (e.g. "codes"),
 * so learning one derived key tells nothing of the others.
 */
export const JOB_DATA_KEY_LABEL = 'redpen job data v1';
const VERSION = 'v1';

/** The AES-256 key that seals job data, derived from the server secret (HKDF-SHA256). */
export function deriveJobDataKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'redpen', JOB_DATA_KEY_LABEL, 32));
}

/**
 * Seals what a job must carry but Redis and Bull Board must not show (verification codes, reset links):
 * AES-256-GCM, a fresh 96-bit IV per value, `context` bound as associated data so a sealed value only opens
 * for the job it was made for. Format: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
@Injectable()
export class JobDataSeal {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = deriveJobDataKey(config.auth.jwtSecret);
  }

  seal(value: unknown, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** Throws when the value was tampered with, sealed for another context, or under another key. */
  open<T>(sealed: string, context: string): T {
    const [version, iv, ciphertext, tag] = sealed.split('.');
    if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error('sealed job data: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(context))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  }
}
