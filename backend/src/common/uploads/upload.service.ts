import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  HttpException,
  Inject,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { ValidationFailedException } from '../errors.js';
import { flattenValidationErrors } from '../pipes/validation.pipe.js';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service.js';
import { UPLOAD_TIMEOUT_MS } from '@redpen/shared/uploads';
import { ClientPace, type PaceLimits } from './client-pace.js';
import { detectFileType, MB, SNIFF_BYTES } from './file-types.js';
import { SlotHold } from './slot-hold.js';
import { ReceivedUpload, type FileFieldRule, type StoredUpload, type UploadRule } from './upload-rule.js';
import { UploadSlots } from './upload-slots.js';

/** How long an upload of a `oneSlotEach` route waits for a slot before 503 (ten 10 MB essays take ~5–10 s in turn). */
const UPLOAD_SLOT_WAIT_MS = 60_000;

/** Text field ceilings for every multipart route (a DTO may state tighter ones). */
const TEXT_LIMITS = { fields: 60, fieldSize: 64 * 1024 };

/**
 * The one way into a multipart route. Each file is typed from its first bytes and streamed
 * to storage as it arrives (never whole in memory); the route's limits (names, count, size, types) are
 * enforced as the parts come; the text fields are validated with the route's DTO. Any failure — a refused
 * file, an invalid field, the client leaving, or the caller's own work throwing — deletes what was stored.
 */
@Injectable()
export class UploadService {
  private readonly limit: RateLimitRule;
  private readonly slots: UploadSlots;
  private readonly pace: PaceLimits;

  constructor(
    private readonly storage: StorageService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = { name: 'upload', points: config.uploads.perUserPerHour, durationSeconds: 3600 };
    this.slots = new UploadSlots(config.uploads.atOnce, UPLOAD_SLOT_WAIT_MS);
    this.pace = { idleMs: config.uploads.idleSeconds * 1000, minBytesPerSecond: config.uploads.minBytesPerSecond, maxWaitMs: UPLOAD_TIMEOUT_MS };
  }

  /**
   * Counts the request against the owner's hourly upload allowance, receives it, and runs `work` on it.
   * If `work` throws before calling `upload.keep()`, the stored files are deleted. A `oneSlotEach` route's request
   * is received and worked on holding one of the process's UPLOADS_AT_ONCE slots (SlotHold: handed on while its
   * client is slow and others wait).
   */
  async handle<T extends object, R>(
    request: FastifyRequest,
    ownerId: string,
    rule: UploadRule<T>,
    work: (upload: ReceivedUpload<T>) => Promise<R>,
  ): Promise<R> {
    await this.rateLimit.consume(this.limit, ownerId);
    const hold = rule.oneSlotEach ? await SlotHold.take(this.slots) : undefined;
    try {
      const upload = await this.receive(request, ownerId, rule, hold);
      try {
        await hold?.regain();
        return await work(upload);
      } catch (error) {
        if (!upload.kept) await this.storage.deleteQuietly(upload.keys);
        throw error;
      }
    } finally {
      hold?.release();
    }
  }

