import { Global, Module } from '@nestjs/common';
import { MailTransport } from './mail.transport.js';

@Global()
@Module({ providers: [MailTransport], exports: [MailTransport] })
export class MailModule {}
