// The readers are loaded on first use, each alone: a process (or count worker) that only meets PDFs never loads
// mammoth and word-extractor (~13 MB of heap and code between them, docs/benchmarks.md, scenario `essays`).

/** Document types whose words can be read; images (and anything else) have no detectable count. */
export const READABLE_DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // file-type names any OLE compound file (.doc, and .xls/.msg too) by its container: word-extractor says if it is Word.
  doc: 'application/x-cfb',
  txt: 'text/plain',
} as const;

type ReadableMime = (typeof READABLE_DOCUMENT_TYPES)[keyof typeof READABLE_DOCUMENT_TYPES];

/** A file of a readable type whose text could not be read (damaged, encrypted, or not what its bytes claim). */
export class UnreadableDocumentError extends Error {
  constructor(
    readonly mime: string,
    cause: unknown,
  ) {
    super(`could not read the text of a ${mime} file: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnreadableDocumentError';
  }
}

export function isReadableDocument(mime: string): mime is ReadableMime {
  return (Object.values(READABLE_DOCUMENT_TYPES) as string[]).includes(mime);
}

export interface DocumentTextOptions {
  /**
   * The caller will not use `bytes` again: a PDF is read in place instead of from a copy (pdf.js detaches the
   * array it reads when it owns a whole ArrayBuffer, so `bytes` may be empty afterwards). Saves a copy of the file.
   */
  handOver?: boolean;
}

/**
 * The text of a document, for counting its words: `undefined` for types with no text to read (images), and
 * `UnreadableDocumentError` when a readable type cannot be read. `mime` is the type detected from the file's
 * bytes (common/uploads/file-types.ts), never the client's claim.
 */
export async function documentText(bytes: Buffer, mime: string, options: DocumentTextOptions = {}): Promise<string | undefined> {
  if (!isReadableDocument(mime)) return undefined;
  try {
    switch (mime) {
      case READABLE_DOCUMENT_TYPES.pdf:
        return await pdfText(options.handOver ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes));
      case READABLE_DOCUMENT_TYPES.docx:
        return await docxText(bytes);
      case READABLE_DOCUMENT_TYPES.doc:
        return await wordDocumentText(bytes);
      case READABLE_DOCUMENT_TYPES.txt:
        return plainText(bytes);
    }
  } catch (error) {
    throw new UnreadableDocumentError(mime, error);
  }
}

/** `data` becomes pdf.js's: it reads a whole-ArrayBuffer array in place and may transfer (detach) it, else copies it. */
async function pdfText(data: Uint8Array): Promise<string> {
  const { extractText: extractPdfText, getDocumentProxy } = await import('unpdf');
  // pdf.js's warnings about damaged files stay out of the log: the error that follows is what matters.
  const pdf = await getDocumentProxy(data, { verbosity: 0 });
  try {
    // Pages joined with a line break, so the last word of a page and the first of the next stay two words.
    const { text } = await extractPdfText(pdf, { mergePages: false });
    return text.join('\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

async function wordDocumentText(bytes: Buffer): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  // The body only, as for .docx (mammoth's raw text): footnotes and endnotes are not the essay's words.
  return (await new WordExtractor().extract(bytes)).getBody();
}

/** UTF-8 (with or without a byte-order mark), else Windows-1252, which older editors still write. */
function plainText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