  /** Reads the whole request (see the class comment). On any refusal nothing it stored remains. */
  async receive<T extends object>(request: FastifyRequest, ownerId: string, rule: UploadRule<T>, hold?: SlotHold): Promise<ReceivedUpload<T>> {
    if (!request.isMultipart()) throw new UnsupportedMediaTypeException({ message: 'Expected a multipart/form-data request' });
    const largest = Math.max(0, ...Object.values(rule.files).map((f) => f.maxBytes));
    const stored: StoredUpload[] = [];
    const text: Record<string, string> = {};
    const counts = new Map<string, number>();
    let received = 0;
    let failure: unknown;
    // A client too slow for the pace has its body cut off through the request's error channel, which
    // @fastify/multipart listens on (it unpipes the parser and fails the part being read): our reads settle.
    const pace = new ClientPace(this.pace, (reason) => {
      if (request.raw.listenerCount('error') > 0) request.raw.emit('error', reason);
      else request.raw.destroy(reason);
    });
    hold?.watch(pace);
    try {
      const parts = request.parts({
        // busboy cuts a file at the largest size any field allows; smaller per-field limits are checked below.
        limits: { fileSize: largest, files: rule.maxFiles + 1, ...TEXT_LIMITS },
        // Read per call by @fastify/multipart, though its types list it only among the plugin's options.
        ...({ throwFileSizeLimit: false } as object),
      });
      const partsOfBody = parts[Symbol.asyncIterator]();
      for (let next = await pace.next(partsOfBody); !next.done; next = await pace.next(partsOfBody)) {
        const part = next.value;
        if (part.type === 'field') {
          if (failure) continue;
          if (part.fieldname in text) failure = invalid(part.fieldname, `Send "${part.fieldname}" once`);
          // A part sent as application/json arrives parsed: the DTO sees its JSON text, as for any other field.
          else text[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
          continue;
        }
        const file = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        const source: AsyncIterator<Buffer> = { next: () => pace.next(file, (chunk) => chunk.length) };
        if (!failure) {
          const fieldRule = rule.files[part.fieldname];
          const count = (counts.get(part.fieldname) ?? 0) + 1;
          counts.set(part.fieldname, count);
          if (!fieldRule) failure = fieldNotAllowed(part.fieldname);
          else if (count > fieldRule.maxCount || ++received > rule.maxFiles) failure = tooManyFiles(part.fieldname, fieldRule, rule.maxFiles);
          else {
            try {
              const file = await this.store(source, () => part.file.truncated, part.fieldname, part.filename, fieldRule, `${rule.folder}/${ownerId}`, hold);
              if (file) stored.push(file);
            } catch (error) {
              failure = error;
            }
          }
        }
        // Whatever was refused is read to its end and dropped, so the client hears the answer (unless it is too slow).
        if (!pace.timedOut) await drain(source);
      }
    } catch (error) {
      // busboy's own limits, malformed bodies, clients that went away, and clients too slow for the pace.
      failure = pace.timedOut ?? failure ?? error;
    }
    if (!failure) {
      try {
        const fields = await this.validateFields(rule.fields, text);
        return new ReceivedUpload(fields, stored);
      } catch (error) {
        failure = error;
      }
    }
    await this.storage.deleteQuietly(stored.map((f) => f.key));
    throw asHttpError(failure);
  }

  /**
   * Reads the first bytes, refuses the file before storing anything if they are not an allowed type, then
   * streams the head and the rest to storage, failing (and so aborting the upload) once it grows too large.
   * An empty file input (no bytes) is no file.
   */
  private async store(
    source: AsyncIterator<Buffer>,
    truncated: () => boolean,
    field: string,
    filename: string,
    rule: FileFieldRule,
    prefix: string,
    hold: SlotHold | undefined,
  ): Promise<StoredUpload | undefined> {
    const chunks: Buffer[] = [];
    let length = 0;
    let ended = false;
    while (length < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      chunks.push(next.value);
      length += next.value.length;
    }
    const first = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (first.length === 0) return undefined;
    const tooLarge = () => new PayloadTooLargeException({
      message: sizeMessage(rule.maxBytes),
      code: 'UPLOAD_TOO_LARGE',
      errors: [{ field, message: sizeMessage(rule.maxBytes) }],
    });
    if (first.length > rule.maxBytes || (ended && truncated())) throw tooLarge();
    const detected = await detectFileType(first.subarray(0, SNIFF_BYTES));
    const ext = detected ? rule.types.types[detected.mime] : undefined;
    if (!detected || !ext) {
      const message = rule.typeMessage ?? `Allowed file types: ${rule.types.label}`;
      throw new UnsupportedMediaTypeException({ message, code: 'UPLOAD_TYPE_NOT_ALLOWED', errors: [{ field, message }] });
    }

    const tap = rule.tap?.({ field, mime: detected.mime, ext, maxBytes: rule.maxBytes });
    if (tap) await hold?.adopt(tap);
    async function* body(): AsyncGenerator<Buffer> {
      await tap?.write(first);
      yield first;
      let size = first.length;
      while (!ended) {
        const next = await source.next();
        if (next.done) break;
        size += next.value.length;
        if (size > rule.maxBytes) throw tooLarge();
        await tap?.write(next.value);
        yield next.value;
      }
      if (truncated()) throw tooLarge();
    }
    const key = `${prefix}/${rule.label ?? field}-${randomUUID()}.${ext}`;
    try {
      const { size } = await this.storage.upload(key, body(), detected.mime);
      return { field, filename, key, size, mime: detected.mime, ext, head: Buffer.from(first.subarray(0, SNIFF_BYTES)), ...(tap && { tap }) };
    } catch (error) {
      // A multipart upload is aborted by the storage; this covers a PUT that landed before the failure.
      await this.storage.deleteQuietly([key]);
      throw error;
    }
  }

  private async validateFields<T extends object>(dto: new () => T, text: Record<string, string>): Promise<T> {
    const instance = plainToInstance(dto, text);
    // Class fields start as own `undefined` properties (ES class fields): only what was sent is checked,
    // so a documented file field or an empty input is not mistaken for an unknown text field.
    for (const [key, value] of Object.entries(instance)) if (value === undefined) delete (instance as Record<string, unknown>)[key];
    const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true });
    const unknown = errors.find((e) => e.constraints?.whitelistValidation);
    if (unknown) throw fieldNotAllowed(unknown.property);
    if (errors.length) throw new ValidationFailedException(flattenValidationErrors(errors));
    return instance;
  }
}

async function drain(source: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await source.next()).done);
  } catch {
    // the client went away: nothing left to read
  }
}

const sizeMessage = (maxBytes: number) => `File size must be less than ${maxBytes / MB} MB`;

function fieldNotAllowed(field: string): HttpException {
  const message = `Unexpected field "${field}"`;
  return new BadRequestException({ message, code: 'UPLOAD_FIELD_NOT_ALLOWED', errors: [{ field, message }] });
}

function tooManyFiles(field: string, rule: FileFieldRule | undefined, maxFiles: number): HttpException {
  const message = rule && rule.maxCount > 0 ? `At most ${rule.maxCount} file${rule.maxCount === 1 ? '' : 's'} for "${field}", ${maxFiles} in all` : `At most ${maxFiles} files`;
  return new PayloadTooLargeException({ message, code: 'UPLOAD_TOO_LARGE', errors: [{ field, message }] });
}

function invalid(field: string, message: string): HttpException {
  return new ValidationFailedException([{ field, message }]);
}

/** Our refusals pass through; busboy's limit errors (413) and malformed or cut-off bodies (400) get our shape. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new PayloadTooLargeException({ message: 'Too many parts in this upload', code: 'UPLOAD_TOO_LARGE' });
  }
  const status = (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return new BadRequestException({ message: 'The upload could not be read' });
  return error;
}
