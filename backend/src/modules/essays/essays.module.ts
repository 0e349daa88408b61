import { Module } from '@nestjs/common';
import { UploadsModule } from '../../common/uploads/uploads.module.js';
import { ChatModule } from '../chat/chat.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { SafeguardingModule } from '../safeguarding/safeguarding.module.js';
import { TutorsModule } from '../tutors/tutors.module.js';
import { EssayBansSubscriber } from './essay-bans.subscriber.js';
import { EssayRatings } from './essay-ratings.js';
import { EssayPayables } from './essay-payables.js';
import { EssayPoolCache } from './essay-pool-cache.js';
import { EssayPresenter } from './essay.presenter.js';
import { EssayTimersHandler } from './essay-timers.handler.js';
import { EssayTimers } from './essay-timers.service.js';
import { EssayTimersSubscriber } from './essay-timers.subscriber.js';
import { EssayReviewsService } from './essay-reviews.service.js';
import { EssayDiscussionController, StudentEssaysController, TutorEssaysController } from './essays.controller.js';
import { EssaysRepository } from './essays.repository.js';
import { EssaysService } from './essays.service.js';
import { DocumentWordCounter } from './word-count/document-word-counter.js';
import './essays.mails.js';
import './essays.jobs.js';
import { UsersModule } from '../users/users.module.js';

/**
 * Essays: upload with the document's own word count, confirm/adjust within ±10 %, the students'
 * lists, the tutors' pool and atomic accept (opening the chat), the discussion and its Confirm, marking, revisions, the `essay` type of ratings (EssayRatings), the essay
 * figures the dashboards ask for (EssaysService, EssayReviewsService), the timers (discussion expiry,
 * marking and revision deadlines, payout eligibility, the revision window) with their sweeper, and the `essay`
 * kind of Payments' PayableItems.
 */
@Module({
  imports: [UploadsModule, TutorsModule, ChatModule, PaymentsModule, RatingsModule, UsersModule, SafeguardingModule],
  controllers: [StudentEssaysController, TutorEssaysController, EssayDiscussionController],
  providers: [
    EssaysRepository, EssayPresenter, EssayPoolCache, EssaysService, EssayReviewsService, EssayPayables, EssayTimers, EssayTimersHandler, EssayTimersSubscriber, EssayBansSubscriber, EssayRatings,
    // Its worker thread starts on the first document counted and ends at shutdown.
    { provide: DocumentWordCounter, useFactory: () => new DocumentWordCounter() },
  ],
  exports: [EssaysService, EssayReviewsService],
})
export class EssaysModule {}
