// Helpers of the tutoring end-to-end tests: a settable clock (the app's one Clock instance, so every service reads it)
// and tutors in the states the tests need, written straight into their profile as an admin's approval would.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Clock } from '../../src/infra/clock/clock.service.js';
import { tutoringProfiles, tutorProfiles, type NewTutorProfileRow, type WeeklyAvailability } from '../../src/infra/database/schema/index.js';
import { createAccount, db, heardByTheApp, type TestAccount } from './accounts.js';

/** Sessions in these tests live in 2027, far from the real date: tokens are issued for long enough. */
export const LONG_TOKENS = { JWT_TTL_SECONDS: String(10 * 365 * 86_400) };

export interface SettableClock {
  set(at: Date | string | number): void;
  advance(ms: number): void;
  now(): Date;
  /** Back to the real time. */
  reset(): void;
}

/** Replaces the app's Clock.now (one instance, global module) with a settable one. */
export function settableClock(app: NestFastifyApplication): SettableClock {
  const clock = app.get(Clock);
  let fixed: number | undefined;
  clock.now = () => new Date(fixed ?? Date.now());
  return {
    set: (at) => void (fixed = new Date(at).getTime()),
    advance: (ms) => void (fixed = (fixed ?? Date.now()) + ms),
    now: () => clock.now(),
    reset: () => void (fixed = undefined),
  };
}

export const EVERY_DAY: (slots: string[]) => WeeklyAvailability = (slots) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, slots]));

/** What a test may set of a tutor: their application (`tutor_profiles`) and their tutoring profile (`tutoring_profiles`). */
export type TutorValues = Partial<NewTutorProfileRow> & Partial<Omit<typeof tutoringProfiles.$inferInsert, 'userId'>>;

const TUTORING_COLUMNS = ['tutoringSubject', 'hourlyRatePence', 'tutoringDescription', 'tutoringAvailable', 'availability', 'timeZone'] as const;

/** Writes `values` to the tutor's two profiles: the application's columns and the tutoring profile's (created if none). */
export async function setTutor(app: NestFastifyApplication, tutorId: string, values: TutorValues): Promise<void> {
  const tutoring = Object.fromEntries(Object.entries(values).filter(([key]) => (TUTORING_COLUMNS as readonly string[]).includes(key)));
  const application = Object.fromEntries(Object.entries(values).filter(([key]) => !(TUTORING_COLUMNS as readonly string[]).includes(key)));
  if (Object.keys(application).length > 0) await db(app).update(tutorProfiles).set(application).where(eq(tutorProfiles.userId, tutorId));
  if (Object.keys(tutoring).length > 0) {
    await db(app).insert(tutoringProfiles).values({ userId: tutorId, ...tutoring }).onConflictDoUpdate({ target: tutoringProfiles.userId, set: tutoring });
  }
}

/** A tutor approved for tutoring with a verified DBS and a tutoring profile (Available unless told). */
export async function bookableTutor(app: NestFastifyApplication, profile: TutorValues = {}): Promise<TestAccount> {
  const tutor = await createAccount(app, { role: 'tutor' });
  await setTutor(app, tutor.user.id, {
    approved: true,
    approvedTutoring: true,
    hasDbs: true,
    studyLevel: 'Masters',
    yearsOfExperience: 3,
    tutoringSubject: 'Interview practice',
    hourlyRatePence: 4000,
    tutoringDescription: 'Mock interviews and personal statements.',
    tutoringAvailable: true,
    availability: EVERY_DAY(['09:00-10:00', '10:00-11:00', '14:00-15:00']),
    timeZone: 'Europe/London',
    ...profile,
  });
  // Find Your Tutor's cached answers are dropped by the change's notification: wait until the app has heard it.
  await heardByTheApp(app);
  return tutor;
}
