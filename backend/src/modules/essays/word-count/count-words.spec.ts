import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { countWords } from './count-words.js';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['One', 1],
    ['The quick brown fox.', 4],
    ['  leading and trailing  ', 3],
    ['line one\nline two\r\nline three', 6],
    ['well-known', 1],
    ["don't stop", 2],
    ['£1,500 in 2026', 3],
    ['e.g. this', 2],
    ['word - word', 2],
    ['word – word — word', 3],
    ['word—word', 2],
    ['• bullet • points', 2],
    ['& so on', 2],
    ['(brackets) and "quotes"', 3],
    ['Café naïve façade', 3],
    ['Ελληνικά и русский', 3],
    ['footnote1 marker', 2],
    ['tab\tseparated\u00a0nbsp', 3],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  it('counts as splitting on white space and dashes, then keeping runs with a letter or digit, would (any Unicode text)', () => {
    // The definition, written the short way (it held a string per word: too much for a 10 MB essay).
    const bySplitting = (text: string) => text.split(/[\s\u2013\u2014\u2015]+/u).filter((run) => /[\p{L}\p{N}]/u.test(run)).length;
    const character = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff', '\u1680', '\u2013', '\u2014', '\u2015', '-', '•', '&'),
      fc.constantFrom('a', 'Z', '7', 'é', 'ß', 'Ж', '中', '٣', '𝟘', '𝒜', '\ud800', '\udc00', '\u0301', '_', "'", '.'),
    );
    fc.assert(
      fc.property(fc.array(character, { maxLength: 80 }), (characters) => {
        const text = characters.join('');
        expect(countWords(text)).toBe(bySplitting(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts n words however they are spaced and punctuated', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9'’.,-]{0,11}$/);
    const gap = fc.constantFrom(' ', '  ', '\n', '\t', ' - ', ' — ', '\r\n', ' • ');
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { maxLength: 60 }), (pairs) => {
        const text = pairs.map(([w, g]) => w + g).join('');
        expect(countWords(text)).toBe(pairs.length);
      }),
    );
  });
});
