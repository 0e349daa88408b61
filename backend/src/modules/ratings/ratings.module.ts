import { Module } from '@nestjs/common';
import { RatedItems } from './rated-items.service.js';
import { StudentRatingsController } from './ratings.controller.js';
import { RatingsRepository } from './ratings.repository.js';
import { RatingsService } from './ratings.service.js';

/**
 * Ratings of tutors by students. `POST /student/giveRating` is routed by type to the module owning the rated item
 * (Essays: essay, Tutoring: session; each registers with RatedItems), which records it here in its own transaction;
 * the dashboards read the average.
 */
@Module({
  controllers: [StudentRatingsController],
  providers: [RatingsRepository, RatingsService, RatedItems],
  exports: [RatingsService, RatedItems],
})
export class RatingsModule {}
