import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, PreparedJson } from './prepared-json.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0, *', false],
    ['gzip;q=0.000', false],
    ['br, deflate', false],
    ['identity', false],
    ['*;q=0', false],
    ['', false],
    [undefined, false],
    [['br', 'gzip'], true],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('PreparedJson', () => {
  const headersOf = (headers: Record<string, string> = {}) => ({
    headers,
    reply: { header: (name: string, value: string) => (headers[name] = value), getHeader: (name: string) => headers[name] },
  });

  it('sends the gzip twin to a client that asks for it, and the plain JSON otherwise, both the same value', async () => {
    const value = { essays: [{ title: 'Dickens and the city — “quoted”', wordCount: 1200 }] };
    const answer = await PreparedJson.of(value);
    const zipped = headersOf();
    const bytes = answer.send('gzip, br', zipped.reply);
    expect(zipped.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', 'content-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(value);
    const plain = headersOf();
    expect(JSON.parse(answer.send(undefined, plain.reply).toString('utf8'))).toEqual(value);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
  });

  it('adds Accept-Encoding to the Vary that CORS set, once', async () => {
    const answer = await PreparedJson.of({ essays: [] });
    const crossOrigin = headersOf({ vary: 'Origin' });
    answer.send('gzip', crossOrigin.reply);
    answer.send('gzip', crossOrigin.reply);
    expect(crossOrigin.headers.vary).toBe('Origin, Accept-Encoding');
  });
});
