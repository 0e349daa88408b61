import { sql } from 'drizzle-orm';
import { essayPricePence, splitCommission } from '@redpen/shared/pricing';
import type { Transaction } from '../database.types.js';
import { chatConversationContexts, chatConversations, chatMessages, essays, payments, ratings, type NewEssayRow } from '../schema/index.js';
import { addToRatingSummary } from './demo-tutoring.js';
import { demoPdf } from './demo-pdf.js';

/** Stores a demo file; the seed passes the S3 upload (or nothing, when storage is not reachable: rows only). */
export type PutDemoFile = (key: string, bytes: Buffer) => Promise<void>;

const HOUR = 3_600_000;
const FEEDBACK =
  'A well-organised essay with a clear thesis in the introduction. Your use of evidence is strongest in the second ' +
  'and third sections, where each quotation is followed by analysis rather than description. To reach the top band, ' +
  'weigh counter-arguments explicitly, tighten the conclusion so it answers the question as set, and check the ' +
  'referencing: two sources lack page numbers.';

interface DemoEssay {
  title: string;
  subject: string;
  academicLevel: NewEssayRow['academicLevel'];
  words: number;
  /** Which demo tutor holds it, if anyone. */
  tutor: 'masters' | 'phd' | null;
  status: NewEssayRow['status'];
  /** Hours ago it was accepted / paid / completed (when it reached that state). */
  acceptedHoursAgo?: number;
  paidHoursAgo?: number;
  completedHoursAgo?: number;
  score?: number;
  studentAccept?: boolean;
  rating?: { stars: number; feedback: string };
}

/**
 * The demo student's essays, one in each state a newcomer should see (docs/decisions.md "Demo data"). The hours fall inside
 * the default windows (24 h discussion and refund, 48 h marking and payout wait); the screens' countdowns and
 * buttons follow the instants the API computes from the configured windows, so shorter ones show (and act) as such.
 */
const DEMO_ESSAYS: readonly DemoEssay[] = [
  { title: 'Ambition and guilt in Macbeth', subject: 'English Literature', academicLevel: 'A-Level', words: 1450, tutor: null, status: 'open' },
  { title: 'The causes of the First World War', subject: 'History', academicLevel: 'A-Level', words: 2100, tutor: 'masters', status: 'accepted', acceptedHoursAgo: 2 },
  { title: 'Photosynthesis and crop yields', subject: 'Biology', academicLevel: 'GCSE', words: 900, tutor: 'masters', status: 'paid', acceptedHoursAgo: 6, paidHoursAgo: 5 },
  { title: 'Keynesian policy after 2008', subject: 'Economics', academicLevel: 'Bachelor', words: 2600, tutor: 'phd', status: 'completed', acceptedHoursAgo: 30, paidHoursAgo: 29, completedHoursAgo: 20, score: 7 },
  {
    title: 'Nature in Romantic poetry',
    subject: 'English Literature',
    academicLevel: 'A-Level',
    words: 1800,
    tutor: 'masters',
    status: 'completed',
    acceptedHoursAgo: 80,
    paidHoursAgo: 79,
    completedHoursAgo: 60,
    score: 8,
    studentAccept: true,
    rating: { stars: 5, feedback: 'Detailed, kind and quick. The comments on my conclusion were spot on.' },
  },
];

/**
 * Essays in every state for the demo student, held by the two demo tutors, with the ledger rows a paid essay has
 * (its completed charge) and the rating a rated one has; the essays a tutor holds join the demo conversation as
 * its essay contexts, so the demo student and tutor are contacts through them. Timers are not queued: the
 * sweeper enqueues whatever comes due.
 */
