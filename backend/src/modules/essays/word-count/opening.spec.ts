import { describe, expect, it } from '@jest/globals';
import { openingLines } from './opening.js';

describe('openingLines (the pool card preview)', () => {
  it('collapses white space into one line and keeps a short text whole', () => {
    expect(openingLines('  The causes\n\nof the\tFirst World War  ')).toBe('The causes of the First World War');
    expect(openingLines('')).toBe('');
  });

  it('cuts a long text at a word boundary within the limit, with an ellipsis', () => {
    const text = 'word '.repeat(200);
    const opening = openingLines(text, 22);
    expect(opening).toBe('word word word word…');
    expect(opening.length).toBeLessThanOrEqual(23);
  });

  it('cuts inside a very long word rather than returning nothing', () => {
    expect(openingLines('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
