import { TextDecoder } from 'node:util';
import { WordRuns } from './count-words.js';
import { OPENING_MAX_CHARS, openingLines } from './opening.js';

/** How much decoded text is kept for the opening lines (a few times what they show, for collapsed white space). */
const OPENING_KEEP_CHARS = OPENING_MAX_CHARS * 4;

/**
 * The words of a plain-text file counted from its bytes as they stream (no copy of the file is kept): exactly
 * `countWords(documentText(file, 'text/plain'))` for any split of the file into chunks. Like documentText, the text
 * is UTF-8 (a byte-order mark dropped) unless some byte sequence is not, and then Windows-1252; since the whole file
 * is not kept, both readings are counted as the bytes pass, and `end()` answers with the one that holds.
 */
export class WordCounter {
  /**
   * The byte-order mark is kept (`ignoreBOM`): U+FEFF is white space to countWords, so a leading one changes no
   * count, and Node 24's streaming decoder, left to drop it, also drops a U+FEFF from the middle of the text when
   * the first chunk ends inside a character (found by the property test in count-words.spec.ts).
   */
  private utf8: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private readonly utf8Runs = new WordRuns();
  private readonly windows1252 = new TextDecoder('windows-1252');
  private readonly windows1252Runs = new WordRuns();
  /** The first characters of each reading, for `opening()` (only the start is kept, never the whole file). */
  private utf8Start = '';
  private windows1252Start = '';

  /** The next bytes of the file (not kept: the caller may reuse the chunk). */
  write(chunk: Uint8Array): void {
    if (this.utf8) {
      try {
        // `stream: true` keeps a multi-byte sequence cut by the chunk's end for the next chunk.
        const text = this.utf8.decode(chunk, { stream: true });
        this.utf8Runs.add(text);
        if (this.utf8Start.length < OPENING_KEEP_CHARS) this.utf8Start += text.slice(0, OPENING_KEEP_CHARS - this.utf8Start.length);
      } catch {
        this.utf8 = undefined; // not UTF-8: the Windows-1252 count stands
      }
    }
    const text = this.windows1252.decode(chunk, { stream: true });
    this.windows1252Runs.add(text);
    if (this.windows1252Start.length < OPENING_KEEP_CHARS) this.windows1252Start += text.slice(0, OPENING_KEEP_CHARS - this.windows1252Start.length);
  }

  /** The opening lines of the reading that held (call after `end()`). */
  opening(): string {
    return openingLines((this.utf8 ? this.utf8Start : this.windows1252Start).replace(/^\uFEFF/, ''));
  }

  /** The file's word count, once every chunk has been written. */
  end(): number {
    if (this.utf8) {
      try {
        this.utf8Runs.add(this.utf8.decode()); // throws if the file ends inside a multi-byte sequence
        return this.utf8Runs.end();
      } catch {
        this.utf8 = undefined;
      }
    }
    this.windows1252Runs.add(this.windows1252.decode());
    return this.windows1252Runs.end();
  }
}
