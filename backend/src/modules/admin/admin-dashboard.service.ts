import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import { ChatAdminService } from '../chat/chat-admin.service.js';
import { TutorsAdminService } from '../tutors/tutors-admin.service.js';
import { AdminRepository } from './admin.repository.js';
import type { DashboardDataDto } from './dto/admin.dto.js';

/** How long the dashboard's figures are reused: tiles to glance at, like the payment stats (docs/decisions.md). */
export const DASHBOARD_TTL_MS = 5_000;

/**
 * The admin dashboard: the six counts, and beyond the spec the "Needs attention" figures, each from
 * the module that owns it (tutors waiting for review, open safeguarding items, failed jobs in the queues). Computed
 * at most once per DASHBOARD_TTL_MS per instance; concurrent callers share one computation.
 */
@Injectable()
export class AdminDashboardService {
  private cached: { at: number; value: Promise<DashboardDataDto> } | undefined;

  constructor(
    private readonly repository: AdminRepository,
    private readonly tutors: TutorsAdminService,
    private readonly chat: ChatAdminService,
    private readonly queues: JobQueue,
    private readonly clock: Clock,
  ) {}

  data(): Promise<DashboardDataDto> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < DASHBOARD_TTL_MS) return this.cached.value;
    const value = this.compute();
    this.cached = { at: now, value };
    value.catch(() => {
      if (this.cached?.value === value) this.cached = undefined;
    });
    return value;
  }

  private async compute(): Promise<DashboardDataDto> {
    const [counts, waiting, safeguarding, failedJobs] = await Promise.all([
      this.repository.dashboardCounts(),
      this.tutors.waitingCounts(),
      this.chat.openModerationCount(),
      this.failedJobs(),
    ]);
    return {
      ...counts,
      needsAttention: {
        tutorApplications: waiting.application,
        dbsCertificates: waiting.dbs,
        profilePictures: waiting.profilePicture,
        studyLevelChanges: waiting.studyLevel,
        safeguarding,
        failedJobs,
      },
    };
  }

  /** Failed jobs kept by BullMQ across the queues (what Bull Board lists as failed). */
  private async failedJobs(): Promise<number> {
    const counts = await Promise.all(this.queues.all().map((queue) => queue.getFailedCount()));
    return counts.reduce((sum, n) => sum + n, 0);
  }
}
