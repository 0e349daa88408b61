// The essay steps the security probes share: accounts, an essay through the real API from upload to
// marking, and rows written straight to the table for states the API no longer lets anyone reach (self-held essays).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { essays, tutorProfiles, type EssayRow, type NewEssayRow } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db, heardByTheApp, type TestAccount } from '../support/accounts.js';
import { PNG } from '../support/files.js';

export const FEEDBACK = 'A clear argument with good use of evidence. '.repeat(7);

export const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

export function essayFlow(app: () => NestFastifyApplication) {
  const http = () => request(app().getHttpServer());

  /** An essay-approved tutor at `studyLevel` (PhD sees every level). */
  async function approve(account: TestAccount, studyLevel = 'PhD'): Promise<void> {
    await db(app()).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel }).where(eq(tutorProfiles.userId, account.user.id));
    await heardByTheApp(app());
  }

  /** A user holding both profiles (a student who became a tutor), approved for essays. */
  async function dualAccount(): Promise<TestAccount> {
    const account = await createAccount(app(), { role: 'student', studentProfile: true, tutorProfile: true, label: 'dual' });
    await approve(account);
    return account;
  }

  async function approvedTutor(studyLevel = 'PhD'): Promise<TestAccount> {
    const account = await createAccount(app(), { role: 'tutor' });
    await approve(account, studyLevel);
    return account;
  }

  /** Uploads a text essay of `count` words (or an image with the student's `fields.wordCount`) and answers the upload's body. */
  function upload(student: TestAccount, options: { count?: number; image?: boolean; fields?: Record<string, string>; title?: string; academicLevel?: string } = {}) {
    let req = http()
      .post('/api/student/uploadEssay')
      .set(bearer(student.token))
      .field('title', options.title ?? 'A security probe essay')
      .field('subject', 'History')
      .field('academicLevel', options.academicLevel ?? 'A-Level');
    for (const [name, value] of Object.entries(options.fields ?? {})) req = req.field(name, value);
    return options.image ? req.attach('file', PNG, 'essay.png') : req.attach('file', Buffer.from(words(options.count ?? 200)), 'essay.txt');
  }

  /** Uploaded and confirmed at its count: in the pool. */
  async function openEssay(student: TestAccount, options: Parameters<typeof upload>[1] = {}): Promise<string> {
    const uploaded = await upload(student, options).expect(200);
    await http().post('/api/student/updateWordCount').set(bearer(student.token)).send({ essayId: uploaded.body.essayId, wordCount: uploaded.body.wordCount }).expect(200);
    return uploaded.body.essayId as string;
  }

  const accept = (tutor: TestAccount, essayId: string) => http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId });

  /** Opens the checkout and pays it on the local gateway's page. */
  async function pay(student: TestAccount, essayId: string): Promise<void> {
    const path = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId }).expect(200)).body.paymentUrl as string).pathname;
    await http().post(path).type('form').send({ action: 'pay' }).expect(303);
  }

  /** In the pool, accepted by `tutor` and paid by `student`. */
  async function paidEssay(student: TestAccount, tutor: TestAccount, options: Parameters<typeof upload>[1] = {}): Promise<string> {
    const essayId = await openEssay(student, options);
    await accept(tutor, essayId).expect(200);
    await pay(student, essayId);
    return essayId;
  }

  const mark = (tutor: TestAccount, essayId: string, score = 7) =>
    http().post('/api/tutor/markEssay').set(bearer(tutor.token)).field('essayID', essayId).field('score', String(score)).field('feedback', FEEDBACK);

  const getEssay = (tutor: TestAccount, essayId: string) => http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: essayId });

  /** A row written straight to the table (a state from before a rule held, or one the API takes long to reach). */
  async function insertEssay(values: Partial<NewEssayRow> & Pick<NewEssayRow, 'studentId'>): Promise<EssayRow> {
    const [row] = await db(app())
      .insert(essays)
      .values({ title: 'A row from before the rule', subject: 'History', academicLevel: 'A-Level', originalWordCount: 100, wordCount: 100, pricePence: 150, fileKey: 'essays/probe/essay.txt', fileName: 'essay.txt', fileMime: 'text/plain', status: 'open', ...values })
      .returning();
    return row!;
  }

  async function row(essayId: string): Promise<EssayRow> {
    const [found] = await db(app()).select().from(essays).where(eq(essays.id, essayId));
    return found!;
  }

  return { http, approve, dualAccount, approvedTutor, upload, openEssay, accept, pay, paidEssay, mark, getEssay, insertEssay, row };
}
