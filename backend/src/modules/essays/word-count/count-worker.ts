// A worker thread that counts the words of documents (document-word-counter.ts starts it): pdf.js, mammoth and
// word-extractor run here, off the API's event loop, and their heap goes when the worker is recycled.
import { parentPort } from 'node:worker_threads';
import { countWords } from './count-words.js';
import { documentText, UnreadableDocumentError } from './document-text.js';
import { openingLines } from './opening.js';

/** One document to count: its bytes are transferred (the sender's copy is detached). */
export interface CountRequest {
  id: number;
  mime: string;
  bytes: ArrayBuffer;
}

/** `unreadable`: the document could not be read (the reader's own message); `failed`: anything else. */
export type CountAnswer = { id: number; words: number; opening: string } | { id: number; unreadable: string } | { id: number; failed: string };

parentPort!.on('message', (request: CountRequest) => {
  void count(request).then((answer) => parentPort!.postMessage(answer));
});

async function count({ id, mime, bytes }: CountRequest): Promise<CountAnswer> {
  try {
    // A Buffer over the whole transferred ArrayBuffer: handed to pdf.js as it is (it reads it in place).
    const text = await documentText(Buffer.from(bytes, 0, bytes.byteLength), mime, { handOver: true });
    return { id, words: countWords(text ?? ''), opening: openingLines(text ?? '') };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) return { id, unreadable: error.cause instanceof Error ? error.cause.message : String(error.cause) };
    return { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
