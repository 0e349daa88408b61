import { describe, expect, it } from '@jest/globals';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { JobQueue } from '../../infra/queue/job-queue.service.js';
import type { ChatAdminService } from '../chat/chat-admin.service.js';
import type { EssaysService } from '../essays/essays.service.js';
import type { StudentsAdminService } from '../students/students-admin.service.js';
import type { TutorsAdminService } from '../tutors/tutors-admin.service.js';
import { AdminDashboardService, DASHBOARD_TTL_MS } from './admin-dashboard.service.js';

function dashboard() {
  let now = 0;
  let computed = 0;
  const service = new AdminDashboardService(
    // Students: s1, s2 and t2 (a tutor who is a student too); of the tutors asked about, only t2.
    { studentCounts: async (ids: readonly string[]) => (computed++, { total: 3, among: ids.filter((id) => id === 't2').length }) } as unknown as StudentsAdminService,
    { tutorIds: async () => ['t1', 't2'], waitingCounts: async () => ({ application: 1, dbs: 2, profilePicture: 3, studyLevel: 4 }) } as unknown as TutorsAdminService,
    { stageCounts: async () => ({ active: 5, pending: 6, completed: 7 }) } as unknown as EssaysService,
    { openModerationCount: async () => 8 } as unknown as ChatAdminService,
    { all: () => [{ getFailedCount: async () => 9 }] } as unknown as JobQueue,
    { now: () => new Date(now) } as Clock,
  );
  return { service, advance: (ms: number) => (now += ms), computed: () => computed };
}

describe('AdminDashboardService', () => {
  it("answers each module's figures, a person with both roles counted once in totalUsers", async () => {
    expect(await dashboard().service.data()).toEqual({
      totalUsers: 4,
      totalStudents: 3,
      totalTutors: 2,
      activeEssays: 5,
      pendingEssays: 6,
      completedEssays: 7,
      needsAttention: { tutorApplications: 1, dbsCertificates: 2, profilePictures: 3, studyLevelChanges: 4, safeguarding: 8, failedJobs: 9 },
    });
  });

  it('reuses the figures for DASHBOARD_TTL_MS, then asks again', async () => {
    const { service, advance, computed } = dashboard();
    await Promise.all([service.data(), service.data()]);
    advance(DASHBOARD_TTL_MS - 1);
    await service.data();
    expect(computed()).toBe(1);
    advance(1);
    await service.data();
    expect(computed()).toBe(2);
  });
});
