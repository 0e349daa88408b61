import { Module } from '@nestjs/common';
import { UploadsModule } from '../../common/uploads/uploads.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { SafeguardingModule } from '../safeguarding/safeguarding.module.js';
import { TutorDirectoryCache } from './tutor-directory-cache.js';
import { TutorDirectoryService } from './tutor-directory.service.js';
import { StudentTutoringController, TutorTutoringController } from './tutoring.controller.js';
import { AdminTutoringController } from './tutoring.admin.controller.js';
import { TutoringPayables } from './tutoring-payables.js';
import { TutoringProfileService } from './tutoring-profile.service.js';
import { TutoringRepository } from './tutoring.repository.js';
import { TutoringSessionsService } from './tutoring-sessions.service.js';
import { TutoringTimersHandler } from './tutoring-timers.handler.js';
import { TutoringTimers } from './tutoring-timers.service.js';
import { TutoringBansSubscriber } from './tutoring-bans.subscriber.js';
import { SessionRatings } from './session-ratings.js';
import { TutoringTimersSubscriber } from './tutoring-timers.subscriber.js';
import './tutoring.jobs.js';
import './tutoring.mails.js';
import { UsersModule } from '../users/users.module.js';
import { TutorsModule } from '../tutors/tutors.module.js';
import { TutorDirectoryReadModel } from './tutor-directory.read-model.js';
import { TutoringParties } from './tutoring-parties.js';

/**
 * Tutoring: the DBS application, the tutoring profile with its DST-safe availability, Find Your Tutor,
 * booking held slots that the database never double-books, the `tutoring_session` kind of Payments' PayableItems
 * (confirmation, refunds, payouts), cancellation, ratings, the hold-expiry and reminder jobs. Mail, chat and the
 * timers follow its domain events (tutoring.events.ts). Exports TutoringSessionsService for the dashboards' counts;
 * the `session` type of `POST /student/giveRating` is SessionRatings, registered with Ratings' RatedItems.
 */
@Module({
  imports: [UploadsModule, PaymentsModule, RatingsModule, UsersModule, SafeguardingModule, TutorsModule],
  controllers: [StudentTutoringController, TutorTutoringController, AdminTutoringController],
  providers: [TutoringRepository, TutorDirectoryReadModel, TutoringParties, TutoringProfileService, TutorDirectoryService, TutorDirectoryCache, TutoringSessionsService, TutoringPayables, TutoringTimers, TutoringTimersHandler, TutoringTimersSubscriber, TutoringBansSubscriber, SessionRatings],
  exports: [TutoringSessionsService],
})
export class TutoringModule {}
