import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { tutorProfiles } from '../src/infra/database/schema/index.js';
import { StorageService } from '../src/infra/storage/storage.service.js';
import { bearer, createAccount, db } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { minimalPdf, PNG } from './support/files.js';

/** Waits (without asserting on time) until `check` holds, giving up after a generous bound. */
async function eventually(check: () => Promise<boolean>, bound = 15_000): Promise<boolean> {
  const end = Date.now() + bound;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

// The upload helper's route-independent guarantees, on an app whose hourly upload allowance is 3.
describe('uploads (common/uploads)', () => {
  let app: NestFastifyApplication;
  let storage: StorageService;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ UPLOAD_RATE_LIMIT_PER_HOUR: '3' }));
    storage = app.get(StorageService);
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => app?.close());

  it('limits uploads per user: the fourth in an hour is 429, another user is unaffected', async () => {
    const student = await createAccount(app, { studentProfile: true });
    for (let i = 0; i < 3; i++) await http().post('/api/student/updateProfile').set(bearer(student.token)).field('bio', `try ${i}`).expect(200);
    const limited = await http().post('/api/student/updateProfile').set(bearer(student.token)).attach('files', PNG, 'me.png').expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(await storage.list(`students/${student.user.id}/`)).toEqual([]);
    const other = await createAccount(app, { studentProfile: true });
    await http().post('/api/student/updateProfile').set(bearer(other.token)).field('bio', 'hello').expect(200);
  });

  it('refuses more files than the route takes with 413, keeping none', async () => {
    const student = await createAccount(app, { studentProfile: true });
    const response = await http().post('/api/student/updateProfile').set(bearer(student.token))
      .attach('files', PNG, 'one.png').attach('files', PNG, 'two.png').expect(413);
    expect(response.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE', errors: [{ field: 'files' }] });
    expect(await storage.list(`students/${student.user.id}/`)).toEqual([]);
  });

  it('a client that leaves part-way leaves nothing stored and nothing in the database', async () => {
    const account = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
    const prefix = `tutors/${account.user.id}/`;
    const boundary = '----redpen-abort-test';
    const part = (name: string, filename: string, type: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    const { port } = app.getHttpServer().address() as AddressInfo;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/tutor/update-info',
      headers: { ...bearer(account.token), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10 * 1024 * 1024) },
    });
    req.on('error', () => undefined);
    // A whole picture, then the start of a document that never ends.
    req.write(part('profilePicture', 'me.png', 'image/png'));
    req.write(PNG);
    req.write(`\r\n${part('documentFile', 'rtw.pdf', 'application/pdf')}`);
    req.write(Buffer.concat([minimalPdf(), Buffer.alloc(64 * 1024, 32)]));

    // The picture reaches storage while the request is still open…
    expect(await eventually(async () => (await storage.list(prefix)).length > 0)).toBe(true);
    req.destroy();
    // …and is gone once the server has noticed the client left.
    expect(await eventually(async () => (await storage.list(prefix)).length === 0)).toBe(true);
    expect(await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, account.user.id))).toEqual([]);
  });
});
