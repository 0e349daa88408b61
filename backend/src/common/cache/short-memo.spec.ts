import { describe, expect, it } from '@jest/globals';
import { ShortMemo } from './short-memo.js';

describe('ShortMemo', () => {
  it('shares one computation per key within the window, recomputes after it, forgets failures', async () => {
    const memo = new ShortMemo<number>(5_000);
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    expect(await Promise.all([memo.get('a', 0, compute), memo.get('a', 4_999, compute)])).toEqual([1, 1]);
    expect(await memo.get('b', 10, compute)).toBe(2);
    expect(await memo.get('a', 5_000, compute)).toBe(3);
    await expect(memo.get('c', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('c', 1, compute)).toBe(4);
    memo.clear();
    expect(await memo.get('a', 5_001, compute)).toBe(5);
  });
});
