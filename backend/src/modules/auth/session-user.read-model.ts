import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { studentProfiles } from '../students/students.schema.js';
import { tutorProfiles } from '../tutors/tutors.schema.js';
import { users } from '../users/users.schema.js';
import type { UserRow } from '../users/users.service.js';
import { authSessions } from './auth.schema.js';

export interface SessionUserRow extends UserRow {
  sessionRevoked: boolean;
  sessionExpiresAt: Date;
  hasStudentProfile: boolean;
  hasTutorProfile: boolean;
}

/**
 * The session check's read model: a read across owners kept in one query on purpose. Its main table is the auth
 * module's `auth_sessions`; beside it, read only and never written here, Users' `users` (the account and its ban) and
 * whether the students' and tutors' profile tables hold a row for it. Every authenticated request (and every socket
 * still open) is checked by it, in one round trip from a prepared statement: three service calls would triple the
 * round trips on the hottest path (docs/benchmarks.md). Owned by the auth module; it writes nothing.
 */
@Injectable()
export class SessionUserReadModel {
  private readonly findSessionUserPrepared;

  constructor(@Inject(DRIZZLE) private readonly db: Database) {
    this.findSessionUserPrepared = this.sessionUserQuery(db).prepare('auth_find_session_user');
  }

  /** Of these sessions, the ones that no longer sign their user in (revoked, expired, gone, or the user banned). */
  async endedSessions(sessionIds: string[], now: Date, tx: DbOrTx = this.db): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    const live = await tx
      .select({ id: authSessions.id })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(inArray(authSessions.id, sessionIds), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now), eq(users.banned, false)));
    const alive = new Set(live.map((row) => row.id));
    return sessionIds.filter((id) => !alive.has(id));
  }

  /**
   * One round trip per authenticated request: the session, its user and the profile flags. A prepared
   * statement, built once: composing this query with Drizzle cost more CPU than anything else on the
   * authenticated path (docs/benchmarks.md).
   */
  async findSessionUser(sessionId: string, userId: string, tx?: DbOrTx): Promise<SessionUserRow | undefined> {
    const [row] = tx ? await this.sessionUserQuery(tx).execute({ sessionId, userId }) : await this.findSessionUserPrepared.execute({ sessionId, userId });
    if (!row) return undefined;
    return { ...row.user, sessionRevoked: row.sessionRevoked, sessionExpiresAt: row.sessionExpiresAt, hasStudentProfile: row.hasStudentProfile, hasTutorProfile: row.hasTutorProfile };
  }

  private sessionUserQuery(db: DbOrTx) {
    return db
      .select({
        user: users,
        sessionRevoked: sql<boolean>`${authSessions.revokedAt} is not null`,
        sessionExpiresAt: authSessions.expiresAt,
        hasStudentProfile: sql<boolean>`exists(select 1 from ${studentProfiles} where ${studentProfiles.userId} = ${users.id})`,
        hasTutorProfile: sql<boolean>`exists(select 1 from ${tutorProfiles} where ${tutorProfiles.userId} = ${users.id})`,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, sql.placeholder('userId'))))
      .limit(1);
  }
}
