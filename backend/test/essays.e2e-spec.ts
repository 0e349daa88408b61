// Essays, first slice: upload with the document's own word count and the server's price, the ±10 %
// confirmation, the students' reads, the tutors' pool within their StudyLevel, the atomic accept (20 tutors at
// once) opening the chat, and paying for a real essay through the local gateway.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { and, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { splitCommission } from '@redpen/shared/pricing';
import { APP_CONFIG } from '../src/config/config.module.js';
import type { AppConfig } from '../src/config/env.schema.js';
import { essays, payments, tutorProfiles } from '../src/infra/database/schema/index.js';
import { bearer, createAccount, db, resetLimits, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { minimalPdf, PNG } from './support/files.js';
import { mailsTo } from './support/mail-catcher.js';
import { answerOf, closing, multipartRequest, partHead, textPart } from './support/raw-multipart.js';

const MODEL_SURCHARGE = 500;
const EXPEDITED_SURCHARGE = 1000;
const HOUR_S = 3600;
/** An instant `seconds` after the ISO instant `at`, as the API writes it. */
const later = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

/** `n` words, each one word to every counter (letters, digits, a hyphenated word, a price). */
function words(n: number): string {
  const vocabulary = ['argument', 'evidence', 'Shakespeare', 'well-known', '1914', 'analysis', 'however', '£20'];
  return Array.from({ length: n }, (_, i) => vocabulary[i % vocabulary.length]).join(' ');
}

async function pdfOf(n: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const all = words(n).split(' ');
  let page = pdf.addPage([595, 842]);
  let y = 800;
  for (let i = 0; i < all.length; i += 8) {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 800;
    }
    page.drawText(all.slice(i, i + 8).join(' '), { x: 50, y, size: 11, font });
    y -= 16;
  }
  return Buffer.from(await pdf.save());
}

async function docxOf(n: number): Promise<Buffer> {
  const all = words(n).split(' ');
  const paragraphs: Paragraph[] = [];
  for (let i = 0; i < all.length; i += 60) paragraphs.push(new Paragraph({ children: [new TextRun(all.slice(i, i + 60).join(' '))] }));
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}

