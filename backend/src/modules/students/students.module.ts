import { Module } from '@nestjs/common';
import { UploadsModule } from '../../common/uploads/uploads.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminStudentsController } from './students.admin.controller.js';
import { StudentsAdminService } from './students-admin.service.js';
import { StudentsController } from './students.controller.js';
import { StudentsRepository } from './students.repository.js';
import { StudentManagementReadModel } from './student-management.read-model.js';
import { StudentsService } from './students.service.js';

/**
 * Students: the student's own profile (essays, sessions and the rest arrive with their issues), and the admin slice
 * (`students.admin.controller.ts` + `StudentsAdminService`: Student Management, bans).
 */
@Module({
  imports: [UploadsModule, UsersModule],
  controllers: [StudentsController, AdminStudentsController],
  providers: [StudentsRepository, StudentManagementReadModel, StudentsService, StudentsAdminService],
  exports: [StudentsAdminService],
})
export class StudentsModule {}
