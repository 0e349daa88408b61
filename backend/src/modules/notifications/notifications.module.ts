import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { ChatNotifications } from './chat-notifications.subscriber.js';
import { EssayNotifications } from './essay-notifications.subscriber.js';
import { PaymentNotifications } from './payment-notifications.subscriber.js';
import { Recipients } from './recipients.service.js';
import { TutoringNotifications } from './tutoring-notifications.subscriber.js';
import { TutorNotifications } from './tutor-notifications.subscriber.js';

/**
 * Notifications: every email (and, with the notices of issue 30, every in-app notice) that follows a domain event.
 * It only subscribes: no module calls it, and it calls no module but Users (who to tell). Mails that are a request's
 * own answer (sign-in codes, the contact form's acknowledgement) stay with their module.
 */
@Module({ imports: [UsersModule], providers: [Recipients, EssayNotifications, PaymentNotifications, TutoringNotifications, TutorNotifications, ChatNotifications] })
export class NotificationsModule {}
