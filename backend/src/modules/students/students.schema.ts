import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** A student's profile, one per student account. */
export const studentProfiles = pgTable('student_profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  major: text('major'),
  university: text('university'),
  bio: text('bio'),
  dateOfBirth: text('date_of_birth'),
  profilePictureKey: text('profile_picture_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StudentProfileRow = typeof studentProfiles.$inferSelect;
