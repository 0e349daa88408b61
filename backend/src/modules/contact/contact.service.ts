import { randomInt } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit/rate-limit.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { MailService } from '../../infra/mail/mail.service.js';
import type { ContactMessageDto } from './dto/contact-message.dto.js';

/** Five messages per IP per hour: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', points: 5, durationSeconds: 3600 };
/**
 * Acknowledgements one address receives a day: the form names any address, so without this a sender changing IP
 * could fill a stranger's inbox with Redpen mail. Past it the message still reaches support; the ack is skipped.
 */
export const CONTACT_ACK_PER_ADDRESS: RateLimitRule = { name: 'contact-ack', points: 3, durationSeconds: 86400 };

/** The contact form's hidden field (ContactMessageDto.website): people leave it empty, form-filling robots do not. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** Whether the honeypot was filled in: anything but absent, null or blank. */
export function honeypotFilled(message: Pick<ContactMessageDto, 'website'>): boolean {
  const value = message.website;
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

/** Crockford-like letters and digits without 0/O, 1/I/L: easy to read out over the phone. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A contact message's reference, e.g. `RP-7KQ4-M2XD`: random, so it reveals nothing about other messages. */
export function newContactReference(): string {
  const chars = Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `RP-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
  ) {}

  /**
   * Queues the message to the support inbox and a fixed acknowledgement (the reference only) to the sender's address;
   * answers the reference. A message with the honeypot filled counts against the sender's limit and gets a
   * reference like any other, but nothing is sent: the robot is told it worked, so it has no reason to try harder.
   */
  async submit(message: ContactMessageDto, ip: string): Promise<string> {
    await this.rateLimit.consume(CONTACT_RATE_LIMIT, ip);
    const reference = newContactReference();
    if (honeypotFilled(message)) {
      this.logger.log({ reference }, 'contact message not sent: the hidden field was filled in');
      return reference;
    }
    await this.mail.send({
      to: this.config.mail.supportEmail,
      replyTo: message.email,
      template: 'contact.support',
      data: { name: message.name, email: message.email, subject: message.subject, message: message.message, reference },
    });
    if (await this.mayAcknowledge(message.email)) {
      // The acknowledgement invites a reply: answering it reaches the support inbox.
      await this.mail.send({ to: message.email, replyTo: this.config.mail.supportEmail, template: 'contact.acknowledgement', data: { reference } });
    }
    return reference;
  }

  private async mayAcknowledge(address: string): Promise<boolean> {
    try {
      await this.rateLimit.consume(CONTACT_ACK_PER_ADDRESS, `email:${address.toLowerCase()}`);
      return true;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.TOO_MANY_REQUESTS) return false;
      throw error;
    }
  }
}
