import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { EssaysModule } from '../essays/essays.module.js';
import { StudentsModule } from '../students/students.module.js';
import { TutorsModule } from '../tutors/tutors.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { AdminController } from './admin.controller.js';
import { AuditLogModule } from './audit-log.module.js';

/**
 * The admin area's cross-module pieces only: the dashboard (the figures of several modules on one screen) and the
 * audit log's list (`AuditLogModule` is the writer every admin slice imports). A module's own admin routes are not
 * here: each module has an admin slice (`<module>.admin.controller.ts` + `<module>-admin.service.ts`, registered by
 * that module: Tutors' approvals, Students', Payments' ledger and transactions, Chat's moderation),
 * docs/architecture.md "Guards, access policies and admin slices" and "admin (the admin area)".
 */
@Module({
  imports: [AuditLogModule, TutorsModule, ChatModule, StudentsModule, EssaysModule, UsersModule],
  controllers: [AdminController],
  providers: [AdminDashboardService],
})
export class AdminModule {}
