import { Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditLog } from './audit-log.service.js';

/**
 * The audit log alone, for every module whose admin slice acts (tutors, students, users, payments, chat): it
 * imports nothing of theirs, so each can import it without a cycle. AdminModule serves its list.
 */
@Module({ providers: [AuditLogRepository, AuditLog], exports: [AuditLog] })
export class AuditLogModule {}
