import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TutorsController } from './tutors.controller.js';
import { TutorsRepository } from './tutors.repository.js';
import { TutorsService } from './tutors.service.js';

/** Tutors: onboarding (`/tutor/update-info`) and the tutor's own profile. */
@Module({ imports: [AuthModule], controllers: [TutorsController], providers: [TutorsRepository, TutorsService] })
export class TutorsModule {}
