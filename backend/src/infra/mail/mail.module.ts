import { Global, Module } from '@nestjs/common';
import { MailHandler } from './mail.handler.js';
import { MailService } from './mail.service.js';
import { MailTransport } from './mail.transport.js';

/** Email: MailService enqueues (sealed), MailHandler (`mail.send`) renders and delivers over SMTP. */
@Global()
@Module({ providers: [MailTransport, MailService, MailHandler], exports: [MailTransport, MailService] })
export class MailModule {}
