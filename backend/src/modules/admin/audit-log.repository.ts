import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { auditLog, type AuditLogRow, type NewAuditLogRow } from './audit-log.schema.js';
import { users } from '../users/users.schema.js';

/** The audit log's queries: insert and read, nothing else (the table refuses UPDATE and DELETE by trigger). */
@Injectable()
export class AuditLogRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  async insert(values: NewAuditLogRow, tx: DbOrTx = this.db): Promise<AuditLogRow> {
    const [row] = await tx.insert(auditLog).values(values).returning();
    return row!;
  }

  /** A subject's history, newest first, with the acting admin's name. */
  async forSubject(subjectId: string, limit: number): Promise<{ entry: AuditLogRow; actorName: string | null }[]> {
    return this.db
      .select({ entry: auditLog, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(eq(auditLog.subjectId, subjectId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  }

  /** The latest entries, for the log without a subject. */
  async latest(limit: number): Promise<{ entry: AuditLogRow; actorName: string | null }[]> {
    return this.db
      .select({ entry: auditLog, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  }
}
