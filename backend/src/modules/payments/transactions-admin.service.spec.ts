import { describe, expect, it } from '@jest/globals';
import { csvCell } from './transactions-admin.service.js';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['-12.50', '-12.50'],
    ['-1250', '-1250'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+44 7700', "'+44 7700"],
    ['@cmd', "'@cmd"],
    ['-2+3', "'-2+3"],
  ])('%j is written %j', (value, want) => {
    expect(csvCell(value)).toBe(want);
  });
});
