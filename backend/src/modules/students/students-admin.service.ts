import { Injectable, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { NotifiedCache } from '../../infra/database/notified-cache.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { pageOf, paginationOf } from '../../common/pagination.js';
import type { AdminListQueryDto } from '../admin/dto/admin.dto.js';
import { UsersAdminService } from '../users/users-admin.service.js';
import type { AdminStudentDetailDto, AdminStudentListDto } from './dto/student-admin.dto.js';
import { StudentManagementReadModel, type ListedStudent } from './student-management.read-model.js';

const STUDENT_NOT_FOUND = 'Student not found';
/** How long a list answer may be reused at most (a sign-up, which notifies nothing, shows within it). */
export const LIST_CACHE_MS = 5_000;

/** Student Management: the list (whole, or paged and searched in SQL), details, ban and unban. */
@Injectable()
export class StudentsAdminService {
  /**
   * Answers reused for up to LIST_CACHE_MS until any account changes (`auth_changed`: users and student profiles
   * notify it at commit, on every instance): an admin paging and searching costs a query per change, not per click.
   */
  private readonly answers: NotifiedCache<AdminStudentListDto>;

  constructor(
    private readonly students: StudentManagementReadModel,
    private readonly storage: StorageService,
    private readonly users: UsersAdminService,
    notifications: DatabaseNotifications,
  ) {
    this.answers = new NotifiedCache(notifications, { ttlMs: LIST_CACHE_MS, maxEntries: 500, changes: { channel: 'auth_changed', forget: 'all' } });
  }

  list(query: AdminListQueryDto): Promise<AdminStudentListDto> {
    return this.answers.read(JSON.stringify([query.page, query.limit, query.search]), () => this.load(query));
  }

  private async load(query: AdminListQueryDto): Promise<AdminStudentListDto> {
    const paged = query.page !== undefined || query.limit !== undefined || query.search !== undefined;
    if (!paged) return { students: await Promise.all((await this.students.listForAdmin({})).map((row) => this.present(row))) };
    const { page, limit, offset } = pageOf(query);
    const listQuery = { search: query.search, page: { offset, limit } };
    const [rows, total] = await Promise.all([this.students.listForAdmin(listQuery), this.students.countForAdmin(listQuery)]);
    return { students: await Promise.all(rows.map((row) => this.present(row))), pagination: paginationOf(page, limit, total) };
  }

  async get(studentId: string): Promise<AdminStudentDetailDto> {
    const found = await this.students.findListed(studentId);
    if (!found) throw new NotFoundException(coded('NOT_FOUND', STUDENT_NOT_FOUND));
    return this.present(found);
  }

  /**
   * The admin dashboard's student figures: how many students there are (registered as one, or holding a student
   * profile), and how many of `userIds` (the tutors) are students too.
   */
  studentCounts(userIds: readonly string[]): Promise<{ total: number; among: number }> {
    return this.students.countStudents(userIds);
  }

  /** `PUT /admin/updateStudent/{id} {banned}` (UsersAdminService: sessions, sockets and pool essays follow). */
  async setBanned(adminId: string, studentId: string, banned: boolean): Promise<AdminStudentDetailDto> {
    if (!(await this.students.findListed(studentId))) throw new NotFoundException(coded('NOT_FOUND', STUDENT_NOT_FOUND));
    await this.users.setBanned(adminId, studentId, banned);
    this.answers.clear();
    return this.get(studentId);
  }

  private async present({ profile, user }: ListedStudent): Promise<AdminStudentDetailDto> {
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      dateOfBirth: profile?.dateOfBirth ?? null,
      profilePicture: profile?.profilePictureKey ? await this.storage.presignedDownloadUrl(profile.profilePictureKey) : null,
      emailVerified: user.emailVerified,
      onboardingCompleted: user.onboardingCompleted,
      banned: user.banned,
      createdAt: user.createdAt.toISOString(),
      major: profile?.major ?? null,
      university: profile?.university ?? null,
      bio: profile?.bio ?? null,
    };
  }
}
