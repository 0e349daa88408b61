import { Module } from '@nestjs/common';
import { AuditLogModule } from '../admin/audit-log.module.js';
import { UsersAdminService } from './users-admin.service.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/**
 * User accounts (the `users` table). Exports the services only: nobody else writes users. `UsersAdminService` is
 * the ban (students' and tutors' admin slices, chat moderation).
 */
@Module({ imports: [AuditLogModule], providers: [UsersRepository, UsersService, UsersAdminService], exports: [UsersService, UsersAdminService] })
export class UsersModule {}
