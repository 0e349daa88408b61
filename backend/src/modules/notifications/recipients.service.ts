import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import { MailService } from '../../infra/mail/mail.service.js';
import type { MailJob } from '../../infra/mail/mail.types.js';
import { UsersService } from '../users/users.service.js';

/** Who a notice goes to, the links in it, and the mail queue under the notice's own job id. */
@Injectable()
export class Recipients {
  constructor(
    private readonly users: UsersService,
    private readonly mailer: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The named users that still exist (a deleted account is simply not told). */
  async people(ids: string[], tx?: DbOrTx): Promise<{ id: string; name: string; email: string }[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.users.findById(id, tx)));
    return found.filter((u) => u !== undefined).map((u) => ({ id: u.id, name: u.name, email: u.email }));
  }

  /** An absolute link into the web app. */
  webUrl(path: string): string {
    return `${this.config.webOrigin.replace(/\/$/, '')}${path}`;
  }

  /** Queues a mail under `jobId`: the same notice asked for twice (a replayed event) is sent once. */
  async mail(mail: MailJob, jobId: string): Promise<void> {
    await this.mailer.send(mail, { jobId });
  }
}
