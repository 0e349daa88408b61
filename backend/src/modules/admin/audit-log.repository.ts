import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { auditLog, type AuditLogRow, type NewAuditLogRow } from './audit-log.schema.js';

/** The audit log's queries: insert and read, nothing else (the table refuses UPDATE and DELETE by trigger). */
@Injectable()
export class AuditLogRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  async insert(values: NewAuditLogRow, tx: DbOrTx = this.db): Promise<AuditLogRow> {
    const [row] = await tx.insert(auditLog).values(values).returning();
    return row!;
  }

  /** A subject's history, newest first. */
  async forSubject(subjectId: string, limit: number): Promise<AuditLogRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, subjectId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  }

  /** The latest entries, for the log without a subject. */
  async latest(limit: number): Promise<AuditLogRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  }
}
