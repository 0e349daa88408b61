import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import {
  authSessions,
  passwordResetTokens,
  studentProfiles,
  tutorProfiles,
  users,
  verificationCodes,
  type NewUserRow,
  type UserRow,
  type VerificationCodeRow,
} from '../../infra/database/schema/index.js';

export type CodePurpose = VerificationCodeRow['purpose'];

/** Revoked or expired sessions are kept this long (recent sign-outs stay visible when debugging), then deleted. */
export const SESSION_RETENTION_MS = 24 * 3600 * 1000;

export interface PurgeCounts {
  verificationCodes: number;
  resetTokens: number;
  sessions: number;
}

export interface SessionUserRow extends UserRow {
  sessionRevoked: boolean;
  sessionExpiresAt: Date;
  hasStudentProfile: boolean;
  hasTutorProfile: boolean;
}

/** Every query of the auth module: users, one-time codes, reset tokens and sessions. */
@Injectable()
export class AuthRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Takes a transaction-scoped advisory lock if nobody holds it (released at commit or rollback); false when
   * another transaction has it. Call it inside `transaction()`.
   */
  async tryAdvisoryXactLock(key: number, tx: DbOrTx): Promise<boolean> {
    const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`);
    return result.rows[0]?.locked === true;
  }

  /**
   * Deletes authentication rows nobody can use any more, so the tables do not grow forever:
   * - verification codes past their expiry (consumed codes are deleted when used; a code that ran out of
   *   attempts stays until it expires so the user keeps seeing "too many attempts");
   * - reset tokens past their expiry or already used (single use: a used token can never work again);
   * - sessions expired or revoked more than SESSION_RETENTION_MS (a day) before `now`.
   * Idempotent: a second run at the same `now` deletes nothing.
   */
  async purgeExpired(now: Date, tx: DbOrTx = this.db): Promise<PurgeCounts> {
    const sessionCutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
    const codes = await tx.delete(verificationCodes).where(lte(verificationCodes.expiresAt, now));
    const tokens = await tx.delete(passwordResetTokens).where(or(lte(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
    const sessions = await tx.delete(authSessions).where(or(lt(authSessions.expiresAt, sessionCutoff), lt(authSessions.revokedAt, sessionCutoff)));
    return { verificationCodes: codes.rowCount ?? 0, resetTokens: tokens.rowCount ?? 0, sessions: sessions.rowCount ?? 0 };
  }

  async findUserByEmail(email: string, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
    return row;
  }

  async findUserById(id: string, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Inserts a user; undefined when the email is already taken (the unique index decides, not a read). */
  async insertUser(values: NewUserRow, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updateUser(id: string, values: Partial<Pick<UserRow, 'emailVerified' | 'passwordHash' | 'twoFactorEnabled' | 'onboardingCompleted'>>, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  }

  // ---- one-time codes -------------------------------------------------------------------------------

  /** Replaces the user's live code for this purpose (attempts start again at zero). */
  async upsertCode(userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .insert(verificationCodes)
      .values({ userId, purpose, codeHash, expiresAt, attempts: 0 })
      .onConflictDoUpdate({
        target: [verificationCodes.userId, verificationCodes.purpose],
        set: { codeHash, expiresAt, attempts: 0, createdAt: new Date() },
      });
  }

  async findCode(userId: string, purpose: CodePurpose, tx: DbOrTx = this.db): Promise<VerificationCodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
      .limit(1);
    return row;
  }

  /** Counts one wrong try atomically; returns the new count, or undefined when the code is already dead. */
  async recordWrongAttempt(codeId: string, maxAttempts: number, tx: DbOrTx = this.db): Promise<number | undefined> {
    const [row] = await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, codeId), lt(verificationCodes.attempts, maxAttempts)))
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts;
  }

  /** Deletes the code if it is still the one that was checked; false when another request consumed it first. */
  async consumeCode(codeId: string, maxAttempts: number, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.id, codeId), lt(verificationCodes.attempts, maxAttempts)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  // ---- password reset ---------------------------------------------------------------------------------

  /** Stores a new reset token and drops the user's older unused ones: only the latest link works. */
  async replaceResetToken(userId: string, tokenHash: string, expiresAt: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  }

  /** Marks a valid token used (single use, guarded update) and returns its user id. */
  async useResetToken(tokenHash: string, now: Date, tx: DbOrTx = this.db): Promise<string | undefined> {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  }

  // ---- sessions -----------------------------------------------------------------------------------------

  async createSession(userId: string, expiresAt: Date, tx: DbOrTx = this.db): Promise<string> {
    const [row] = await tx.insert(authSessions).values({ userId, expiresAt }).returning({ id: authSessions.id });
    return row!.id;
  }

  async revokeSession(sessionId: string, now: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(authSessions).set({ revokedAt: now }).where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  async revokeAllSessions(userId: string, now: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(authSessions).set({ revokedAt: now }).where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  }

  /** One round trip per authenticated request: the session, its user and the profile flags. */
  async findSessionUser(sessionId: string, userId: string, tx: DbOrTx = this.db): Promise<SessionUserRow | undefined> {
    const [row] = await tx
      .select({
        user: users,
        sessionRevoked: sql<boolean>`${authSessions.revokedAt} is not null`,
        sessionExpiresAt: authSessions.expiresAt,
        hasStudentProfile: sql<boolean>`exists(select 1 from ${studentProfiles} where ${studentProfiles.userId} = ${users.id})`,
        hasTutorProfile: sql<boolean>`exists(select 1 from ${tutorProfiles} where ${tutorProfiles.userId} = ${users.id})`,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
      .limit(1);
    if (!row) return undefined;
    return { ...row.user, sessionRevoked: row.sessionRevoked, sessionExpiresAt: row.sessionExpiresAt, hasStudentProfile: row.hasStudentProfile, hasTutorProfile: row.hasTutorProfile };
  }
}
