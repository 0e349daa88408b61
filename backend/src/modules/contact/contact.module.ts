import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import './contact.mails.js';

@Module({ controllers: [ContactController], providers: [ContactService] })
export class ContactModule {}
