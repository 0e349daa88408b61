import { Module } from '@nestjs/common';
import { RatingsRepository } from './ratings.repository.js';
import { RatingsService } from './ratings.service.js';

/** Ratings of tutors by students: Essays (and Tutoring, when it comes) record them; dashboards read the average. */
@Module({
  providers: [RatingsRepository, RatingsService],
  exports: [RatingsService],
})
export class RatingsModule {}
