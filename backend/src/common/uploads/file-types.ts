import { ESSAY_FILE_TYPES_LABEL, MARKED_FILE_TYPES_LABEL } from '@redpen/shared/essay-rules';
import { fileTypeFromBuffer } from 'file-type';

/** A set of file types a route accepts: detected MIME type → the extension its stored key gets. */
export interface FileTypeSet {
  /** For messages: "Allowed file types: <label>". */
  label: string;
  types: Readonly<Record<string, string>>;
}

export const MB = 1024 * 1024;

/** How many leading bytes are read before the type is decided (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

export const PICTURE_TYPES: FileTypeSet = { label: 'JPEG, PNG', types: { 'image/jpeg': 'jpg', 'image/png': 'png' } };
export const IMAGE_TYPES: FileTypeSet = {
  label: 'JPEG, PNG, WebP, GIF',
  types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' },
};
export const DOCUMENT_TYPES: FileTypeSet = {
  label: 'PDF, JPEG, PNG',
  types: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
};

/** An essay and its mark scheme: documents whose words are counted, or images (counted by the student). */
export const ESSAY_TYPES: FileTypeSet = {
  label: ESSAY_FILE_TYPES_LABEL,
  types: {
    'application/pdf': 'pdf',
    // A Word 97–2003 file is an OLE compound file; the word counter refuses one that is not Word.
    'application/x-cfb': 'doc',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'text/plain': 'txt',
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'image/bmp': 'bmp',
  },
};
/** A tutor's marked essay or model answer. */
export const MARKED_ESSAY_TYPES: FileTypeSet = {
  label: MARKED_FILE_TYPES_LABEL,
  types: {
    'application/pdf': 'pdf',
    'application/x-cfb': 'doc',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/rtf': 'rtf',
  },
};

export interface DetectedType {
  mime: string;
  ext: string;
}

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the client's header.
 * Bytes with no signature that read as UTF-8 text without NUL bytes are `text/plain`, so a route may accept
 * plain text by listing that type; anything else unknown is undefined.
 */
export async function detectFileType(head: Buffer): Promise<DetectedType | undefined> {
  if (head.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(head);
  if (detected) return { mime: detected.mime, ext: detected.ext };
  return looksLikeText(head) ? { mime: 'text/plain', ext: 'txt' } : undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // The sample may end inside a multi-byte character: allow up to three bytes cut off.
  for (let cut = 0; cut <= Math.min(3, head.length - 1); cut++) {
    try {
      UTF8.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter prefix
    }
  }
  return false;
}
