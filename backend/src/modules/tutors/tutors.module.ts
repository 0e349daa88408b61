import { Module } from '@nestjs/common';
import { TutorApprovals } from '../../common/guards/tutor-approvals.js';
import { UploadsModule } from '../../common/uploads/uploads.module.js';
import { AuditLogModule } from '../admin/audit-log.module.js';
import { AuthTokensModule } from '../auth/auth-tokens.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { SafeguardingModule } from '../safeguarding/safeguarding.module.js';
import { UsersModule } from '../users/users.module.js';
import { TutorApprovalsService } from './tutor-approvals.service.js';
import { TutorOnboardingService } from './tutor-onboarding.service.js';
import { AdminTutorsController } from './tutors.admin.controller.js';
import { TutorsAdminService } from './tutors-admin.service.js';
import { TutorsController } from './tutors.controller.js';
import { TutorsRepository } from './tutors.repository.js';
import { TutorManagementReadModel } from './tutor-management.read-model.js';
import { TutorsService } from './tutors.service.js';
import './tutors.mails.js';

/**
 * Tutors: onboarding (`/tutor/update-info`) and the tutor's own profile, one service each, and the admin slice
 * (`tutors.admin.controller.ts` + `TutorsAdminService`: Approve Tutors, Tutor Management, bans). Exports
 * TutorApprovals, which `@RequireApproval(...)` routes of other modules need (import TutorsModule there), and
 * TutorsAdminService (the dashboard's waiting counts) and TutorsService (tutoring reads a tutor's approvals and files
 * the DBS certificate through it). The admin lists' ratings come from Ratings.
 */
@Module({
  imports: [AuthTokensModule, UsersModule, UploadsModule, AuditLogModule, SafeguardingModule, RatingsModule],
  controllers: [TutorsController, AdminTutorsController],
  providers: [TutorsRepository, TutorManagementReadModel, TutorsService, TutorOnboardingService, TutorsAdminService, { provide: TutorApprovals, useClass: TutorApprovalsService }],
  exports: [TutorApprovals, TutorsAdminService, TutorsService],
})
export class TutorsModule {}
