import { describe, expect, it } from '@jest/globals';
import { containsPattern } from './like.js';

describe('containsPattern', () => {
  it('matches the text anywhere, its %, _ and \\ taken literally', () => {
    expect(containsPattern('ab')).toBe('%ab%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
