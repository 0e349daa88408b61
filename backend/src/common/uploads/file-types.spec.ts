import { describe, expect, it } from '@jest/globals';
import { detectFileType } from './file-types.js';

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
