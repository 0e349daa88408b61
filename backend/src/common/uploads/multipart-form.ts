import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

/** A file of a multipart form, read into memory (the per-route limit keeps it small) and typed by content. */
export interface FormFile {
  field: string;
  filename: string;
  buffer: Buffer;
  /** Detected from the bytes (magic numbers), never from the name or the client's header. */
  mime: string | undefined;
  ext: string | undefined;
  tooLarge: boolean;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: FormFile[];
}

export const MB = 1024 * 1024;
export const DOCUMENT_TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
export const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Reads a whole multipart request: text fields and files up to `maxFileBytes` each (a larger file is read
 * to its end and discarded, then reported, so the client gets an answer instead of a reset connection).
 */
export async function readMultipartForm(request: FastifyRequest, maxFileBytes: number): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpException({ message: 'Expected a multipart/form-data request' }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= maxFileBytes) chunks.push(chunk);
    }
    const tooLarge = size > maxFileBytes || part.file.truncated;
    const buffer = tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks);
    if (!tooLarge && buffer.length === 0) continue; // an empty file input
    const detected = tooLarge ? undefined : await fileTypeFromBuffer(buffer);
    files.push({ field: part.fieldname, filename: part.filename, buffer, mime: detected?.mime, ext: detected?.ext, tooLarge });
  }
  return { fields, files };
}

/** 413 for an oversized file, 415 for one whose bytes are not an allowed type. */
export function assertFiles(files: FormFile[], allowed: Record<string, string>, maxFileBytes: number, allowedLabel: string): void {
  for (const file of files) {
    if (file.tooLarge) {
      throw new HttpException(
        { message: `File size must be less than ${maxFileBytes / MB} MB`, errors: [{ field: file.field, message: `File size must be less than ${maxFileBytes / MB} MB` }] },
        HttpStatus.PAYLOAD_TOO_LARGE,
      );
    }
    if (!file.mime || !(file.mime in allowed)) {
      throw new HttpException(
        { message: `Allowed file types: ${allowedLabel}`, errors: [{ field: file.field, message: `Allowed file types: ${allowedLabel}` }] },
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      );
    }
  }
}
