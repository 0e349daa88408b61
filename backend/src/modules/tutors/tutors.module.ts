import { Module } from '@nestjs/common';
import { TutorApprovals } from '../../common/guards/tutor-approvals.js';
import { UploadsModule } from '../../common/uploads/uploads.module.js';
import { AuthTokensModule } from '../auth/auth-tokens.module.js';
import { UsersModule } from '../users/users.module.js';
import { TutorApprovalsService } from './tutor-approvals.service.js';
import { TutorOnboardingService } from './tutor-onboarding.service.js';
import { TutorsController } from './tutors.controller.js';
import { TutorsRepository } from './tutors.repository.js';
import { TutorsService } from './tutors.service.js';

/**
 * Tutors: onboarding (`/tutor/update-info`) and the tutor's own profile, one service each. Exports
 * TutorApprovals, which `@RequireApproval(...)` routes of other modules need (import TutorsModule there).
 */
@Module({
  imports: [AuthTokensModule, UsersModule, UploadsModule],
  controllers: [TutorsController],
  providers: [TutorsRepository, TutorsService, TutorOnboardingService, { provide: TutorApprovals, useClass: TutorApprovalsService }],
  exports: [TutorApprovals],
})
export class TutorsModule {}
