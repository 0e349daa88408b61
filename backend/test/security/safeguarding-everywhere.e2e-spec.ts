// Security regression suite: one safeguarding rule for every text one side writes for the other. A tutor's essay
// feedback and tutoring description, a student's session purpose and essay notes, a tutor's motivation (and a chat
// message, as before) are stored and served with their contact details masked; the original is kept for the admins
// only, on the moderation queue they already work through, with the text's source kind and the id of its thing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { essays, safeguardingFlags, tutoringProfiles, tutoringSessions, tutorProfiles } from '../../src/infra/database/schema/index.js';
import { LocalCheckout } from '../../src/modules/payments/local-checkout.service.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { minimalPdf, PNG } from '../support/files.js';
import { bookableTutor, LONG_TOKENS, settableClock, type SettableClock } from '../support/tutoring.js';
import { essayFlow, FEEDBACK } from './essay-flow.js';

type SourceKind = 'chat_message' | 'essay_feedback' | 'tutoring_description' | 'session_purpose' | 'essay_notes' | 'tutor_motivation';

interface FlaggedText {
  _id: string;
  source: { kind: SourceKind; id: string };
  authorId: string;
  readerId: string | null;
  author: { _id: string };
  reader: { _id: string } | null;
  content: string;
  original: string;
  masked: string[];
  resolution: { action: string } | null;
}

interface ModerationPage {
  flaggedMessages: { _id: string; content: string; original: string | null; source: { kind: SourceKind; id: string } }[];
  flaggedTexts: FlaggedText[];
  order: { kind: string; _id: string }[];
  pagination: { hasNext: boolean };
}