/** Waits until a mail with this subject reached the address (other mails may arrive before it). */
async function waitForSubject(address: string, subject: string, timeoutMs = 10_000): Promise<string[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const subjects = (await mailsTo(address)).map((m) => m.subject);
    if (subjects.includes(subject) || Date.now() > end) return subjects;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('essays', () => {
  let app: NestFastifyApplication;
  let webOrigin: string;
  let redis: Redis;
  let student: TestAccount;
  let otherStudent: TestAccount;
  let bachelorsTutor: TestAccount;
  let phdTutor: TestAccount;
  let unapprovedTutor: TestAccount;
  let pdf1001: Buffer;

  const http = () => request(app.getHttpServer());

  async function approve(account: TestAccount, studyLevel: string): Promise<void> {
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel }).where(eq(tutorProfiles.userId, account.user.id));
  }

  interface UploadOptions {
    title?: string | null;
    subject?: string | null;
    academicLevel?: string | null;
    fields?: Record<string, string>;
    file?: { bytes: Buffer; name: string } | null;
    markingScheme?: { bytes: Buffer; name: string };
    as?: TestAccount;
  }
  function upload(options: UploadOptions = {}) {
    let req = http()
      .post('/api/student/uploadEssay')
      .set(bearer((options.as ?? student).token));
    const text: Record<string, string | null> = {
      title: options.title === undefined ? 'The causes of the First World War' : options.title,
      subject: options.subject === undefined ? 'History' : options.subject,
      academicLevel: options.academicLevel === undefined ? 'A-Level' : options.academicLevel,
      ...options.fields,
    };
    for (const [name, value] of Object.entries(text)) if (value !== null) req = req.field(name, value);
    const file = options.file === undefined ? { bytes: pdf1001, name: 'essay.pdf' } : options.file;
    if (file) req = req.attach('file', file.bytes, file.name);
    if (options.markingScheme) req = req.attach('markingScheme', options.markingScheme.bytes, options.markingScheme.name);
    return req;
  }

  /** Uploads and confirms at the detected count: the essay is in the pool. */
  async function openEssay(options: UploadOptions = {}): Promise<string> {
    const uploaded = await upload(options).expect(200);
    await http()
      .post('/api/student/updateWordCount')
      .set(bearer((options.as ?? student).token))
      .send({ essayId: uploaded.body.essayId, wordCount: uploaded.body.wordCount })
      .expect(200);
    return uploaded.body.essayId as string;
  }

  /**
   * An essay upload from a raw client: the fields and the first `sendFirst` bytes of the PDF now, the rest when
   * `finish()` is called; resolves with the answer.
   */
  function stalledUpload(as: TestAccount, pdf: Buffer, sendFirst: number) {
    const boundary = '----redpen-stalled-essay';
    const head = Buffer.from(
      textPart(boundary, 'title', 'A slow connection') + textPart(boundary, 'subject', 'History') + textPart(boundary, 'academicLevel', 'A-Level') +
      partHead(boundary, 'file', { filename: 'essay.pdf', type: 'application/pdf' }),
    );
    const tail = Buffer.from(closing(boundary));
    const req = multipartRequest(app, { path: '/api/student/uploadEssay', token: as.token, boundary, contentLength: head.length + pdf.length + tail.length });
    const answer = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => resolve(answerOf(res)));
    });
    req.write(Buffer.concat([head, pdf.subarray(0, sendFirst)]));
    return {
      finish: () => {
        req.end(Buffer.concat([pdf.subarray(sendFirst), tail]));
        return answer;
      },
    };
  }

  const pool = (tutor: TestAccount, query: Record<string, string> = {}) => http().get('/api/tutor/getAvailableEssays').query(query).set(bearer(tutor.token));
  const ids = (response: request.Response) => (response.body.essays as { _id: string }[]).map((e) => e._id);

  beforeAll(async () => {
    ({ app, config: { webOrigin } } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', ESSAY_MODEL_ANSWER_SURCHARGE_PENCE: String(MODEL_SURCHARGE), ESSAY_EXPEDITED_SURCHARGE_PENCE: String(EXPEDITED_SURCHARGE) }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    otherStudent = await createAccount(app, { role: 'student', studentProfile: true });
    bachelorsTutor = await createAccount(app, { role: 'tutor' });
    phdTutor = await createAccount(app, { role: 'tutor' });
    unapprovedTutor = await createAccount(app, { role: 'tutor' });
    await approve(bachelorsTutor, 'Bachelors');
    await approve(phdTutor, 'PhD');
    pdf1001 = await pdfOf(1001);
    await app.listen(0, '127.0.0.1');
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  describe('upload', () => {
    it('counts the words of a PDF and prices them on the server (1,001 words → £15.01)', async () => {
      const response = await upload().expect(200);
      expect(response.body).toMatchObject({ wordCount: 1001, originalWordCount: 1001, price: 15.01, pricePence: 1501, minWordCount: 900, maxWordCount: 1102 });
      const [row] = await db(app).select().from(essays).where(eq(essays.id, response.body.essayId));
      expect(row).toMatchObject({ status: 'awaiting_confirmation', studentId: student.user.id, originalWordCount: 1001, pricePence: 1501, fileMime: 'application/pdf' });
      expect(row!.fileKey).toMatch(new RegExp(`^essays/${student.user.id}/essay-[0-9a-f-]+\\.pdf$`));
    });

    it('counts a DOCX and a TXT exactly, at the tier edges (1,000 / 3,000 / 3,001 words)', async () => {
      const docx = await upload({ file: { bytes: await docxOf(3000), name: 'essay.docx' } }).expect(200);
      expect(docx.body).toMatchObject({ wordCount: 3000, pricePence: 2900 });
      const txt = await upload({ file: { bytes: Buffer.from(words(1000)), name: 'essay.txt' } }).expect(200);
      expect(txt.body).toMatchObject({ wordCount: 1000, pricePence: 1500 });
      const txt3001 = await upload({ file: { bytes: Buffer.from(words(3001)), name: 'essay.txt' } }).expect(200);
      expect(txt3001.body).toMatchObject({ wordCount: 3001, pricePence: 2900 });
    });

    it('counts a text of several megabytes as it streams, characters cut between chunks (UTF-8, else Windows-1252)', async () => {
      // 4 MB of words with two-, three- and four-byte characters: the upload arrives in many chunks, some cutting one.
      const phrase = 'naïve café — 𝒜lgebra well-known 1914 ';
      const repeats = Math.floor((4 * 1024 * 1024) / Buffer.byteLength(phrase));
      const utf8 = await upload({ file: { bytes: Buffer.from(phrase.repeat(repeats), 'utf8'), name: 'essay.txt' } }).expect(200);
      expect(utf8.body.originalWordCount).toBe(repeats * 5);
      // The same words written by an older editor (Windows-1252: é is one byte 0xE9), not valid UTF-8 from its middle on.
      const windows = Buffer.concat([Buffer.from('plain ascii start '.repeat(100_000)), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x94])]);
      const legacy = await upload({ file: { bytes: windows, name: 'essay.txt' } }).expect(200);
      expect(legacy.body.originalWordCount).toBe(300_000 + 2);
    });

    it('answers uploads sent at once, each with its own count (received UPLOADS_AT_ONCE at a time, counted in turn)', async () => {
      const [pdf, docx, txt] = await Promise.all([
        upload(),
        upload({ file: { bytes: await docxOf(1000), name: 'essay.docx' } }),
        upload({ file: { bytes: Buffer.from(words(3001)), name: 'essay.txt' } }),
      ]);
      expect([pdf.status, docx.status, txt.status]).toEqual([200, 200, 200]);
      expect([pdf.body.originalWordCount, docx.body.originalWordCount, txt.body.originalWordCount]).toEqual([1001, 1000, 3001]);
    });

    it("lets other essays through while one student's upload stalls, and still counts the stalled one exactly (UPLOADS_AT_ONCE = 1)", async () => {
      // The stalled essay's client sends its fields and most of its PDF, then waits for the other essay's answer.
      const slowStudent = await createAccount(app, { role: 'student', studentProfile: true });
      const stalled = stalledUpload(slowStudent, pdf1001, pdf1001.length - 2000);
      // Time for the server to take it up, so that it holds the process's one essay slot first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // It hands the slot on (its PDF moved to disk) once its client is slow and another essay waits; without that,
      // this upload would wait for the slot until 503, as the stalled client waits for this answer.
      const other = await upload().expect(200);
      expect(other.body.originalWordCount).toBe(1001);
      const answer = await stalled.finish();
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ originalWordCount: 1001, pricePence: 1501 });
      const [row] = await db(app).select().from(essays).where(eq(essays.id, answer.body.essayId as string));
      expect(row).toMatchObject({ studentId: slowStudent.user.id, originalWordCount: 1001 });
    });

    it('adds the configured surcharges for a model answer and the expedited review', async () => {
      const response = await upload({ fields: { studentRequest: 'feedback_model', expedited: 'true', notes: 'Please focus on structure' } }).expect(200);
      expect(response.body.pricePence).toBe(1501 + MODEL_SURCHARGE + EXPEDITED_SURCHARGE);
      const essay = await http().get(`/api/student/essay/${response.body.essayId}`).set(bearer(student.token)).expect(200);
      expect(essay.body.essay).toMatchObject({ requestType: 'feedback_model', studentRequest: 'Feedback and Model Answer', expedited: true, notes: 'Please focus on structure', comments: 'Please focus on structure' });
      // Itemised: each surcharge inside the price, pounds with its pence twin.
      expect(essay.body.essay).toMatchObject({
        modelAnswerSurchargePence: MODEL_SURCHARGE,
        modelAnswerSurcharge: MODEL_SURCHARGE / 100,
        expeditedSurchargePence: EXPEDITED_SURCHARGE,
        expeditedSurcharge: EXPEDITED_SURCHARGE / 100,
      });
    });

    it("takes an image's count from the student, which becomes the original", async () => {
      const response = await upload({ file: { bytes: PNG, name: 'page.png' }, fields: { wordCount: '1200' } }).expect(200);
      expect(response.body).toMatchObject({ wordCount: 1200, originalWordCount: 1200, pricePence: 1500 + 140, wordCountToBeAgreed: false });
      // Without one (the spec's payload has none), the count is to be agreed with the tutor (test/contract/).
      const missing = await upload({ file: { bytes: PNG, name: 'page.png' } }).expect(200);
      expect(missing.body).toMatchObject({ wordCountToBeAgreed: true, pricePence: 30 });
    });

    it("ignores a student's count for a document: the document decides", async () => {
      const response = await upload({ fields: { wordCount: '5000' } }).expect(200);
      expect(response.body).toMatchObject({ wordCount: 1001, originalWordCount: 1001 });
    });

    it.each([
      ['title', { title: null }, 'Title is required'],
      ['subject', { subject: null }, 'Subject is required'],
      ['academic level', { academicLevel: null }, 'Academic level is required'],
      ['file', { file: null }, 'Please upload a file'],
      ['blank title', { title: '   ' }, 'Title is required'],
      ['title of sensible length', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    ] as const)('answers 400 without a %s, in the spec’s words', async (_name, options, message) => {
      const response = await upload(options as UploadOptions).expect(400);
      expect(response.body.message).toBe(message);
    });

    it('takes the subject as free text of 2–100 characters, and refuses an unknown level', async () => {
      expect((await upload({ subject: 'Thesis Review' }).expect(200)).body.essayId).toBeDefined();
      expect((await upload({ subject: ' x ' }).expect(400)).body.message).toBe('Subject must be 2 to 100 characters');
      expect((await upload({ subject: 'x'.repeat(101) }).expect(400)).body.message).toBe('Subject must be 2 to 100 characters');
      expect((await upload({ academicLevel: 'Primary' }).expect(400)).body.message).toBe('Academic level must be one of GCSE, A-Level, Bachelor, Masters, PhD');
    });

    it('refuses files over 10 MB (413) and of other types by content (415), storing nothing', async () => {
      const big = Buffer.concat([Buffer.from(words(10)), Buffer.alloc(10 * 1024 * 1024, 'a')]);
      const tooLarge = await upload({ file: { bytes: big, name: 'essay.txt' } }).expect(413);
      expect(tooLarge.body).toMatchObject({ message: 'File size must be less than 10 MB', code: 'UPLOAD_TOO_LARGE' });
      const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000', 'hex');
      const wrongType = await upload({ file: { bytes: zip, name: 'essay.pdf' } }).expect(415);
      expect(wrongType.body).toMatchObject({ message: 'Allowed file types: PDF, DOC, DOCX, TXT, JPEG, PNG, GIF, WebP, BMP', code: 'UPLOAD_TYPE_NOT_ALLOWED' });
      const schemeTooLarge = await upload({ markingScheme: { bytes: big, name: 'scheme.txt' } }).expect(413);
      expect(schemeTooLarge.body.code).toBe('UPLOAD_TOO_LARGE');
    });

    it('answers 400 (never 500) for a damaged document', async () => {
      const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
      const response = await upload({ file: { bytes: damaged, name: 'essay.pdf' } }).expect(400);
      expect(response.body).toMatchObject({ code: 'ESSAY_FILE_UNREADABLE' });
      expect(response.body.message).toMatch(/could not read the text of this document/);
    });

    it('keeps the mark scheme and serves both files through short-lived links', async () => {
      const uploaded = await upload({ markingScheme: { bytes: Buffer.from('Marks for structure'), name: 'scheme.txt' } }).expect(200);
      const { body } = await http().get(`/api/student/essay/${uploaded.body.essayId}`).set(bearer(student.token)).expect(200);
      expect(body.essay.fileUrl).toMatch(/X-Amz-Expires=\d+/);
      const file = await fetch(body.essay.fileUrl as string);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf1001)).toBe(true);
      const scheme = await fetch(body.essay.markingScheme as string);
      expect(await scheme.text()).toBe('Marks for structure');
      expect(body.essay.modelURL).toBeNull();
    });
  });

  describe('confirm / adjust the word count', () => {
    let essayId: string;
    beforeAll(async () => {
      await resetLimits(redis);
      essayId = (await upload({ title: 'Band test essay' }).expect(200)).body.essayId;
    });
    const update = (wordCount: number, extra: Record<string, unknown> = {}, as = student) =>
      http().post('/api/student/updateWordCount').set(bearer(as.token)).send({ essayId, wordCount, ...extra });

    it('refuses counts just outside 90–110 % of the original with the spec’s message (422)', async () => {
      for (const count of [899, 1103]) {
        const response = await update(count).expect(422);
        expect(response.body.message).toBe('Word count must be within ±10% of the original (900-1102)');
      }
      expect((await update(0).expect(400)).body.message).toBe('Word count must be a whole number above 0');
    });

    it('ignores a body’s originalWordCount', async () => {
      const response = await update(5000, { originalWordCount: 5000 }).expect(422);
      expect(response.body.message).toBe('Word count must be within ±10% of the original (900-1102)');
    });

    it('accepts both edges, reprices on the server and puts the essay in the pool', async () => {
      expect(ids(await pool(phdTutor).expect(200))).not.toContain(essayId);
      const low = await update(900).expect(200);
      expect(low.body).toMatchObject({ message: 'Word count updated successfully', essay: { wordCount: 900, originalWordCount: 1001, price: 13.5, pricePence: 1350, state: 'open', status: 'Pending' } });
      const high = await update(1102).expect(200);
      expect(high.body.essay).toMatchObject({ wordCount: 1102, originalWordCount: 1001, pricePence: 1500 + 71 });
      expect(ids(await pool(phdTutor).expect(200))).toContain(essayId);
    });

    it("is another student's essay: 404, nothing changes", async () => {
      const response = await update(1000, {}, otherStudent).expect(404);
      expect(response.body.message).toBe('Essay not found');
      const [row] = await db(app).select().from(essays).where(eq(essays.id, essayId));
      expect(row!.wordCount).toBe(1102);
    });

    it('cannot be changed once a tutor accepted it (409 ESSAY_NOT_EDITABLE)', async () => {
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: essayId }).expect(200);
      const response = await update(1000).expect(409);
      expect(response.body.code).toBe('ESSAY_NOT_EDITABLE');
    });
  });

  describe("students' reads", () => {
    it('lists only their own essays, by state, and 404s for anyone else’s', async () => {
      const pending = (await upload({ as: otherStudent, title: 'Other student essay' }).expect(200)).body.essayId as string;
      const mine = await http().get('/api/student/essays').set(bearer(student.token)).expect(200);
      expect(mine.body.essays.length).toBeGreaterThan(0);
      expect(ids(mine)).not.toContain(pending);
      const theirs = await http().get('/api/student/essays/pending').set(bearer(otherStudent.token)).expect(200);
      expect(ids(theirs)).toEqual([pending]);
      expect((await http().get('/api/student/essays/in-progress').set(bearer(otherStudent.token)).expect(200)).body.essays).toEqual([]);
      expect((await http().get('/api/student/essays/completed').set(bearer(otherStudent.token)).expect(200)).body.essays).toEqual([]);
      const inProgress = await http().get('/api/student/essays/in-progress').set(bearer(student.token)).expect(200);
      expect((inProgress.body.essays as { status: string; accepted: boolean }[]).every((e) => e.status === 'In Progress' && e.accepted)).toBe(true);
      expect((await http().get(`/api/student/essay/${pending}`).set(bearer(student.token)).expect(404)).body.message).toBe('Essay not found');
      await http().get('/api/student/essay/not-a-uuid').set(bearer(student.token)).expect(404);
    });
  });

  describe('the pool', () => {
    let masters: string;
    let aLevel: string;
    beforeAll(async () => {
      await resetLimits(redis);
      masters = await openEssay({ title: 'Strategy 100% explained', subject: 'Business Administration', academicLevel: 'Masters' });
      aLevel = await openEssay({ title: 'Organic Chemistry review', subject: 'Chemistry', academicLevel: 'A-Level' });
    });

    it('is closed to tutors not approved for essays (403 TUTOR_NOT_APPROVED)', async () => {
      const response = await pool(unapprovedTutor).expect(403);
      expect(response.body).toMatchObject({ code: 'TUTOR_NOT_APPROVED', message: 'Tutor is not approved yet.' });
      await http().post('/api/tutor/acceptEssay').set(bearer(unapprovedTutor.token)).send({ essayID: aLevel }).expect(403);
    });

    it('shows essays at or below the tutor’s StudyLevel only; above it they cannot be accepted either', async () => {
      const bachelors = ids(await pool(bachelorsTutor).expect(200));
      expect(bachelors).toContain(aLevel);
      expect(bachelors).not.toContain(masters);
      expect(ids(await pool(phdTutor).expect(200))).toEqual(expect.arrayContaining([aLevel, masters]));
      expect((await pool(bachelorsTutor, { level: 'Masters' }).expect(200)).body.essays).toEqual([]);
      await http().post('/api/tutor/acceptEssay').set(bearer(bachelorsTutor.token)).send({ essayID: masters }).expect(404);
      await http().post('/api/tutor/getEssay').set(bearer(bachelorsTutor.token)).send({ essayID: masters }).expect(404);
    });

    it('is gzipped for a client that asks (as browsers do), plain for one that does not, the same essays either way', async () => {
      const zipped = await pool(phdTutor).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
      expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: expect.stringMatching(/accept-encoding/i) });
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      const plain = await pool(phdTutor).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBeGreaterThan(Number(zipped.headers['content-length']));
      expect(plain.body).toEqual(zipped.body);
      expect(ids(plain)).toEqual(expect.arrayContaining([aLevel, masters]));
      const crossOrigin = await pool(phdTutor).set('Origin', webOrigin).set('Accept-Encoding', 'gzip').expect(200);
      expect(crossOrigin.headers['access-control-allow-origin']).toBe(webOrigin);
      expect(crossOrigin.headers.vary).toMatch(/origin/i);
      expect(crossOrigin.headers.vary).toMatch(/accept-encoding/i);
    });

    it('filters by level and subject and searches titles case-insensitively (a % is literal)', async () => {
      const byLevel = await pool(phdTutor, { level: 'Masters' }).expect(200);
      expect((byLevel.body.essays as { academicLevel: string }[]).every((e) => e.academicLevel === 'Masters')).toBe(true);
      expect(ids(byLevel)).toContain(masters);
      expect(ids(await pool(phdTutor, { level: 'Master', subject: 'business administration' }).expect(200))).toContain(masters);
      expect(ids(await pool(phdTutor, { level: 'A-Level', subject: 'Chemistry' }).expect(200))).toEqual([aLevel]);
      expect(ids(await pool(phdTutor, { search: 'organic CHEM' }).expect(200))).toEqual([aLevel]);
      expect(ids(await pool(phdTutor, { search: '100%' }).expect(200))).toEqual([masters]);
      expect(ids(await pool(phdTutor, { search: '0%e' }).expect(200))).toEqual([]);
      const card = (await pool(phdTutor, { search: 'organic' }).expect(200)).body.essays[0];
      expect(card).toMatchObject({ title: 'Organic Chemistry review', accepted: false, paymentStatus: 'Pending', fileUrl: null });
    });

    it('shows the student’s notes and what the tutor earns after commission beside the price (new keys; the spec’s unchanged)', async () => {
      const noted = await openEssay({ title: 'Notes and earnings', fields: { notes: 'Please focus on my conclusion.' } });
      const card = ((await pool(phdTutor).expect(200)).body.essays as Record<string, unknown>[]).find((e) => e._id === noted)!;
      const percent = app.get<AppConfig>(APP_CONFIG).payments.platformCommissionPercent;
      const { tutorEarningsPence } = splitCommission(card.pricePence as number, percent);
      expect(card).toMatchObject({ notes: 'Please focus on my conclusion.', price: (card.pricePence as number) / 100, tutorEarningsPence, tutorEarnings: tutorEarningsPence / 100 });
      expect(tutorEarningsPence).toBeLessThan(card.pricePence as number);
      // A preview of the essay's first lines, as read at upload (the PDF's text layer).
      expect(card.preview).toEqual(expect.stringMatching(/^\S+( \S+){20,}.*…$/));
      expect((card.preview as string).length).toBeLessThanOrEqual(301);
      // The student's own view carries no tutor earnings.
      const mine = (await http().get(`/api/student/essay/${noted}`).set(bearer(student.token)).expect(200)).body.essay;
      expect(mine).not.toHaveProperty('tutorEarningsPence');
    });

    it('never lists an essay the student has not confirmed', async () => {
      const unconfirmed = (await upload({ title: 'Unconfirmed essay' }).expect(200)).body.essayId as string;
      expect(ids(await pool(phdTutor).expect(200))).not.toContain(unconfirmed);
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: unconfirmed }).expect(404);
    });
  });

  describe('accept', () => {
    it('lets exactly one of 20 tutors at once win; the others hear 409, the winner repeating hears 200', async () => {
      const essayId = await openEssay({ title: 'Race essay', subject: 'History', academicLevel: 'GCSE' });
      const tutors = await Promise.all(Array.from({ length: 20 }, () => createAccount(app, { role: 'tutor' })));
      await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'Bachelors' }).where(inArray(tutorProfiles.userId, tutors.map((t) => t.user.id)));
      const answers = await Promise.all(tutors.map((t) => http().post('/api/tutor/acceptEssay').set(bearer(t.token)).send({ essayID: essayId })));
      const winners = answers.flatMap((a, i) => (a.status === 200 ? [tutors[i]!] : []));
      expect(winners).toHaveLength(1);
      const losers = answers.filter((a) => a.status !== 200);
      expect(losers).toHaveLength(19);
      for (const loser of losers) expect(loser.body).toMatchObject({ code: 'ESSAY_ALREADY_ACCEPTED' });
      const winner = winners[0]!;

      const again = await http().post('/api/tutor/acceptEssay').set(bearer(winner.token)).send({ essayID: essayId }).expect(200);
      expect(again.body.essay).toMatchObject({ _id: essayId, accepted: true, paymentStatus: 'Pending', status: 'In Progress', state: 'accepted' });
      expect(again.body.essay.acceptedAt).toEqual(answers.find((a) => a.status === 200)!.body.essay.acceptedAt);
      const [row] = await db(app).select().from(essays).where(eq(essays.id, essayId));
      expect(row).toMatchObject({ status: 'accepted', tutorId: winner.user.id });

      // The winner's conversation with the student is open; the essay is theirs to read, with its file.
      const contacts = await http().get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
      expect((contacts.body.tutors as { _id: string }[]).map((t) => t._id)).toContain(winner.user.id);
      const held = await http().post('/api/tutor/getEssay').set(bearer(winner.token)).send({ essayID: essayId }).expect(200);
      expect(held.body.essay.fileUrl).toEqual(expect.any(String));
      expect(ids(await http().get('/api/tutor/getAllEssays').set(bearer(winner.token)).expect(200))).toEqual([essayId]);
      await http().post('/api/tutor/getEssay').set(bearer(tutors.find((t) => t !== winner)!.token)).send({ essayID: essayId }).expect(404);
      expect(ids(await pool(phdTutor).expect(200))).not.toContain(essayId);
    });
  });

  describe('the discussion', () => {
    it('is readable by the essay’s student and the tutor holding it only', async () => {
      const essayId = await openEssay({ title: 'Discussion essay', subject: 'History', academicLevel: 'GCSE' });
      await http().post('/api/tutor/acceptEssay').set(bearer(bachelorsTutor.token)).send({ essayID: essayId }).expect(200);
      for (const who of [student, bachelorsTutor]) {
        const { body } = await http().get(`/api/essays/${essayId}`).set(bearer(who.token)).expect(200);
        expect(body.essay).toMatchObject({ _id: essayId, state: 'accepted', fileUrl: expect.any(String) });
      }
      for (const who of [otherStudent, phdTutor]) await http().get(`/api/essays/${essayId}`).set(bearer(who.token)).expect(404);

      // Messages go through Chat with the essay attached (a tutor without DBS may write in an essay's thread).
      const sent = await http().post(`/api/essays/${essayId}/messages`).set(bearer(student.token)).send({ content: 'Is 1,000 words right?' }).expect(200);
      expect(sent.body.message).toMatchObject({ sender: student.user.id, recipient: bachelorsTutor.user.id, essayId, content: 'Is 1,000 words right?' });
      const reply = await http().post(`/api/essays/${essayId}/messages`).set(bearer(bachelorsTutor.token)).send({ content: 'Yes, agreed' }).expect(200);
      expect(reply.body.message).toMatchObject({ sender: bachelorsTutor.user.id, recipient: student.user.id, essayId });
      await http().post(`/api/essays/${essayId}/messages`).set(bearer(phdTutor.token)).send({ content: 'Hello' }).expect(404);
      await http().post(`/api/essays/${essayId}/messages`).set(bearer(otherStudent.token)).send({ content: 'Hello' }).expect(404);
      expect((await http().post(`/api/essays/${essayId}/messages`).set(bearer(student.token)).send({ content: '  ' }).expect(400)).body.message).toBe('Message cannot be empty');
    });

    it('Cancel Review returns an unpaid essay to the pool at once, closes the chat and tells the student; only its tutor may', async () => {
      const essayId = await openEssay({ title: 'Cancelled review essay', subject: 'History', academicLevel: 'GCSE' });
      await http().post('/api/tutor/acceptEssay').set(bearer(bachelorsTutor.token)).send({ essayID: essayId }).expect(200);
      await http().post(`/api/essays/${essayId}/reject`).set(bearer(phdTutor.token)).expect(404);
      await http().post(`/api/essays/${essayId}/reject`).set(bearer(student.token)).expect(403);
      const rejected = await http().post(`/api/essays/${essayId}/reject`).set(bearer(bachelorsTutor.token)).expect(200);
      expect(rejected.body.essay).toMatchObject({ state: 'open', accepted: false, acceptedAt: null });
      expect(ids(await pool(phdTutor).expect(200))).toContain(essayId);
      await http().post(`/api/essays/${essayId}/reject`).set(bearer(bachelorsTutor.token)).expect(404);
      expect(await waitForSubject(student.user.email, '"Cancelled review essay" is back in the essay pool')).toContain('"Cancelled review essay" is back in the essay pool');
      expect((await http().get('/api/tutor/getCompletedEssays').set(bearer(bachelorsTutor.token)).expect(200)).body.essays).toEqual([]);
    });
  });

  describe("the tutor's Confirm", () => {
    const confirm = (essayId: string, as: TestAccount, body: Record<string, unknown> = {}) => http().post(`/api/essays/${essayId}/confirm`).set(bearer(as.token)).send(body);

    it('records the agreement, reprices an agreed count within the band, and only for the tutor holding it', async () => {
      const essayId = await openEssay({ title: 'Confirmed count essay' });
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: essayId }).expect(200);
      await confirm(essayId, bachelorsTutor).expect(404);
      await confirm(essayId, student).expect(403);
      const plain = await confirm(essayId, phdTutor).expect(200);
      expect(plain.body).toMatchObject({ message: 'Word count confirmed', essay: { tutorConfirmed: true, wordCount: 1001, pricePence: 1501 } });
      expect((await confirm(essayId, phdTutor, { wordCount: 1103 }).expect(422)).body.message).toBe('Word count must be within ±10% of the original (900-1102)');
      expect((await confirm(essayId, phdTutor, { wordCount: 0 }).expect(400)).body.message).toBe('Word count must be a whole number above 0');
      const agreed = await confirm(essayId, phdTutor, { wordCount: 1100 }).expect(200);
      expect(agreed.body.essay).toMatchObject({ wordCount: 1100, originalWordCount: 1001, price: 15.7, pricePence: 1570 });
      // The student pays the agreed price.
      await pay(essayId);
      const [charge] = await db(app).select().from(payments).where(eq(payments.itemId, essayId));
      expect(charge).toMatchObject({ amountPence: 1570, status: 'completed' });
      // Once paid: confirming again is harmless, a new count is refused.
      await confirm(essayId, phdTutor).expect(200);
      await confirm(essayId, phdTutor, { wordCount: 1100 }).expect(200);
      expect((await confirm(essayId, phdTutor, { wordCount: 1000 }).expect(409)).body.code).toBe('ESSAY_NOT_EDITABLE');
    });

    it('never reprices under an open checkout: the amount the student is paying stays the price', async () => {
      const essayId = await openEssay({ title: 'Checkout open essay' });
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: essayId }).expect(200);
      await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId }).expect(200);
      const refused = await confirm(essayId, phdTutor, { wordCount: 950 }).expect(409);
      expect(refused.body.code).toBe('PAYMENT_IN_PROGRESS');
      await confirm(essayId, phdTutor, { wordCount: 1001 }).expect(200);
      const [row] = await db(app).select().from(essays).where(eq(essays.id, essayId));
      expect(row).toMatchObject({ wordCount: 1001, pricePence: 1501 });

      // 20 confirms with a new count racing 20 checkouts: whatever wins, the charge is the essay's price.
      const racing = await openEssay({ title: 'Racing confirm essay' });
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: racing }).expect(200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0 ? confirm(racing, phdTutor, { wordCount: 950 }) : http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId: racing }),
        ),
      );
      expect(answers.filter((a) => !(a.status === 200 || (a.status === 409 && a.body.code === 'PAYMENT_IN_PROGRESS'))).map((a) => [a.status, a.body])).toEqual([]);
      const [raced] = await db(app).select().from(essays).where(eq(essays.id, racing));
      const charges = await db(app).select().from(payments).where(eq(payments.itemId, racing));
      expect(charges).toHaveLength(1);
      expect(charges[0]!.amountPence).toBe(raced!.pricePence);
    });
  });

  describe('paying for an essay (local gateway)', () => {
    it('is payable once accepted; Pay marks it Paid with paid_time, for the essay’s price', async () => {
      const essayId = await openEssay({ title: 'Paid essay', fields: { expedited: 'true' } });
      const payUrl = () => http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId });
      expect((await payUrl().expect(422)).body.code).toBe('PAYMENT_NOT_PAYABLE');
      const held = (await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: essayId }).expect(200)).body.essay;
      // The clocks as instants, from the default windows: 24 h to agree the count; no marking or refund clock yet.
      expect(held).toMatchObject({ discussionEndsAt: later(held.acceptedAt, 24 * HOUR_S), markingDueAt: null, refundableUntil: null, payoutAvailableAt: null });
      await http().post('/api/student/generatePaymentUrl').set(bearer(otherStudent.token)).send({ essayId }).expect(404);

      const path = new URL((await payUrl().expect(200)).body.paymentUrl as string).pathname;
      const page = await http().get(path).expect(200);
      expect(page.text).toContain('£25.01');
      await http().post(path).type('form').send({ action: 'pay' }).expect(303);

      const { body } = await http().get(`/api/student/essay/${essayId}`).set(bearer(student.token)).expect(200);
      expect(body.essay).toMatchObject({ paymentStatus: 'Paid', state: 'paid', status: 'In Progress', pricePence: 1501 + EXPEDITED_SURCHARGE });
      expect(body.essay.paid_time).toEqual(expect.any(String));
      // Paid: the discussion is over; expedited, so marked within half of 48 h; refundable for 24 h.
      expect(body.essay).toMatchObject({ discussionEndsAt: null, markingDueAt: later(body.essay.paid_time, 24 * HOUR_S), refundableUntil: later(body.essay.paid_time, 24 * HOUR_S) });
      const [ledger] = await db(app).select().from(payments).where(eq(payments.itemId, essayId));
      expect(ledger).toMatchObject({ status: 'completed', amountPence: 2501, payerId: student.user.id, type: 'student_essay_payment' });
      expect((await payUrl().expect(409)).body.code).toBe('PAYMENT_ALREADY_PAID');
      // Once paid, the tutor can no longer cancel the review.
      expect((await http().post(`/api/essays/${essayId}/reject`).set(bearer(phdTutor.token)).expect(409)).body.code).toBe('PAYMENT_ALREADY_PAID');
    });
  });

  describe('cancelling', () => {
    it('cancels an unpaid essay at once, refunds a paid one in full, and refuses a marked one', async () => {
      const open = await openEssay({ title: 'Cancelled open essay' });
      await http().post(`/api/student/cancelEssay/${open}`).set(bearer(otherStudent.token)).expect(404);
      const cancelled = await http().post(`/api/student/cancelEssay/${open}`).set(bearer(student.token)).expect(200);
      expect(cancelled.body).toMatchObject({ message: 'Essay cancelled', essay: { state: 'cancelled', paymentStatus: 'Pending' } });
      expect(ids(await pool(phdTutor).expect(200))).not.toContain(open);
      expect((await http().post(`/api/student/cancelEssay/${open}`).set(bearer(student.token)).expect(409)).body.code).toBe('REFUND_NOT_ALLOWED');

      const paid = await openEssay({ title: 'Refunded essay' });
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: paid }).expect(200);
      const path = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId: paid }).expect(200)).body.paymentUrl as string).pathname;
      await http().post(path).type('form').send({ action: 'pay' }).expect(303);
      const refunded = await http().post(`/api/student/cancelEssay/${paid}`).set(bearer(student.token)).expect(200);
      expect(refunded.body).toMatchObject({ message: 'Essay cancelled: your payment is being refunded in full', essay: { state: 'cancelled', paymentStatus: 'Refunded' } });
      const [ledger] = await db(app).select().from(payments).where(eq(payments.itemId, paid));
      expect(ledger).toMatchObject({ status: 'refunded', refundedAmountPence: 1501 });
      expect((await http().post(`/api/student/cancelEssay/${paid}`).set(bearer(student.token)).expect(409)).body.code).toBe('REFUND_NOT_ALLOWED');
    });
  });

  const FEEDBACK = 'A clear argument with good use of evidence. '.repeat(7);
  /** Opens the checkout and pays it on the local gateway's page. */
  async function pay(essayId: string, as: TestAccount = student): Promise<void> {
    const path = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(as.token)).send({ essayId }).expect(200)).body.paymentUrl as string).pathname;
    await http().post(path).type('form').send({ action: 'pay' }).expect(303);
  }
  /** In the pool, accepted by `tutor` (the PhD tutor unless said) and paid by its student. */
  async function paidEssay(options: UploadOptions, tutor: TestAccount = phdTutor): Promise<string> {
    const essayId = await openEssay(options);
    await http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId }).expect(200);
    await pay(essayId, options.as);
    return essayId;
  }
  const mark = (as: TestAccount, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) => {
    let req = http().post('/api/tutor/markEssay').set(bearer(as.token));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    if (file) req = req.attach('modelAnswerFile', file.bytes, file.name);
    return req;
  };
  /** Paid, marked with `score` and accepted by its student: ready to be rated. */
  async function reviewedEssay(options: UploadOptions, score: number, tutor: TestAccount = phdTutor): Promise<string> {
    const essayId = await paidEssay(options, tutor);
    await mark(tutor, { essayID: essayId, score: String(score), feedback: FEEDBACK }).expect(200);
    await http().post(`/api/student/acceptEssay/${essayId}`).set(bearer((options.as ?? student).token)).expect(200);
    return essayId;
  }

  describe('marking', () => {

    it('needs the essay paid and held by the marking tutor, a score 1–10 and 250+ characters of feedback', async () => {
      const unpaid = await openEssay({ title: 'Unpaid marking essay' });
      await http().post('/api/tutor/acceptEssay').set(bearer(phdTutor.token)).send({ essayID: unpaid }).expect(200);
      expect((await mark(phdTutor, { essayID: unpaid, score: '8', feedback: FEEDBACK }).expect(409)).body.code).toBe('ESSAY_NOT_MARKABLE');

      const essayId = await paidEssay({ title: 'Marking essay' });
      await mark(bachelorsTutor, { essayID: essayId, score: '8', feedback: FEEDBACK }).expect(404);
      expect((await mark(phdTutor, { essayID: essayId, score: '11', feedback: FEEDBACK }).expect(400)).body.message).toBe('Score must be between 1 and 10');
      expect((await mark(phdTutor, { essayID: essayId, score: '8', feedback: 'Too short.' }).expect(400)).body.message).toBe('Feedback must be at least 250 characters long.');

      // A revision: the student sends it back once marked; the tutor resubmits.
      await mark(phdTutor, { essayID: essayId, score: '6', feedback: FEEDBACK }).expect(200);
      await http().post(`/api/student/requestRevision/${essayId}`).set(bearer(otherStudent.token)).expect(404);
      const revision = await http().post(`/api/student/requestRevision/${essayId}`).set(bearer(student.token)).expect(200);
      expect(revision.body.essay).toMatchObject({ state: 'revision_requested', status: 'Revision Requested' });
      await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(phdTutor.token)).send({ essayId }).expect(422);
      expect((await http().post(`/api/student/requestRevision/${essayId}`).set(bearer(student.token)).expect(409)).body.code).toBe('ESSAY_NOT_EDITABLE');

      const marked = await mark(phdTutor, { essayID: essayId, score: '8', feedback: FEEDBACK }).expect(200);
      expect(marked.body).toMatchObject({ message: 'Essay marked successfully', essay: { state: 'completed', status: 'Completed', score: 8, feedback: FEEDBACK.trim() } });
      expect(await waitForSubject(student.user.email, 'Your feedback on "Marking essay" is ready')).toContain('Your feedback on "Marking essay" is ready');
      const view = await http().get(`/api/student/essay/${essayId}`).set(bearer(student.token)).expect(200);
      expect(view.body.essay).toMatchObject({ score: 8, status: 'Completed', completedAt: expect.any(String) });
      // Completed again: payable 48 h after the resubmission; not revisable again (one revision per essay,
      // the first completion's window having been used); no marking or refund clock.
      const { completedAt } = view.body.essay as { completedAt: string };
      expect(view.body.essay).toMatchObject({ payoutAvailableAt: later(completedAt, 48 * HOUR_S), revisionAvailableUntil: null, markingDueAt: null, refundableUntil: null });
      expect(ids(await http().get('/api/tutor/getCompletedEssays').set(bearer(phdTutor.token)).expect(200))).toContain(essayId);
      expect((await mark(phdTutor, { essayID: essayId, score: '9', feedback: FEEDBACK }).expect(409)).body.code).toBe('ESSAY_NOT_MARKABLE');

      // The student accepts the feedback (only theirs, once reviewed); the tutor can then be paid, once.
      await http().post(`/api/student/acceptEssay/${essayId}`).set(bearer(otherStudent.token)).expect(404);
      expect((await http().post(`/api/student/acceptEssay/${unpaid}`).set(bearer(student.token)).expect(409)).body.code).toBe('ESSAY_NOT_EDITABLE');
      await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(phdTutor.token)).send({ essayId }).expect(422);
      const accepted = await http().post(`/api/student/acceptEssay/${essayId}`).set(bearer(student.token)).expect(200);
      // Accepted: payable at once, so no payout instant (nor a revision one).
      expect(accepted.body).toMatchObject({ message: 'Essay feedback accepted successfully!', essay: { student_accept: true, payoutAvailableAt: null, revisionAvailableUntil: null } });
      await http().post(`/api/student/acceptEssay/${essayId}`).set(bearer(student.token)).expect(200);
      expect((await http().post(`/api/student/requestRevision/${essayId}`).set(bearer(student.token)).expect(409)).body.code).toBe('ESSAY_NOT_EDITABLE');
      const payout = await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(phdTutor.token)).send({ essayId }).expect(200);
      expect(payout.body.paymentUrl).toMatch(/^\/tutor\/payment-success\?payout_id=/);
      expect((await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(phdTutor.token)).send({ essayId }).expect(200)).body.paymentUrl).toBe(payout.body.paymentUrl);
      const [row] = await db(app).select().from(essays).where(eq(essays.id, essayId));
      expect(row).toMatchObject({ studentAccept: true, tutorPaid: true });
      expect((await http().post(`/api/student/cancelEssay/${essayId}`).set(bearer(student.token)).expect(409)).body.code).toBe('REFUND_NOT_ALLOWED');
    });

    it('requires a marked file (PDF, DOC, DOCX, RTF) for a feedback-and-model-answer essay and serves it', async () => {
      const essayId = await paidEssay({ title: 'Model answer essay', fields: { studentRequest: 'feedback_model' } });
      const missing = await mark(phdTutor, { essayID: essayId, score: '7', feedback: FEEDBACK }).expect(400);
      expect(missing.body.message).toBe('You must upload a marked essay file to continue.');
      await mark(phdTutor, { essayID: essayId, score: '7', feedback: FEEDBACK }, { bytes: Buffer.from('plain text'), name: 'model.txt' }).expect(415);
      const model = minimalPdf('Model answer');
      await mark(phdTutor, { essayID: essayId, score: '7', feedback: FEEDBACK }, { bytes: model, name: 'model.pdf' }).expect(200);
      const view = await http().get(`/api/student/essay/${essayId}`).set(bearer(student.token)).expect(200);
      const file = await fetch(view.body.essay.modelURL as string);
      expect(Buffer.from(await file.arrayBuffer()).equals(model)).toBe(true);
    });
  });

  describe('ratings', () => {
    const rate = (body: Record<string, unknown>, as: TestAccount = student) => http().post('/api/student/giveRating').set(bearer(as.token)).send(body);

    it('rates an accepted review once (1–5, feedback ≤ 500), updates the tutor’s average and the pending list', async () => {
      const rater = await createAccount(app, { role: 'student', studentProfile: true });
      const tutor = await createAccount(app, { role: 'tutor' });
      await approve(tutor, 'PhD');
      const notAccepted = await paidEssay({ title: 'Not yet accepted', as: rater }, tutor);
      await mark(tutor, { essayID: notAccepted, score: '7', feedback: FEEDBACK }).expect(200);
      expect((await rate({ type: 'essay', essayId: notAccepted, ratings: 5 }, rater).expect(409)).body.code).toBe('ESSAY_NOT_RATEABLE');

      const essayId = await reviewedEssay({ title: 'Rated essay', as: rater }, 7, tutor);
      const pending = await http().get('/api/student/getPendingRating').set(bearer(rater.token)).expect(200);
      expect(ids(pending)).toEqual([essayId]);
      const bad: [Record<string, unknown>, string][] = [
        [{ type: 'essay', essayId, ratings: 0 }, 'Rating must be a whole number of stars from 1 to 5'],
        [{ type: 'essay', essayId, ratings: 6 }, 'Rating must be a whole number of stars from 1 to 5'],
        [{ type: 'essay', essayId, ratings: 4.5 }, 'Rating must be a whole number of stars from 1 to 5'],
        [{ type: 'essay', essayId, ratings: 4, feedback: 'x'.repeat(501) }, 'Feedback must be at most 500 characters'],
        [{ type: 'review', essayId, ratings: 4 }, 'Rating type must be essay or session'],
      ];
      for (const [body, message] of bad) expect((await rate(body, rater).expect(400)).body.message).toBe(message);
      // Type session rates a tutoring session: an essay's id is no session of the student's.
      await rate({ type: 'session', essayId, ratings: 4 }, rater).expect(404);
      await rate({ type: 'essay', essayId, ratings: 4 }, otherStudent).expect(404);

      const given = await rate({ type: 'essay', essayId, ratings: 4, feedback: 'Clear and kind. '.repeat(31).slice(0, 500) }, rater).expect(200);
      expect(given.body).toMatchObject({ message: 'Thank you for rating your tutor', essay: { rated: true, studentRating: { rating: 4, feedback: expect.any(String), ratingDate: expect.any(String) } } });
      expect((await rate({ type: 'essay', essayId, ratings: 5 }, rater).expect(409)).body.code).toBe('ESSAY_ALREADY_RATED');
      expect(ids(await http().get('/api/student/getPendingRating').set(bearer(rater.token)).expect(200))).toEqual([]);
      // The tutor sees the rating on the essay, and the average on their dashboard.
      const held = await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: essayId }).expect(200);
      expect(held.body.essay.studentRating).toMatchObject({ rating: 4 });

      const second = await reviewedEssay({ title: 'Second rated essay', as: rater }, 9, tutor);
      await rate({ type: 'essay', essayId: second, ratings: 5 }, rater).expect(200);
      expect((await http().get('/api/tutor/getDashboard').set(bearer(tutor.token)).expect(200)).body).toMatchObject({ rating: 4.5, totalRatings: 2 });
    });

    it('records one rating when the same rating is sent ten times at once', async () => {
      const rater = await createAccount(app, { role: 'student', studentProfile: true });
      const tutor = await createAccount(app, { role: 'tutor' });
      await approve(tutor, 'PhD');
      const essayId = await reviewedEssay({ title: 'Double-clicked rating', as: rater }, 6, tutor);
      const answers = await Promise.all(Array.from({ length: 10 }, () => rate({ type: 'essay', essayId, ratings: 3 }, rater)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'ESSAY_ALREADY_RATED')).toBe(true);
      expect((await http().get('/api/tutor/getDashboard').set(bearer(tutor.token)).expect(200)).body).toMatchObject({ rating: 3, totalRatings: 1 });
    });
  });

  describe('dashboards', () => {
    it("student: essays submitted (confirmed, not cancelled) and the mean of score × 10 as text", async () => {
      const learner = await createAccount(app, { role: 'student', studentProfile: true });
      const dashboard = () => http().get('/api/student/getDashboard').set(bearer(learner.token)).expect(200);
      expect((await dashboard()).body).toEqual({ essaysSubmitted: 0, interviewsCompleted: 0, averagePercentage: '0%' });
      await upload({ as: learner, title: 'Never confirmed' }).expect(200);
      const cancelled = await openEssay({ as: learner, title: 'Cancelled at once' });
      await http().post(`/api/student/cancelEssay/${cancelled}`).set(bearer(learner.token)).expect(200);
      await openEssay({ as: learner, title: 'Waiting in the pool' });
      await reviewedEssay({ as: learner, title: 'Scored six' }, 6);
      await reviewedEssay({ as: learner, title: 'Scored nine' }, 9);
      expect((await dashboard()).body).toEqual({ essaysSubmitted: 3, interviewsCompleted: 0, averagePercentage: '75%' });
      await http().get('/api/student/getDashboard').set(bearer(phdTutor.token)).expect(403);
    });

    it("tutor: essays reviewed, rating, and earnings from the ledger's completed payouts", async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      await approve(tutor, 'PhD');
      const dashboard = () => http().get('/api/tutor/getDashboard').set(bearer(tutor.token)).expect(200);
      expect((await dashboard()).body).toEqual({ essaysReviewed: 0, interviewsConducted: 0, rating: 0, totalRatings: 0, earnings: 0, earningsPence: 0 });
      const essayId = await reviewedEssay({ title: 'Earning essay' }, 8, tutor);
      await paidEssay({ title: 'Paid, not marked' }, tutor);
      expect((await dashboard()).body).toMatchObject({ essaysReviewed: 1, earningsPence: 0 });
      await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(tutor.token)).send({ essayId }).expect(200);
      const [payout] = await db(app).select().from(payments).where(and(eq(payments.itemId, essayId), eq(payments.recipientId, tutor.user.id)));
      expect(payout!.status).toBe('completed');
      expect((await dashboard()).body).toMatchObject({ essaysReviewed: 1, earnings: payout!.amountPence / 100, earningsPence: payout!.amountPence });
      expect(payout!.amountPence).toBeGreaterThan(0);
      await http().get('/api/tutor/getDashboard').set(bearer(student.token)).expect(403);
    });
  });
});
