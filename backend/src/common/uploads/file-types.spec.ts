import { describe, expect, it } from '@jest/globals';
import { detectFileType, ESSAY_TYPES, MARKED_ESSAY_TYPES } from './file-types.js';

// Layer 1: the type comes from the bytes only (the helper refuses a file before storing it on this answer).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('detectFileType', () => {
  it('reads PDF and PNG signatures', async () => {
    expect(await detectFileType(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
    expect(await detectFileType(PNG)).toEqual({ mime: 'image/png', ext: 'png' });
  });

  it('calls UTF-8 without NUL bytes plain text, even when the sample ends inside a character', async () => {
    expect(await detectFileType(Buffer.from('An essay about Brontë.\n'))).toEqual({ mime: 'text/plain', ext: 'txt' });
    const cut = Buffer.from('Brontë').subarray(0, 6); // "Bront" + the first byte of "ë"
    expect(await detectFileType(cut)).toEqual({ mime: 'text/plain', ext: 'txt' });
  });

  it('knows nothing of unknown binary, nor of an empty file', async () => {
    expect(await detectFileType(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00]))).toBeUndefined();
    expect(await detectFileType(Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0x41, 0x42, 0x43, 0x44]))).toBeUndefined();
    expect(await detectFileType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('the essay type sets', () => {
  const samples: Record<string, Buffer> = {
    rtf: Buffer.from('{\\rtf1\\ansi Marked essay}'),
    doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
    bmp: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
    gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  };

  // A listed type that detection never produces would refuse every such file: each must be reachable.
  it.each([
    ['rtf', MARKED_ESSAY_TYPES],
    ['doc', MARKED_ESSAY_TYPES],
    ['doc', ESSAY_TYPES],
    ['bmp', ESSAY_TYPES],
    ['gif', ESSAY_TYPES],
  ])('detects a %s file as a type its set lists', async (name, set) => {
    const detected = await detectFileType(samples[name]);
    expect(detected && set.types[detected.mime]).toBe(name);
  });
});
