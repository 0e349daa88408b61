import { Module } from '@nestjs/common';
import { SafeguardingRepository } from './safeguarding.repository.js';
import { SafeguardingService } from './safeguarding.service.js';

/**
 * Safeguarding: the one rule every text one side writes for the other passes (contact details masked on write,
 * the original kept for moderators, the text flagged into the admins' moderation queue). It owns the flags' writes;
 * the moderation queue (Chat's admin slice) reads them. Imports nothing, so every module can import it.
 */
@Module({
  providers: [SafeguardingRepository, SafeguardingService],
  exports: [SafeguardingService],
})
export class SafeguardingModule {}
