import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { UsersModule } from '../users/users.module.js';
import { ChatNotifications } from './chat-notifications.subscriber.js';
import { ChatUnreadHandler } from './chat-unread.handler.js';
import { EssayNotifications } from './essay-notifications.subscriber.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { PaymentNotifications } from './payment-notifications.subscriber.js';
import { Recipients } from './recipients.service.js';
import { TutoringNotifications } from './tutoring-notifications.subscriber.js';
import { TutorNotifications } from './tutor-notifications.subscriber.js';

/**
 * Notifications: every email and every in-app notice that follows a domain event (whose turn it is, told
 * by email with a button to the page, in the notification list, and live on any open page through the app's one
 * socket), the list's routes and the per-kind switches. It only subscribes: no module calls it. It calls Users (who
 * to tell) and Chat (the socket: `push`, presence, what is unread). Mails that are a request's own answer (sign-in
 * codes, the contact form's acknowledgement) stay with their module.
 */
@Module({
  imports: [UsersModule, ChatModule],
  controllers: [NotificationsController],
  providers: [
    Recipients,
    NotificationsRepository,
    NotificationsService,
    EssayNotifications,
    PaymentNotifications,
    TutoringNotifications,
    TutorNotifications,
    ChatNotifications,
    ChatUnreadHandler,
  ],
})
export class NotificationsModule {}