export async function seedDemoEssays(
  tx: Transaction,
  people: { studentId: string; mastersTutorId: string; phdTutorId: string },
  options: { now: Date; commissionPercent: number; putFile: PutDemoFile },
): Promise<void> {
  const ago = (hours: number | undefined) => (hours === undefined ? null : new Date(options.now.getTime() - hours * HOUR));
  for (const [index, demo] of DEMO_ESSAYS.entries()) {
    const tutorId = demo.tutor === 'masters' ? people.mastersTutorId : demo.tutor === 'phd' ? people.phdTutorId : null;
    const fileKey = `essays/${people.studentId}/demo-essay-${index + 1}.pdf`;
    const lines = [`${demo.subject}, ${demo.academicLevel}. About ${demo.words.toLocaleString('en-GB')} words.`, 'This is a demo essay seeded for the local platform.'];
    await options.putFile(fileKey, demoPdf(demo.title, lines));
    const pricePence = essayPricePence(demo.words);
    const completedAt = ago(demo.completedHoursAgo);
    const [essay] = await tx
      .insert(essays)
      .values({
        studentId: people.studentId,
        tutorId,
        title: demo.title,
        subject: demo.subject,
        academicLevel: demo.academicLevel,
        status: demo.status,
        originalWordCount: demo.words,
        wordCount: demo.words,
        pricePence,
        fileKey,
        fileName: `${demo.title}.pdf`,
        fileMime: 'application/pdf',
        // The pool card's preview, as an upload would have read it from the PDF.
        preview: [demo.title, ...lines].join(' '),
        score: demo.score ?? null,
        feedback: demo.score ? FEEDBACK : null,
        studentAccept: demo.studentAccept ?? false,
        rated: demo.rating !== undefined,
        confirmedAt: ago((demo.acceptedHoursAgo ?? 1) + 1),
        tutorConfirmedAt: demo.paidHoursAgo !== undefined ? ago(demo.paidHoursAgo) : null,
        acceptedAt: ago(demo.acceptedHoursAgo),
        paidTime: ago(demo.paidHoursAgo),
        completedAt,
        createdAt: ago((demo.acceptedHoursAgo ?? 1) + 2)!,
        updatedAt: options.now,
      })
      .returning({ id: essays.id });
    const essayId = essay!.id;
    if (demo.paidHoursAgo !== undefined) {
      await tx.insert(payments).values({
        type: 'student_essay_payment',
        status: 'completed',
        payerId: people.studentId,
        payerType: 'student',
        recipientType: 'platform',
        amountPence: pricePence,
        ...splitCommission(pricePence, options.commissionPercent),
        description: `Essay review: ${demo.title} (${demo.words.toLocaleString('en-GB')} words)`,
        paymentMethod: 'local_test',
        itemKind: 'essay',
        itemId: essayId,
        paidAt: ago(demo.paidHoursAgo),
        metadata: { title: demo.title, academicLevel: demo.academicLevel, tutorId: tutorId! },
        createdAt: ago(demo.paidHoursAgo)!,
        updatedAt: ago(demo.paidHoursAgo)!,
      });
    }
    if (demo.rating && tutorId) {
      await tx.insert(ratings).values({ itemKind: 'essay', itemId: essayId, studentId: people.studentId, tutorId, rating: demo.rating.stars, feedback: demo.rating.feedback, createdAt: completedAt! });
      await addToRatingSummary(tx, tutorId, demo.rating.stars);
    }
    if (tutorId) await joinConversation(tx, people.studentId, tutorId, essayId, demo);
  }
}

/** The essay's thread: the student and the tutor holding it (one conversation per pair), with the essay as its context. */
async function joinConversation(tx: Transaction, studentId: string, tutorId: string, essayId: string, demo: DemoEssay): Promise<void> {
  await tx.insert(chatConversations).values({ studentId, tutorId }).onConflictDoNothing();
  const [conversation] = await tx
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(sql`${chatConversations.studentId} = ${studentId} and ${chatConversations.tutorId} = ${tutorId}`);
  await tx.insert(chatConversationContexts).values({ conversationId: conversation!.id, kind: 'essay', refId: essayId });
  if (demo.status === 'accepted') {
    await tx.insert(chatMessages).values({
      conversationId: conversation!.id,
      senderId: tutorId,
      recipientId: studentId,
      senderRole: 'tutor',
      essayId,
      content: `I have accepted "${demo.title}". The count of ${demo.words.toLocaleString('en-GB')} words looks right to me; shall we confirm it?`,
    });
  }
}
