import { Module } from '@nestjs/common';
import { UploadsModule } from '../../common/uploads/uploads.module.js';
import { StudentsController } from './students.controller.js';
import { StudentsRepository } from './students.repository.js';
import { StudentsService } from './students.service.js';

/** Students: the student's own profile (essays, sessions and the rest arrive with their issues). */
@Module({ imports: [UploadsModule], controllers: [StudentsController], providers: [StudentsRepository, StudentsService] })
export class StudentsModule {}
