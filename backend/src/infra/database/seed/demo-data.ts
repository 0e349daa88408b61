import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../../common/security/password-hasher.js';
import type { Database, Transaction } from '../database.types.js';
import { chatConversationContexts, chatConversations, chatMessages, studentProfiles, tutoringProfiles, tutorProfiles, users, type NewTutorProfileRow } from '../schema/index.js';
import { seedDemoEssays, type PutDemoFile } from './demo-essays.js';
import { seedDemoTutoring } from './demo-tutoring.js';

/** The demo accounts listed in the README. Passwords meet the registration rules. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', name: 'Ada Admin', email: 'admin@redpen.local', password: 'Admin!2345' },
  { role: 'tutor', name: 'Theo Tutor', email: 'tutor@redpen.local', password: 'Tutor!2345' },
  { role: 'tutor', name: 'Priya Patel', email: 'phd.tutor@redpen.local', password: 'Tutor!2345' },
  { role: 'student', name: 'Sam Student', email: 'student@redpen.local', password: 'Student!2345' },
] as const;

const WEEKDAY_SLOTS = ['09:00-10:00', '10:00-11:00', '14:00-15:00', '16:00-17:00'];

/**
 * The demo tutors' profiles: Theo (Masters, essays and tutoring) and Priya (PhD, essays only: no DBS yet). The tutoring
 * part (subject, rate, description, status, availability) is written to `tutoring_profiles`, the rest to `tutor_profiles`.
 */
type DemoTutoring = Omit<typeof tutoringProfiles.$inferInsert, 'userId'>;
const DEMO_TUTOR_PROFILES: Record<string, Omit<NewTutorProfileRow, 'userId'> & DemoTutoring> = {
  'tutor@redpen.local': {
    approved: true,
    approvedEssay: true,
    approvedTutoring: true,
    studyLevel: 'Masters',
    university: 'University of Oxford',
    course: 'English Literature',
    yearsOfExperience: 4,
    motivation: 'I love helping students sharpen their arguments.',
    subjects: [{ name: 'English Literature', levels: ['GCSE', 'A-Level', 'Bachelor'] }],
    hasDbs: true,
    rightToWork: true,
    tutoringSubject: 'English Literature',
    hourlyRatePence: 3500,
    tutoringDescription: 'Essay structure, close reading and interview practice.',
    tutoringAvailable: true,
    availability: { monday: WEEKDAY_SLOTS, wednesday: WEEKDAY_SLOTS, friday: WEEKDAY_SLOTS, saturday: ['10:00-11:00', '11:00-12:00'] },
  },
  'phd.tutor@redpen.local': {
    approved: true,
    approvedEssay: true,
    studyLevel: 'PhD',
    university: 'London School of Economics',
    course: 'Economics',
    yearsOfExperience: 7,
    motivation: 'Rigorous, friendly feedback on economics and history essays at every level.',
    subjects: [{ name: 'Economics', levels: ['A-Level', 'Bachelor', 'Masters', 'PhD'] }],
    rightToWork: true,
  },
};

export interface DemoSeedOptions {
  /** Stores the demo essays' files (S3); without it the essays are seeded with no file behind their links. */
  putFile?: PutDemoFile;
  /** PLATFORM_COMMISSION_PERCENT, for the demo payments' split. */
  commissionPercent?: number;
  /** MEETING_BASE_URL, for the demo sessions' rooms. */
  meetingBaseUrl?: string;
  now?: Date;
}

/**
 * Seeds the demo admin, two approved tutors (one tutoring, with availability), a student, their sessions and conversation and the
 * student's essays in every state — only into an empty users table, so running it twice (or on a live database)
 * changes nothing. Returns whether it seeded.
 */
export async function seedDemoData(db: Database, options: DemoSeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent seeders (start script and API starting together).
    await tx.execute('select pg_advisory_xact_lock(7215001)');
    const [{ value: existing }] = await tx.select({ value: count() }).from(users);
    if (existing > 0) return false;

    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          name: account.name,
          email: account.email,
          phone: '07700900000',
          passwordHash: await hashPassword(account.password),
          role: account.role,
          emailVerified: true,
          onboardingCompleted: true,
        })
        .returning({ id: users.id });
      if (account.role === 'student') {
        await tx.insert(studentProfiles).values({ userId: user!.id, major: 'History', university: 'University of Leeds' });
      }
      if (account.role === 'tutor') {
        const { tutoringSubject, hourlyRatePence, tutoringDescription, tutoringAvailable, availability, timeZone, ...application } = DEMO_TUTOR_PROFILES[account.email]!;
        await tx.insert(tutorProfiles).values({ userId: user!.id, ...application });
        await tx.insert(tutoringProfiles).values({ userId: user!.id, tutoringSubject, hourlyRatePence, tutoringDescription, tutoringAvailable, availability, timeZone });
      }
    }
    const byEmail = async (email: string) => (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const now = options.now ?? new Date();
    const sessionIds = await seedDemoTutoring(
      tx,
      { studentId: await byEmail('student@redpen.local'), tutorId: await byEmail('tutor@redpen.local') },
      { now, commissionPercent: options.commissionPercent ?? 20, meetingBaseUrl: options.meetingBaseUrl },
    );
    await seedDemoConversation(tx, sessionIds);
    await seedDemoEssays(
      tx,
      { studentId: await byEmail('student@redpen.local'), mastersTutorId: await byEmail('tutor@redpen.local'), phdTutorId: await byEmail('phd.tutor@redpen.local') },
      { now, commissionPercent: options.commissionPercent ?? 20, putFile: options.putFile ?? (() => Promise.resolve()) },
    );
    return true;
  });
}

/** Opens the conversation of the demo student and the demo tutor about their sessions, so chat works on a fresh `npm start`. */
async function seedDemoConversation(tx: Transaction, sessionIds: readonly string[]): Promise<void> {
  const byEmail = async (email: string) => (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const studentId = await byEmail('student@redpen.local');
  const tutorId = await byEmail('tutor@redpen.local');
  const [conversation] = await tx.insert(chatConversations).values({ studentId, tutorId }).returning({ id: chatConversations.id });
  await tx.insert(chatConversationContexts).values(sessionIds.map((refId) => ({ conversationId: conversation!.id, kind: 'session' as const, refId })));
  await tx.insert(chatMessages).values({
    conversationId: conversation!.id,
    senderId: tutorId,
    recipientId: studentId,
    senderRole: 'tutor',
    content: 'Hi Sam, I am looking forward to our session. Send me any questions about your essay here.',
  });
}
