import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { authSessions, passwordResetTokens, verificationCodes, type VerificationCodeRow } from './auth.schema.js';

export type CodePurpose = VerificationCodeRow['purpose'];

/** Revoked or expired sessions are kept this long (recent sign-outs stay visible when debugging), then deleted. */
export const SESSION_RETENTION_MS = 24 * 3600 * 1000;

export interface PurgeCounts {
  verificationCodes: number;
  resetTokens: number;
  sessions: number;
}


/**
 * The auth module's own tables: one-time codes, reset tokens and sessions. Users are read and written through
 * UsersService (modules/users); the session check's read with the user is SessionUserReadModel.
 */
@Injectable()
export class AuthRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

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

  // ---- one-time codes -------------------------------------------------------------------------------

  /** Replaces the user's live code for this purpose (attempts start again at zero). */
  async upsertCode(userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .insert(verificationCodes)
      .values({ userId, purpose, codeHash, expiresAt, attempts: 0 })
      .onConflictDoUpdate({
        target: [verificationCodes.userId, verificationCodes.purpose],
        set: { codeHash, expiresAt, attempts: 0, createdAt: this.clock.now() },
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

  /** A token that could still be used (unused, unexpired), without using it: lets a bad token cost no hashing. */
  async findLiveResetToken(tokenHash: string, now: Date, tx: DbOrTx = this.db): Promise<{ userId: string } | undefined> {
    const [row] = await tx
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .limit(1);
    return row;
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

  /** Revokes the session if it is live; its id when this call ended it. */
  async revokeSession(sessionId: string, now: Date, tx: DbOrTx = this.db): Promise<string[]> {
    const rows = await tx
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
    return rows.map((row) => row.id);
  }

  /** Revokes every live session of the user (but `except`, when given); the ids this call ended. */
  async revokeAllSessions(userId: string, now: Date, tx: DbOrTx = this.db, except?: string): Promise<string[]> {
    const rows = await tx
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), except ? ne(authSessions.id, except) : undefined))
      .returning({ id: authSessions.id });
    return rows.map((row) => row.id);
  }
}
