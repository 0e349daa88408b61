// A student and a DBS-verified tutor whose conversation is open, for the chat tests.
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { essays, tutorProfiles } from '../../src/infra/database/schema/index.js';
import { ChatService } from '../../src/modules/chat/chat.service.js';
import { createAccount, db, type TestAccount } from './accounts.js';

/** A student and a DBS-verified tutor whose conversation is open for a tutoring session. */
export async function sessionChatPair(app: NestFastifyApplication): Promise<{ student: TestAccount; tutor: TestAccount }> {
  const student = await createAccount(app, { role: 'student', studentProfile: true });
  const tutor = await createAccount(app, { role: 'tutor' });
  await db(app).update(tutorProfiles).set({ hasDbs: true }).where(eq(tutorProfiles.userId, tutor.user.id));
  await app.get(ChatService).openConversation(student.user.id, tutor.user.id, { kind: 'session', id: randomUUID() });
  return { student, tutor };
}

/** A student and a DBS-verified tutor who share an essay (titled `title`) the tutor holds: its discussion is open. */
export async function essayChatPair(app: NestFastifyApplication, title: string): Promise<{ student: TestAccount; tutor: TestAccount; essayId: string }> {
  const student = await createAccount(app, { role: 'student', studentProfile: true });
  const tutor = await createAccount(app, { role: 'tutor' });
  await db(app).update(tutorProfiles).set({ hasDbs: true, approved: true, approvedEssay: true, studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, tutor.user.id));
  const [essay] = await db(app)
    .insert(essays)
    .values({
      studentId: student.user.id,
      tutorId: tutor.user.id,
      status: 'accepted',
      acceptedAt: new Date(),
      title,
      subject: 'History',
      academicLevel: 'A-Level',
      originalWordCount: 2000,
      wordCount: 2000,
      pricePence: 1815,
      fileKey: 'essays/chat/essay.pdf',
      fileName: 'essay.pdf',
      fileMime: 'application/pdf',
    })
    .returning({ id: essays.id });
  await app.get(ChatService).openConversation(student.user.id, tutor.user.id, { kind: 'essay', id: essay!.id });
  return { student, tutor, essayId: essay!.id };
}
