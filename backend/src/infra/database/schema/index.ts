// Every table, for drizzle-kit (drizzle.config.ts) and the typed Drizzle client. Each module declares its own tables
// in its *.schema.ts (lint rule `module-owns-its-tables`); this file only gathers them, and is the one place in
// infra/ that names modules/. The outbox is infra's own (infra/events).
export * from '../../../modules/users/users.schema.js';
export * from '../../../modules/auth/auth.schema.js';
export * from '../../../modules/students/students.schema.js';
export * from '../../../modules/tutors/tutors.schema.js';
export * from '../../../modules/tutoring/tutoring.schema.js';
export * from '../../../modules/ratings/ratings.schema.js';
export * from '../../../modules/essays/essays.schema.js';
export * from '../../../modules/chat/chat.schema.js';
export * from '../../../modules/payments/payments.schema.js';
export * from '../../../modules/notifications/notifications.schema.js';
export * from '../../../modules/safeguarding/safeguarding.schema.js';
export * from '../../../modules/admin/audit-log.schema.js';
export * from '../../events/events.schema.js';
