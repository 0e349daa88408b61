import { Module } from '@nestjs/common';
import { EssaysModule } from '../essays/essays.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { TutoringModule } from '../tutoring/tutoring.module.js';
import { StudentDashboardController, TutorDashboardController } from './dashboards.controller.js';
import { DashboardsService } from './dashboards.service.js';

/**
 * The student's and the tutor's dashboards (`GET /student/getDashboard`, `GET /tutor/getDashboard`): counters whose
 * owners are several modules, each asked through its exported service. Nothing imports this module, so Essays and
 * Tutoring need not know each other for it.
 */
@Module({
  imports: [EssaysModule, TutoringModule, RatingsModule, PaymentsModule],
  controllers: [StudentDashboardController, TutorDashboardController],
  providers: [DashboardsService],
})
export class DashboardsModule {}
