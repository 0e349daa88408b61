import { describe, expect, it } from '@jest/globals';
import { Cors } from './cors.js';

const cors = new Cors({ origins: ['https://app.example'], methods: ['GET', 'POST', 'PATCH'], exposedHeaders: ['x-request-id', 'retry-after'], maxAgeSeconds: 600 });

function answer(method: string, headers: Record<string, string> = {}) {
  const set: Record<string, string> = {};
  cors.apply({ method, headers }, { header: (name, value) => (set[name] = value) });
  return set;
}

describe('Cors', () => {
  it('lets an allowed origin read the response and its exposed headers', () => {
    expect(answer('GET', { origin: 'https://app.example' })).toEqual({
      vary: 'Origin',
      'access-control-allow-origin': 'https://app.example',
      'access-control-expose-headers': 'x-request-id, retry-after',
    });
  });

  it('gives another origin, or none, nothing but Vary', () => {
    expect(answer('GET', { origin: 'https://elsewhere.example' })).toEqual({ vary: 'Origin' });
    expect(answer('POST')).toEqual({ vary: 'Origin' });
    // A prefix or a different scheme is another origin.
    expect(answer('GET', { origin: 'https://app.example.evil' })).toEqual({ vary: 'Origin' });
    expect(answer('GET', { origin: 'http://app.example' })).toEqual({ vary: 'Origin' });
  });

  it('answers a preflight with every method, the requested headers and the max age', () => {
    expect(answer('OPTIONS', { origin: 'https://app.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' })).toEqual({
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, POST, PATCH',
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-max-age': '600',
    });
    expect(answer('OPTIONS', { origin: 'https://elsewhere.example', 'access-control-request-method': 'PATCH' })['access-control-allow-origin']).toBeUndefined();
  });
});
