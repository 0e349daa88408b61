import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Weekday name → list of "HH:MM-HH:MM" slots in GMT, as the spec's tutor card carries it. */
export type WeeklyAvailability = Partial<Record<
  'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday',
  string[]
>>;

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

export const tutorProfiles = pgTable('tutor_profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  approved: boolean('approved').notNull().default(false),
  approvedEssay: boolean('approved_essay').notNull().default(false),
  approvedTutoring: boolean('approved_tutoring').notNull().default(false),
  studyLevel: text('study_level'),
  university: text('university'),
  course: text('course'),
  yearsOfExperience: integer('years_of_experience'),
  motivation: text('motivation'),
  subjects: jsonb('subjects').$type<{ name: string; levels: string[] }[]>().notNull().default([]),
  hasDbs: boolean('has_dbs').notNull().default(false),
  rightToWork: boolean('right_to_work').notNull().default(false),
  tutoringSubject: text('tutoring_subject'),
  hourlyRatePence: integer('hourly_rate_pence'),
  tutoringDescription: text('tutoring_description'),
  tutoringAvailable: boolean('tutoring_available').notNull().default(false),
  availability: jsonb('availability').$type<WeeklyAvailability>().notNull().default({}),
  profilePictureKey: text('profile_picture_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StudentProfileRow = typeof studentProfiles.$inferSelect;
export type TutorProfileRow = typeof tutorProfiles.$inferSelect;
