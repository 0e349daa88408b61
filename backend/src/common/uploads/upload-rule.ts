import { Transform } from 'class-transformer';
import type { FileTypeSet } from './file-types.js';

/** What one file field of a route accepts. */
export interface FileFieldRule {
  types: FileTypeSet;
  maxBytes: number;
  /** How many files this field may carry (1 for a single file input). */
  maxCount: number;
  /** The stored key's label (default: the field name), e.g. `profile-picture` for a field called `files`. */
  label?: string;
  /** The 415 message for a file of another type (default: "Allowed file types: <label>"), where the spec words it. */
  typeMessage?: string;
  /**
   * Lets the route see a file's bytes as they stream to storage, so it need not read the file back: called once the
   * file's type is known (nothing stored yet); what it returns is written every chunk, in order, and comes back on
   * `StoredUpload.tap`. Undefined = nothing to see for this file.
   */
  tap?: (file: UploadTapFile) => UploadTap | undefined;
}

/** What a tap is told about the file before its bytes. */
export interface UploadTapFile {
  field: string;
  /** Detected from the bytes. */
  mime: string;
  ext: string;
  /** The field's limit: the file will be no larger. */
  maxBytes: number;
}

/** Sees every byte of one file on its way to storage. */
export interface UploadTap {
  /**
   * The next chunk, already counted against the field's limit. The chunk is the tap's to read until this returns
   * (or its promise settles: the next chunk waits for it), not to keep: copy what it keeps.
   */
  write(chunk: Buffer): void | Promise<void>;
  /**
   * Keeps what the tap holds on disk instead of in memory, from now on: called when the request hands its upload slot
   * on (SlotHold) because its client is slow. Writes made meanwhile wait for it. A tap that keeps nothing needs none.
   */
  spill?(): Promise<void>;
  /** Lets go of what the tap still holds (a spool file), once the request is over however it ended. */
  discard?(): Promise<void>;
}

/** Everything a multipart route accepts, declared once beside its controller. */
export interface UploadRule<T extends object> {
  /** Files are stored under `<folder>/<ownerId>/<label or field>-<uuid>.<ext>`. */
  folder: string;
  /** The route's class-validator DTO for the text fields; a text field it does not declare is refused. */
  fields: new () => T;
  /** The file fields the route takes; a file under any other name is refused (400, naming it). */
  files: Readonly<Record<string, FileFieldRule>>;
  /** Most files in one request, all fields together. */
  maxFiles: number;
  /**
   * The route holds a file's bytes in memory while it works (an essay kept for its word count): its requests are
   * received UPLOADS_AT_ONCE at a time per process (UploadSlots); the others wait their turn, then answer 503. A
   * request whose client is slow while others wait hands its slot on (SlotHold), its taps spilled to disk.
   */
  oneSlotEach?: boolean;
}

/** One file of a request, already in storage. */
export interface StoredUpload {
  field: string;
  /** The client's name for it (display only: the key and type never come from it). */
  filename: string;
  key: string;
  size: number;
  /** Detected from the bytes. */
  mime: string;
  ext: string;
  /** The first bytes (up to SNIFF_BYTES): enough for a type or a header; the whole file is in storage. */
  head: Buffer;
  /** What the field's `tap` returned for this file, having seen all of it. */
  tap?: UploadTap;
}

/**
 * A multipart request whose files are stored and whose text fields passed the route's DTO. Until `keep()` is
 * called, an error thrown by the caller deletes the stored files, so a failed request leaves nothing behind.
 */
export class ReceivedUpload<T> {
  private isKept = false;

  constructor(
    readonly fields: T,
    readonly files: readonly StoredUpload[],
  ) {}

  /** The first file sent under any of these field names. */
  file(...fields: string[]): StoredUpload | undefined {
    return this.files.find((f) => fields.includes(f.field));
  }

  /** Every file sent under these field names, in the order received. */
  filesOf(...fields: string[]): StoredUpload[] {
    return this.files.filter((f) => fields.includes(f.field));
  }

  get keys(): string[] {
    return this.files.map((f) => f.key);
  }

  /** Call once the database refers to the files (after the commit): from then on they are the caller's. */
  keep(): void {
    this.isKept = true;
  }

  get kept(): boolean {
    return this.isKept;
  }
}

/** A multipart text field: trimmed, and an empty value counts as not sent (forms post their empty inputs). */
export const FormText = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });
