// Multipart requests written by hand, for what supertest cannot do: send a body slowly, in pieces, or never finish it.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bearer } from './accounts.js';

/** One part's head: a text field's (its value follows, then CRLF) or a file's (its bytes follow). */
export function partHead(boundary: string, name: string, file?: { filename: string; type: string }): string {
  const disposition = `form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}`;
  return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`;
}

/** A text field, whole. */
export function textPart(boundary: string, name: string, value: string): string {
  return `${partHead(boundary, name)}${value}\r\n`;
}

/** The end of the body, after the last part's bytes. */
export const closing = (boundary: string) => `\r\n--${boundary}--\r\n`;

/**
 * Starts `POST path` on the app's listening port as `token`'s account, claiming `contentLength` bytes of
 * multipart body with this boundary; the caller writes the body (or not).
 */
export function multipartRequest(app: NestFastifyApplication, options: { path: string; token: string; boundary: string; contentLength: number }): ClientRequest {
  const { port } = app.getHttpServer().address() as AddressInfo;
  return httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: options.path,
    headers: { ...bearer(options.token), 'content-type': `multipart/form-data; boundary=${options.boundary}`, 'content-length': String(options.contentLength) },
  });
}

/** The answer a raw request got: its status, headers and JSON body, once the body has arrived. */
export function answerOf<B = Record<string, unknown>>(res: IncomingMessage): Promise<{ status: number; headers: IncomingMessage['headers']; body: B }> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('error', reject);
    res.on('end', () => {
      // A body that is not JSON fails the test's await, rather than throwing from an event handler.
      try {
        resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) as B });
      } catch (error) {
        reject(new Error(`the answer (${res.statusCode}) is not JSON: ${text.slice(0, 200)}`, { cause: error }));
      }
    });
  });
}
