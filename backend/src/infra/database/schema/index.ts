// One file per aggregate; this index is what drizzle-kit and the Drizzle client read.
export * from './users.js';
export * from './profiles.js';
export * from './auth.js';
export * from './chat.js';
export * from './payments.js';
export * from './essays.js';
export * from './ratings.js';
export * from './events.js';
export * from './tutoring.js';
export * from './audit.js';
export * from './notifications.js';
export * from './safeguarding.js';
