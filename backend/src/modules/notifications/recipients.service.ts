import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import { MailService } from '../../infra/mail/mail.service.js';
import type { MailJob } from '../../infra/mail/mail.types.js';
import { UsersService, type UserContact } from '../users/users.service.js';

/** Who a notice goes to, the links in it, and the mail queue under the notice's own job id. */
@Injectable()
export class Recipients {
  constructor(
    private readonly users: UsersService,
    private readonly mailer: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The named users that still exist (a deleted account is simply not told). */
  people(ids: string[], tx?: DbOrTx): Promise<UserContact[]> {
    return this.users.contacts(ids, tx);
  }

  /** An absolute link into the web app. */
  webUrl(path: string): string {
    return `${this.config.webOrigin.replace(/\/$/, '')}${path}`;
  }

  /** Where replies go when a mail invites one (Reply-To): the support inbox. */
  get supportEmail(): string {
    return this.config.mail.supportEmail;
  }

  /** Queues a mail under `jobId`: the same notice asked for twice (a replayed event) is sent once. */
  async mail(mail: MailJob, jobId: string): Promise<void> {
    await this.mailer.send(mail, { jobId });
  }
}
