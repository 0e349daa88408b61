import { Injectable } from '@nestjs/common';
import { TutorApprovals, type TutorService } from '../../common/guards/tutor-approvals.js';
import { TutorsRepository } from './tutors.repository.js';

/**
 * Answers ApprovedTutorGuard. Essay marking needs `approved_essay`; tutoring needs `approved_tutoring` and a
 * verified DBS certificate (DESIGN.md §9: the tutoring page is editable only with both).
 */
@Injectable()
export class TutorApprovalsService extends TutorApprovals {
  constructor(private readonly repository: TutorsRepository) {
    super();
  }

  async isApproved(userId: string, service: TutorService): Promise<boolean> {
    const flags = await this.repository.findApprovalFlags(userId);
    if (!flags) return false;
    return service === 'essay' ? flags.approvedEssay : flags.approvedTutoring && flags.hasDbs;
  }
}
