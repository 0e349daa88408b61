/**
 * Counting words as a reader (and a word processor) does: runs of text separated by white space, where a run
 * counts only if it holds a letter or a digit. So "well-known", "don't", "£1,500", "2026" and "e.g." are one word
 * each; a lone "-", "–", "•" or "&" is none; em and en dashes between words separate them ("word—word" is two,
 * as Google Docs counts; Word would say one). Footnote markers glued to a word stay part of it.
 *
 * This is the one place the essay word count is computed; the band a student may move it within is
 * `WORD_COUNT_ADJUST_PERCENT` in shared/pricing.ts.
 */
const SEPARATOR = /[\s\u2013\u2014\u2015]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * One pass over the text, no copies: a 10 MB plain-text essay (1.4 million words) is counted without a 1.4-million
 * string array (splitting it grew the server's heap by ~85 MB; docs/benchmarks.md, scenario `essays`). ASCII is
 * decided inline; any other code point by the two classes above, so the rule is the same for every character.
 */
export function countWords(text: string): number {
  const runs = new WordRuns();
  runs.add(text);
  return runs.end();
}

/**
 * The same count over text that arrives in pieces (a file decoded as it streams, word-counter.ts): the state
 * between pieces is whether the current run has been counted, and a UTF-16 high surrogate a piece ended on.
 * `countWords(a + b) === runs.add(a), runs.add(b), runs.end()` for any split.
 */
export class WordRuns {
  private count = 0;
  /** The run since the last separator holds a letter or digit (and has been counted). */
  private counted = false;
  /** A high surrogate that ended the last piece: its pair's other half starts the next. */
  private pending = '';

  add(piece: string): void {
    let text = piece;
    if (this.pending) {
      text = this.pending + text;
      this.pending = '';
    }
    const last = text.length - 1;
    if (last >= 0) {
      const tail = text.charCodeAt(last);
      if (tail >= 0xd800 && tail <= 0xdbff) {
        this.pending = text[last]!;
        text = text.slice(0, last);
      }
    }
    let count = this.count;
    let counted = this.counted;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) {
        if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) counted = false;
        else if (!counted && ((code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a))) {
          count++;
          counted = true;
        }
        continue;
      }
      const point = text.codePointAt(i)!;
      if (point > 0xffff) i++; // the pair's second half is not a character of its own
      const character = String.fromCodePoint(point);
      if (SEPARATOR.test(character)) counted = false;
      else if (!counted && WORD_CHARACTER.test(character)) {
        count++;
        counted = true;
      }
    }
    this.count = count;
    this.counted = counted;
  }

  /** The count of everything added (a lone high surrogate left at the end is neither a separator nor a letter). */
  end(): number {
    this.pending = '';
    return this.count;
  }
}
