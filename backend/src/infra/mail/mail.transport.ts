import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { RenderedMail } from './mail.types.js';

/** SMTP delivery through nodemailer; only the mail handler and the health check use it. */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { host, port, secure, user, pass } = config.mail;
    this.transporter = nodemailer.createTransport({
      host,
      port,
      secure,
      auth: user ? { user, pass } : undefined,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10000,
      // Local catchers speak plain SMTP; real relays negotiate STARTTLS on their own.
      ignoreTLS: !secure && !user,
    });
  }

  async send(to: string, mail: RenderedMail, replyTo?: string): Promise<void> {
    // Address objects, never strings: nodemailer parses a string as an address list ("a<victim@x.com>").
    await this.transporter.sendMail({ from: this.config.mail.from, to: { address: to }, replyTo: replyTo ? { address: replyTo } : undefined, ...mail });
  }

  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}
