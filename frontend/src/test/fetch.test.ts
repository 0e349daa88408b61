import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, onlyFor, stubApi } from './fetch';

afterEach(() => vi.unstubAllGlobals());

const get = async (path: string) => {
  const response = await fetch(`http://app.test${path}`);
  return { status: response.status, body: await response.json() };
};

describe('stubApi', () => {
  it('answers a documented path with its parameters, and 404 for anything not stubbed', async () => {
    const { calls } = stubApi({
      'GET /api/student/essay/{id}': (_body, params) => jsonResponse(200, { essay: { _id: params.id } }),
      'GET /api/student/essays': () => jsonResponse(200, { essays: [] }),
    });
    expect(await get('/api/student/essay/e1')).toEqual({ status: 200, body: { essay: { _id: 'e1' } } });
    expect(await get('/api/student/essays?x=1')).toEqual({ status: 200, body: { essays: [] } });
    expect((await get('/api/student/essay/e1/extra')).status).toBe(404);
    expect(calls.map((call) => call.key)).toEqual(['GET /api/student/essay/e1', 'GET /api/student/essays', 'GET /api/student/essay/e1/extra']);
  });

  it('onlyFor answers one set of parameters; others are not found', async () => {
    stubApi({ 'GET /api/student/essay/{id}': onlyFor({ id: 'e1' }, () => jsonResponse(200, { essay: { title: 'Mine' } })) });
    expect((await get('/api/student/essay/e1')).status).toBe(200);
    expect((await get('/api/student/essay/e2')).status).toBe(404);
  });

  it('is typed by the generated paths: an unknown route, an undocumented status or a wrong body does not compile', () => {
    const typed = () => {
      stubApi({
        // @ts-expect-error — no such route in the API
        'GET /api/student/essayz': () => jsonResponse(200, {}),
      });
      stubApi({
        // @ts-expect-error — the login route documents no 201
        'POST /api/auth/login': () => jsonResponse(201, { token: 't' }),
      });
      stubApi({
        // @ts-expect-error — `wordCount` is a number in EssayDto
        'GET /api/student/essays': () => jsonResponse(200, { essays: [{ wordCount: 'many' }] }),
      });
      stubApi({
        // @ts-expect-error — an error code the API does not have
        'POST /api/auth/login': () => jsonResponse(403, { message: 'No', code: 'NOT_A_CODE' }),
      });
    };
    expect(typed).toBeTypeOf('function');
  });
});
