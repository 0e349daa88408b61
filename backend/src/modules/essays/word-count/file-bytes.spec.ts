import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { FileBytes } from './file-bytes.js';

/** This process's open file descriptors: a spool file left open would show here (it has no name to find). */
const openFiles = () => readdirSync('/proc/self/fd').length;
const chunksOf = (bytes: Buffer, size = 65_536) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('FileBytes', () => {
  it('keeps the bytes in memory and hands them over at exactly their length', async () => {
    const bytes = randomBytes(300_001);
    const file = new FileBytes(1024 * 1024);
    for (const chunk of chunksOf(bytes)) await file.write(chunk);
    expect(file.spilled).toBe(false);
    const taken = await file.take();
    expect(Buffer.from(taken).equals(bytes)).toBe(true);
    expect(taken.byteLength).toBe(bytes.length);
    expect(file.size).toBe(0);
  });

  it('refuses more than its limit', () => {
    const file = new FileBytes(10);
    expect(() => file.write(Buffer.alloc(11))).toThrow(RangeError);
  });

  it('spilled part-way (a write arriving while it spills), gives back every byte in order from its spool file, which it then closes', async () => {
    const before = openFiles();
    const bytes = randomBytes(1_000_003);
    const chunks = chunksOf(bytes);
    const file = new FileBytes(2 * 1024 * 1024);
    for (const chunk of chunks.slice(0, 5)) await file.write(chunk);
    const spilling = file.spill();
    // Not awaited: this chunk must land after what was spilled, not in the memory being given back.
    const during = file.write(chunks[5]!);
    expect(during).toBeInstanceOf(Promise);
    await Promise.all([spilling, during]);
    expect(file.spilled).toBe(true);
    expect(openFiles()).toBe(before + 1);
    for (const chunk of chunks.slice(6)) await file.write(chunk);
    await file.spill(); // a second spill changes nothing
    const taken = await file.take();
    expect(Buffer.from(taken).equals(bytes)).toBe(true);
    expect(openFiles()).toBe(before);
  });

  it('closes its spool file when discarded untaken (the upload failed)', async () => {
    const before = openFiles();
    const file = new FileBytes(1024 * 1024);
    await file.write(randomBytes(1000));
    await file.spill();
    await file.write(randomBytes(1000));
    expect(openFiles()).toBe(before + 1);
    await file.discard();
    expect(openFiles()).toBe(before);
    expect(file.size).toBe(0);
  });
});