describe('security: contact details are masked in every text one side writes for the other', () => {
  let app: NestFastifyApplication;
  let admin: TestAccount;
  let clock: SettableClock;
  const http = () => request(app.getHttpServer());
  const flow = essayFlow(() => app);

  beforeAll(async () => {
    ({ app } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    clock = settableClock(app);
    admin = await createAccount(app, { role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every page of the admins' moderation queue. */
  async function queue(): Promise<{ texts: FlaggedText[]; messages: ModerationPage['flaggedMessages']; order: ModerationPage['order'] }> {
    const out = { texts: [] as FlaggedText[], messages: [] as ModerationPage['flaggedMessages'], order: [] as ModerationPage['order'] };
    for (let page = 1; ; page += 1) {
      const body = (await http().get(`/api/admin/chat/moderation?page=${page}&limit=100`).set(bearer(admin.token)).expect(200)).body as ModerationPage;
      out.texts.push(...body.flaggedTexts);
      out.messages.push(...body.flaggedMessages);
      out.order.push(...body.order);
      if (!body.pagination.hasNext) return out;
    }
  }

  /** The queue's item for this text: listed in the queue's order, with its source, its people, the masked text and the original. */
  async function expectQueued(source: { kind: SourceKind; id: string }, expected: { original: string; content: string; authorId: string; readerId: string | null }): Promise<FlaggedText> {
    const { texts, order } = await queue();
    const items = texts.filter((t) => t.source.kind === source.kind && t.source.id === source.id);
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toMatchObject({ source, ...expected, author: { _id: expected.authorId }, reader: expected.readerId ? { _id: expected.readerId } : null, resolution: null });
    expect(item.masked.length).toBeGreaterThan(0);
    expect(order).toContainEqual({ kind: 'text', _id: item._id });
    return item;
  }

  it('masks a tutor’s essay feedback for the student and keeps the original for the admins', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const tutor = await flow.approvedTutor();
    const essayId = await flow.paidEssay(student, tutor);
    const original = `${FEEDBACK}WhatsApp 07700 900123 if you want more help before the exam.`;
    const content = `${FEEDBACK}WhatsApp [hidden] if you want more help before the exam.`;
    const marked = await http().post('/api/tutor/markEssay').set(bearer(tutor.token)).field('essayID', essayId).field('score', '7').field('feedback', original).expect(200);
    expect(JSON.stringify(marked.body)).not.toContain('900123');
    expect((await flow.row(essayId)).feedback).toBe(content);
    const read = await http().get(`/api/student/essay/${essayId}`).set(bearer(student.token)).expect(200);
    expect(JSON.stringify(read.body)).toContain(content);
    expect(JSON.stringify(read.body)).not.toContain('900123');
    await expectQueued({ kind: 'essay_feedback', id: essayId }, { original, content, authorId: tutor.user.id, readerId: student.user.id });
  });

  it('masks a tutor’s tutoring description for students and keeps the original for the admins', async () => {
    const tutor = await bookableTutor(app);
    const subject = `Safeguarding ${tutor.user.id.slice(0, 8)}`;
    const original = 'Ten years of interview practice. Add me on snap tutor_sam99 for tips.';
    const content = 'Ten years of interview practice. Add me on [hidden] for tips.';
    const body = { subject, hourlyRate: 40, description: original, status: 'Available', availability: { monday: ['09:00-10:00'] }, timeZone: 'Europe/London' };
    const saved = await http().post('/api/tutor/updateTutoringProfile').set(bearer(tutor.token)).send(body).expect(200);
    expect(saved.body.profile.description).toBe(content);
    const [profile] = await db(app).select().from(tutoringProfiles).where(eq(tutoringProfiles.userId, tutor.user.id));
    expect(profile!.tutoringDescription).toBe(content);
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const listed = await http().get('/api/tutor/getTutorProfilesforTutoring').query({ search: subject, page: 1, limit: 10 }).set(bearer(student.token)).expect(200);
    expect(listed.body.tutors.find((t: { _id: string }) => t._id === tutor.user.id)).toMatchObject({ description: content });
    await expectQueued({ kind: 'tutoring_description', id: tutor.user.id }, { original, content, authorId: tutor.user.id, readerId: null });
  });

  it('masks a student’s session purpose for the tutor and keeps the original for the admins', async () => {
    // Sunday 10 January 2027, noon: Monday 11 January 09:00-10:00 London is a slot.
    clock.set('2027-01-10T12:00:00Z');
    try {
      const tutor = await bookableTutor(app, { availability: { monday: ['09:00-10:00'] } });
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const original = 'Oxford interview practice; text me on 07700;900;123 or sam at mail dot ru';
      const content = 'Oxford interview practice; text me on [hidden] or [hidden]';
      const booked = await http()
        .post('/api/student/createTutoringSession')
        .set(bearer(student.token))
        .send({ tutorId: tutor.user.id, purpose: original, startTime: '2027-01-11T09:00:00Z', endTime: '2027-01-11T10:00:00Z' })
        .expect(200);
      const sessionId = booked.body.tutoringSession._id as string;
      expect(booked.body.tutoringSession.purpose).toBe(content);
      const [row] = await db(app).select().from(tutoringSessions).where(eq(tutoringSessions.id, sessionId));
      expect(row!.purpose).toBe(content);
      await app.get(LocalCheckout).act(new URL(booked.body.paymentUrl as string).pathname.split('/').pop()!, 'pay');
      const pending = await http().get('/api/tutor/getPendingTutoringSessions').set(bearer(tutor.token)).expect(200);
      expect(pending.body.sessions.find((s: { _id: string }) => s._id === sessionId)).toMatchObject({ purpose: content });
      await expectQueued({ kind: 'session_purpose', id: sessionId }, { original, content, authorId: student.user.id, readerId: tutor.user.id });
    } finally {
      clock.reset();
    }
  });

  it('masks a student’s essay notes for tutors and keeps the original for the admins', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const original = 'Focus on the conclusion. Questions? samATgmailDOTcom or ٠٧٧٠٠٩٠٠١٢٣';
    const content = 'Focus on the conclusion. Questions? [hidden] or [hidden]';
    const essayId = await flow.openEssay(student, { fields: { notes: original } });
    const [row] = await db(app).select().from(essays).where(eq(essays.id, essayId));
    expect(row!.notes).toBe(content);
    const tutor = await flow.approvedTutor();
    const pool = await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);
    expect(JSON.stringify(pool.body)).not.toContain('samATgmail');
    await flow.accept(tutor, essayId).expect(200);
    const held = await flow.getEssay(tutor, essayId).expect(200);
    expect(JSON.stringify(held.body)).toContain(content);
    expect(JSON.stringify(held.body)).not.toContain('samATgmail');
    await expectQueued({ kind: 'essay_notes', id: essayId }, { original, content, authorId: student.user.id, readerId: null });
  });

  it('masks a tutor’s motivation at onboarding and on a profile edit, and keeps the originals for the admins', async () => {
    const tutor = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
    const original = 'I love helping with essays. Insta: sam.writes99, or line: samwrites';
    const content = 'I love helping with essays. [hidden], or [hidden]';
    let req = http().post('/api/tutor/update-info').set(bearer(tutor.token));
    const fields: Record<string, string> = {
      motivation: original,
      university: 'University College London',
      course: 'History',
      dateOfBirth: '1999-01-01',
      aLevelsCompletionDate: '2017-07-01',
      universityStartDate: '2017-09-20',
      expectedGraduationDate: '2020-06-30',
      aLevels: JSON.stringify([{ subject: 'History', grade: 'A*' }]),
      subjects: JSON.stringify([{ name: 'History', levels: ['GCSE', 'A-Level'] }]),
      hasRight: 'yes',
      nationality: 'BritishIrish',
      documentType: 'passport',
      hasDBS: 'false',
      appliedForDBS: 'false',
    };
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    await req.attach('profilePicture', PNG, 'me.png').attach('documentFile', minimalPdf(), 'documentFile.pdf').attach('aLevelsCertificate', PNG, 'a.png').expect(200);
    const [profile] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.user.id));
    expect(profile!.motivation).toBe(content);
    const unapproved = await http().get('/api/admin/getUnapprovedTutors').set(bearer(admin.token)).expect(200);
    expect(JSON.stringify(unapproved.body)).not.toContain('sam.writes99');
    const first = await expectQueued({ kind: 'tutor_motivation', id: tutor.user.id }, { original, content, authorId: tutor.user.id, readerId: null });

    // The same rule on the tutor's later edit of the profile: a second item, with its own original.
    const edited = 'Happy to help. Telegram @samwrites';
    await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).field('motivation', edited).expect(200);
    const read = await http().get('/api/tutor/getProfile').set(bearer(tutor.token)).expect(200);
    expect(JSON.stringify(read.body)).toContain('Happy to help. [hidden]');
    const flags = await db(app).select().from(safeguardingFlags).where(eq(safeguardingFlags.sourceId, tutor.user.id));
    expect(flags.map((f) => f.original).sort()).toEqual([edited, original].sort());
    expect(flags.every((f) => f.sourceKind === 'tutor_motivation')).toBe(true);
    expect((await queue()).texts.map((t) => t._id)).toContain(first._id);
  });

  it('keeps a chat message’s original for the admins beside the masked message', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const tutor = await flow.approvedTutor();
    await db(app).update(tutorProfiles).set({ hasDbs: true }).where(eq(tutorProfiles.userId, tutor.user.id));
    const essayId = await flow.openEssay(student);
    await flow.accept(tutor, essayId).expect(200);
    const original = 'Add me on Signal samwrites';
    const sent = await http().post(`/api/essays/${essayId}/messages`).set(bearer(tutor.token)).send({ content: original }).expect(200);
    expect(sent.body.message).toMatchObject({ content: 'Add me on [hidden]', masked: ['handle'] });
    const { messages, texts } = await queue();
    expect(messages.find((m) => m._id === sent.body.message._id)).toMatchObject({ content: 'Add me on [hidden]', original, source: { kind: 'chat_message', id: sent.body.message._id } });
    // A chat message is listed once, as its message.
    expect(texts.map((t) => t.source.id)).not.toContain(sent.body.message._id);
  });

  it('leaves clean text as written and off the queue', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const notes = 'Due 12/03/2024 at 14:30; about 2,500 words; ISBN 978-0-14-143951-8; the signal in this line of argument';
    const essayId = await flow.openEssay(student, { fields: { notes } });
    expect((await flow.row(essayId)).notes).toBe(notes);
    expect((await queue()).texts.map((t) => t.source.id)).not.toContain(essayId);
  });

  it('resolves a masked text like any other item: warn its author, not a stranger; once', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const essayId = await flow.openEssay(student, { fields: { notes: 'call 07700 900123' } });
    const { texts } = await queue();
    const item = texts.find((t) => t.source.id === essayId)!;
    const stranger = await createAccount(app, { role: 'student', studentProfile: true });
    await http().post('/api/admin/chat/moderation/resolve').set(bearer(admin.token)).send({ kind: 'text', id: item._id, action: 'warn', userId: stranger.user.id }).expect(400);
    await http().post('/api/admin/chat/moderation/resolve').set(bearer(admin.token)).send({ kind: 'text', id: item._id, action: 'warn', userId: student.user.id, note: 'Keep contact on Redpen' }).expect(200);
    await http().post('/api/admin/chat/moderation/resolve').set(bearer(admin.token)).send({ kind: 'text', id: item._id, action: 'dismiss' }).expect(409);
    expect((await queue()).texts.find((t) => t._id === item._id)).toMatchObject({ resolution: { action: 'warn' } });
  });
});
