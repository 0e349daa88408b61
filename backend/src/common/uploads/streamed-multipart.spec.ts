import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { streamedMultipart } from './streamed-multipart.js';

describe('streamedMultipart', () => {
  it('parses multipart requests on the root context and adds no hook to any other request', async () => {
    const app = Fastify();
    const added: string[] = [];
    app.addHook('onRoute', () => undefined);
    const addHook = app.addHook.bind(app);
    (app as unknown as { addHook: (...args: unknown[]) => unknown }).addHook = (name: unknown, ...rest: unknown[]) => {
      added.push(String(name));
      return (addHook as (...args: unknown[]) => unknown)(name, ...rest);
    };
    await app.register(streamedMultipart, { limits: { fileSize: 1024 } });
    expect(added).toEqual([]);
    app.post('/upload', async (request) => {
      const names: string[] = [];
      for await (const part of request.parts()) {
        names.push(part.fieldname);
        if (part.type === 'file') await part.toBuffer();
      }
      return { multipart: request.isMultipart(), names };
    });
    const boundary = 'xyz';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="title"', '', 'Essay', `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.txt"', 'Content-Type: text/plain', '', 'hello', `--${boundary}--`, ''].join('\r\n');
    const response = await app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(response.json()).toEqual({ multipart: true, names: ['title', 'file'] });
    await app.close();
  });
});
