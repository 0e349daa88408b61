// Security regression suite: contact details disguised to get past the masking
// arrive masked on the other side, over the socket and over the essay discussion's HTTP route, and the message is on
// the admins' moderation list, which pages (oldest unresolved first) instead of stopping at 200 rows.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { chatConversations, chatMessages } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayChatPair } from '../support/chat-pairs.js';
import { closeAll, connect, listen, next, send } from '../support/chat-sockets.js';

interface ModerationPage {
  flaggedMessages: { _id: string; content: string; masked: string[]; studentId: string; tutorId: string }[];
  reports: { _id: string }[];
  blocks: { _id: string }[];
  order: { kind: 'message' | 'report' | 'block'; _id: string }[];
  pagination: { currentPage: number; totalPages: number; totalPayments: number; hasPrev: boolean; hasNext: boolean };
}

describe('security: masking that survives tricks, and the moderation list', () => {
  let app: NestFastifyApplication;
  let origin: string;
  let admin: TestAccount;
  const http = () => request(app.getHttpServer());

  const pair = () => essayChatPair(app, 'Masking essay');

  const moderationPage = async (query = ''): Promise<ModerationPage> => (await http().get(`/api/admin/chat/moderation${query}`).set(bearer(admin.token)).expect(200)).body;

  /** Every flagged message on the list, page by page. */
  async function allFlagged(): Promise<ModerationPage['flaggedMessages']> {
    const out: ModerationPage['flaggedMessages'] = [];
    for (let page = 1; ; page += 1) {
      const body = await moderationPage(`?page=${page}&limit=100`);
      out.push(...body.flaggedMessages);
      if (!body.pagination.hasNext) return out;
    }
  }

  beforeAll(async () => {
    ({ app } = await bootApp());
    origin = await listen(app);
    admin = await createAccount(app, { role: 'admin' });
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await app?.close();
  });

  it('masks an evasion sent over the socket on both sides and lists it for the admins', async () => {
    const { student, tutor } = await pair();
    const studentTab = await connect(origin, student.token);
    const tutorTab = await connect(origin, tutor.token);
    const delivered = next(tutorTab, 'receiveMessage');
    const evasion = 'ring zero seven seven zero zero nine zero zero one two three or j o h n @ g m a i l . c o m\u200b — section 2.1 next';
    const ack = await send(studentTab, { recipient: tutor.user.id, content: evasion });
    const expected = 'ring [hidden] or [hidden] — section 2.1 next';
    expect(ack.message).toMatchObject({ content: expected, masked: ['phone', 'email'] });
    expect((await delivered).content).toBe(expected);
    const [stored] = await db(app).select().from(chatMessages).where(eq(chatMessages.id, ack.message._id));
    expect(stored).toMatchObject({ content: expected, flags: ['phone', 'email'] });
    expect((await allFlagged()).find((m) => m._id === ack.message._id)).toMatchObject({ content: expected, masked: ['phone', 'email'], studentId: student.user.id, tutorId: tutor.user.id });
  });

  it('masks an evasion sent to the essay discussion over HTTP on both sides and lists it for the admins', async () => {
    const { student, tutor, essayId } = await pair();
    const studentTab = await connect(origin, student.token);
    const delivered = next(studentTab, 'receiveMessage');
    const sent = await http().post(`/api/essays/${essayId}/messages`).set(bearer(tutor.token)).send({ content: 'Word count 2,000 is fine. Add me on snap john_smith99 or ｓａｍ＠ｇｍａｉｌ．ｃｏｍ' }).expect(200);
    const expected = 'Word count 2,000 is fine. Add me on [hidden] or [hidden]';
    expect(sent.body.message).toMatchObject({ essayId, content: expected, masked: ['email', 'handle'] });
    expect(await delivered).toMatchObject({ essayId, content: expected, masked: ['email', 'handle'] });
    const history = await http().get(`/api/student/messages/${tutor.user.id}`).set(bearer(student.token)).expect(200);
    expect(history.body.messages.map((m: { content: string }) => m.content)).toEqual([expected]);
    expect((await allFlagged()).find((m) => m._id === sent.body.message._id)).toMatchObject({ content: expected, masked: ['email', 'handle'] });
  });

  it('leaves ordinary essay talk untouched and off the list', async () => {
    const { tutor, essayId } = await pair();
    const content = 'Section 2.1, pages 10-12, word count 2,000, Figure 3.4, see p. 45, £12.50, 35%, Smith et al. (2019), e.g. the 1st draft';
    const sent = await http().post(`/api/essays/${essayId}/messages`).set(bearer(tutor.token)).send({ content }).expect(200);
    expect(sent.body.message).toMatchObject({ content, masked: [] });
    expect((await allFlagged()).map((m) => m._id)).not.toContain(sent.body.message._id);
  });

  describe('the moderation list', () => {
    it('pages through every item, oldest unresolved first, with the admin lists’ pagination keys (no cap at 200)', async () => {
      const { student, tutor } = await pair();
      const [conversation] = await db(app).select().from(chatConversations).where(eq(chatConversations.studentId, student.user.id));
      // Older than anything else the tests make: 230 flagged messages a minute apart in 2001.
      const made = await db(app)
        .insert(chatMessages)
        .values(
          Array.from({ length: 230 }, (_, i) => ({
            conversationId: conversation!.id,
            senderId: tutor.user.id,
            recipientId: student.user.id,
            senderRole: 'tutor' as const,
            content: `old ${i} [hidden]`,
            flags: ['phone'],
            createdAt: new Date(Date.UTC(2001, 0, 1, 0, i)),
          })),
        )
        .returning({ id: chatMessages.id });
      const ids = made.map((row) => row.id);

      const first = await moderationPage('?limit=100');
      expect(first.pagination).toMatchObject({ currentPage: 1, hasPrev: false, hasNext: true });
      expect(first.pagination.totalPayments).toBeGreaterThanOrEqual(230);
      expect(first.pagination.totalPages).toBe(Math.ceil(first.pagination.totalPayments / 100));
      expect(first.order.slice(0, 100)).toEqual(ids.slice(0, 100).map((_id) => ({ kind: 'message', _id })));
      expect(first.flaggedMessages.map((m) => m._id)).toEqual(ids.slice(0, 100));

      const listed = (await allFlagged()).map((m) => m._id);
      expect(ids.filter((id) => !listed.includes(id))).toEqual([]);

      // The default page is the admin lists' (20); a resolved item goes behind every unresolved one.
      expect((await moderationPage()).order).toHaveLength(20);
      await http().post('/api/admin/chat/moderation/resolve').set(bearer(admin.token)).send({ kind: 'message', id: ids[0], action: 'dismiss' }).expect(200);
      const after = await moderationPage('?limit=100');
      expect(after.order[0]).toEqual({ kind: 'message', _id: ids[1] });
      expect(after.order.map((item) => item._id)).not.toContain(ids[0]);

      for (const bad of ['?limit=0', '?limit=101', '?page=0', '?page=x']) await http().get(`/api/admin/chat/moderation${bad}`).set(bearer(admin.token)).expect(400);
      await db(app).delete(chatMessages).where(eq(chatMessages.conversationId, conversation!.id));
    });

  });
});
