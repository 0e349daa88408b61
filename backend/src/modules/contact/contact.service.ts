import { Inject, Injectable } from '@nestjs/common';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit/rate-limit.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { MailService } from '../../infra/mail/mail.service.js';
import type { ContactMessageDto } from './dto/contact-message.dto.js';

/** Five messages per IP per hour: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', points: 5, durationSeconds: 3600 };

@Injectable()
export class ContactService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
  ) {}

  /** Queues the message to the support inbox and an acknowledgement to the sender. */
  async submit(message: ContactMessageDto, ip: string): Promise<void> {
    await this.rateLimit.consume(CONTACT_RATE_LIMIT, ip);
    await this.mail.send({
      to: this.config.mail.supportEmail,
      replyTo: message.email,
      template: 'contact.support',
      data: { name: message.name, email: message.email, subject: message.subject, message: message.message },
    });
    // The acknowledgement promises a reply: answering it reaches the support inbox too (issue 30).
    await this.mail.send({
      to: message.email,
      replyTo: this.config.mail.supportEmail,
      template: 'contact.acknowledgement',
      data: { name: message.name, subject: message.subject },
    });
  }
}
