import type { ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { tutorProfiles } from '../src/infra/database/schema/index.js';
import { StorageService } from '../src/infra/storage/storage.service.js';
import { bearer, createAccount, db } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { eventually } from './support/eventually.js';
import { minimalPdf, PNG } from './support/files.js';
import { answerOf, multipartRequest, partHead } from './support/raw-multipart.js';

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
    const req = multipartRequest(app, { path: '/api/tutor/update-info', token: account.token, boundary, contentLength: 10 * 1024 * 1024 });
    req.on('error', () => undefined);
    // A whole picture, then the start of a document that never ends.
    req.write(partHead(boundary, 'profilePicture', { filename: 'me.png', type: 'image/png' }));
    req.write(PNG);
    req.write(`\r\n${partHead(boundary, 'documentFile', { filename: 'rtw.pdf', type: 'application/pdf' })}`);
    req.write(Buffer.concat([minimalPdf(), Buffer.alloc(64 * 1024, 32)]));

    // The picture reaches storage while the request is still open…
    expect(await eventually(async () => (await storage.list(prefix)).length > 0)).toBe(true);
    req.destroy();
    // …and is gone once the server has noticed the client left.
    expect(await eventually(async () => (await storage.list(prefix)).length === 0)).toBe(true);
    expect(await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, account.user.id))).toEqual([]);
  });
});

/** The status, headers and body a raw client got, and whether the server then closed the connection. */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { code?: string; message?: string };
  closed: Promise<void>;
}

/**
 * Starts a profile-picture upload (the body claims 1 MB) that sends a PNG padded to `bytes`, past the type check
 * (so it is being stored); then `more(req)` sends what else it will (by default nothing) until the answer comes.
 */
function slowUpload(app: NestFastifyApplication, token: string, bytes: number, more: (req: ClientRequest) => () => void = () => () => undefined): Promise<RawAnswer> {
  const boundary = '----redpen-slow-test';
  return new Promise((resolve, reject) => {
    const req = multipartRequest(app, { path: '/api/student/updateProfile', token, boundary, contentLength: 1024 * 1024 });
    req.write(partHead(boundary, 'files', { filename: 'me.png', type: 'image/png' }));
    req.write(Buffer.concat([PNG, Buffer.alloc(bytes)]));
    const stop = more(req);
    // Settles however the request ends (a client destroyed without an error emits only 'close').
    const failed = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('error', failed);
    req.on('close', () => failed(new Error('the request closed without an answer')));
    req.on('response', (res) => {
      stop();
      const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
      resolve(answerOf<RawAnswer['body']>(res).then((answer) => ({ ...answer, closed })));
    });
  });
}

// A slow or stalled client (slowloris) is cut off and holds up no one meanwhile: UPLOAD_IDLE_SECONDS=1 here.
describe('uploads from clients too slow to send them (common/uploads/client-pace.ts)', () => {
  let app: NestFastifyApplication;
  let storage: StorageService;

  beforeAll(async () => {
    ({ app } = await bootApp({ UPLOAD_IDLE_SECONDS: '1' }));
    storage = app.get(StorageService);
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => app?.close());

  it('answers uploads that stall 408 UPLOAD_TIMEOUT and closes their connections, keeping nothing; meanwhile they hold up no one', async () => {
    // More stalled uploads than the four part buffers the process once shared (each is now spooled to a file of its own).
    const stallers = await Promise.all(Array.from({ length: 6 }, () => createAccount(app, { studentProfile: true })));
    // They keep within the pace (4 KiB every 250 ms) until the normal upload below is done, then stop sending.
    let sending = true;
    let answered = 0;
    const keepSending = (req: ClientRequest) => {
      const trickle = setInterval(() => sending && req.write(Buffer.alloc(4096)), 250);
      return () => clearInterval(trickle);
    };
    const answers = stallers.map((s) => slowUpload(app, s.token, 64 * 1024, keepSending).finally(() => answered++));
    await new Promise((resolve) => setTimeout(resolve, 300));

    // An upload at a normal pace is stored while they are all in progress.
    const student = await createAccount(app, { studentProfile: true });
    await request(app.getHttpServer()).post('/api/student/updateProfile').set(bearer(student.token)).attach('files', PNG, 'me.png').expect(200);
    expect(answered).toBe(0);
    expect(await storage.list(`students/${student.user.id}/`)).toHaveLength(1);
    sending = false;

    for (const answer of await Promise.all(answers)) {
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({ code: 'UPLOAD_TIMEOUT', message: 'The upload was too slow and has been stopped. Please try again on a steadier connection.' });
      expect(answer.body).not.toHaveProperty('closeConnection');
      expect(answer.headers.connection).toBe('close');
      await answer.closed;
    }
    for (const staller of stallers) expect(await storage.list(`students/${staller.user.id}/`)).toEqual([]);
  });

  it('answers 408 to a client that trickles its body, each byte within the idle limit but far below the rate', async () => {
    const student = await createAccount(app, { studentProfile: true });
    // 16 bytes every 400 ms: 40 B/s against the 4,096 asked, never a second without bytes.
    const answer = await slowUpload(app, student.token, 8 * 1024, (req) => {
      const trickle = setInterval(() => req.write(Buffer.alloc(16)), 400);
      return () => clearInterval(trickle);
    });
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 408, code: 'UPLOAD_TIMEOUT' });
    expect(await storage.list(`students/${student.user.id}/`)).toEqual([]);
  });
});
