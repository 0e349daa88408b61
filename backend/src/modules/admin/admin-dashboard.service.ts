import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import { ChatAdminService } from '../chat/chat-admin.service.js';
import { EssaysService } from '../essays/essays.service.js';
import { StudentsAdminService } from '../students/students-admin.service.js';
import { TutorsAdminService } from '../tutors/tutors-admin.service.js';
import type { DashboardDataDto } from './dto/admin.dto.js';

/** How long the dashboard's figures are reused: tiles to glance at, like the payment stats (docs/decisions.md). */
export const DASHBOARD_TTL_MS = 5_000;

/**
 * The admin dashboard: the six counts (students and tutors from Students and Tutors, essays by stage from
 * Essays), and beyond the spec the "Needs attention" figures (tutors waiting for review, open safeguarding items,
 * failed jobs in the queues), each asked of the module that owns it: nothing here reads a table. Computed
 * at most once per DASHBOARD_TTL_MS per instance; concurrent callers share one computation.
 */
@Injectable()
export class AdminDashboardService {
  private cached: { at: number; value: Promise<DashboardDataDto> } | undefined;

  constructor(
    private readonly students: StudentsAdminService,
    private readonly tutors: TutorsAdminService,
    private readonly essays: EssaysService,
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
    const [people, essays, waiting, safeguarding, failedJobs] = await Promise.all([
      this.people(),
      this.essays.stageCounts(),
      this.tutors.waitingCounts(),
      this.chat.openModerationCount(),
      this.failedJobs(),
    ]);
    return {
      ...people,
      activeEssays: essays.active,
      pendingEssays: essays.pending,
      completedEssays: essays.completed,
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

  /**
   * Students and tutors as their modules count them (registered as one, or holding that profile); a person with both
   * roles counts once in totalUsers and once in each role, so totalUsers is students + tutors − those who are both.
   */
  private async people(): Promise<{ totalUsers: number; totalStudents: number; totalTutors: number }> {
    const tutorIds = await this.tutors.tutorIds();
    const students = await this.students.studentCounts(tutorIds);
    return { totalUsers: students.total + tutorIds.length - students.among, totalStudents: students.total, totalTutors: tutorIds.length };
  }

  /** Failed jobs kept by BullMQ across the queues (what Bull Board lists as failed). */
  private async failedJobs(): Promise<number> {
    const counts = await Promise.all(this.queues.all().map((queue) => queue.getFailedCount()));
    return counts.reduce((sum, n) => sum + n, 0);
  }
}
