// Accounts for end-to-end tests, created straight in the database (no mail round trip) with a real token.
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/common/security/password-hasher.js';
import { DatabaseNotifications } from '../../src/infra/database/database-notifications.js';
import { DRIZZLE } from '../../src/infra/database/database.module.js';
import type { Database } from '../../src/infra/database/database.types.js';
import { studentProfiles, tutorProfiles, users, type UserRow } from '../../src/infra/database/schema/index.js';
import { AuthTokens } from '../../src/modules/auth/auth-tokens.service.js';
import { uniqueAddress } from './mail-catcher.js';

export const TEST_PASSWORD = 'Sturdy-Lantern-42';
let passwordHash: Promise<string> | undefined;

export interface TestAccount {
  user: UserRow;
  token: string;
  password: string;
}

export interface AccountOptions {
  role?: 'student' | 'tutor' | 'admin';
  verified?: boolean;
  banned?: boolean;
  twoFactor?: boolean;
  onboarded?: boolean;
  studentProfile?: boolean;
  tutorProfile?: boolean;
  label?: string;
}

export function db(app: NestFastifyApplication): Database {
  return app.get<Database>(DRIZZLE);
}

/** A verified account (by default a student) with a signed-in token. */
export async function createAccount(app: NestFastifyApplication, options: AccountOptions = {}): Promise<TestAccount> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const role = options.role ?? 'student';
  const [user] = await db(app)
    .insert(users)
    .values({
      name: `${role} ${randomUUID().slice(0, 6)}`,
      email: uniqueAddress(options.label ?? role),
      phone: '07700900123',
      passwordHash: await passwordHash,
      role,
      emailVerified: options.verified ?? true,
      banned: options.banned ?? false,
      twoFactorEnabled: options.twoFactor ?? false,
      onboardingCompleted: options.onboarded ?? role === 'tutor',
    })
    .returning();
  if (options.studentProfile) await db(app).insert(studentProfiles).values({ userId: user!.id });
  if (options.tutorProfile ?? role === 'tutor') {
    await db(app).insert(tutorProfiles).values({ userId: user!.id, university: 'UCL', motivation: 'I like teaching', subjects: [{ name: 'History', levels: ['A-Level'] }] });
  }
  const token = await app.get(AuthTokens).issue(user!);
  return { user: user!, token, password: TEST_PASSWORD };
}

export async function setBanned(app: NestFastifyApplication, userId: string, banned: boolean): Promise<void> {
  await db(app).update(users).set({ banned }).where(eq(users.id, userId));
  await heardByTheApp(app);
}

/**
 * After a write straight to the tables: resolves once the app's caches have heard of it (the change notification
 * has arrived). Nothing is cached while the app is not listening, so then there is nothing to wait for.
 */
export async function heardByTheApp(app: NestFastifyApplication): Promise<void> {
  const notifications = app.get(DatabaseNotifications);
  if (notifications.listening) await notifications.flush();
}

/**
 * Forgets every rate-limit counter and code cooldown, so tests do not throttle each other; with `limit` (e.g.
 * 'contact'), only the counters of the limits whose name starts so.
 */
export async function resetLimits(redis: { keys(p: string): Promise<string[]>; del(...k: string[]): Promise<number> }, limit?: string): Promise<void> {
  const keys = limit ? await redis.keys(`redpen:rl:${limit}*`) : [...(await redis.keys('redpen:rl:*')), ...(await redis.keys('redpen:cooldown:*'))];
  if (keys.length) await redis.del(...keys);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
