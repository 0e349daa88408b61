// Every route in the spec's route tables, grouped by layout/guard.
// Parameterised routes use sample values; guarded routes are visited signed out.

export interface RouteCase {
  path: string;
  group: 'public' | 'auth' | 'onboarding' | 'student' | 'tutor' | 'admin';
}

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

export const PUBLIC_ROUTES = ['/', '/about', '/contact', '/pricing', '/faq', '/terms', '/privacy'];
export const AUTH_ROUTES = ['/login', '/register', '/forgot-password', '/verify-email', '/reset-password/sample-reset-token'];
export const ONBOARDING_ROUTES = ['/tutor-onboarding'];
export const STUDENT_ROUTES = [
  '/student/dashboard',
  '/student/essay-upload',
  '/student/essays',
  `/student/essay/${SAMPLE_ID}`,
  '/student/interviews',
  '/student/profile',
  '/student/tutor-list',
  '/student/chats',
  '/payment-success/essay',
  '/payment-failed/essay',
];
export const TUTOR_ROUTES = [
  '/tutor/dashboard',
  '/tutor/profile',
  '/tutor/essay-pool',
  `/tutor/chat/${SAMPLE_ID}`,
  '/tutor/essay-feedback',
  '/tutor/interviews',
  '/tutor/tutoring-profile',
  '/tutor/chats',
  '/tutor/payment-success',
  '/tutor/payment-failed',
];
export const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/tutors',
  '/admin/students',
  '/admin/tutors-management',
  '/admin/transactions',
  '/admin/payments',
  '/admin/content',
];

export const ALL_ROUTES: RouteCase[] = [
  ...PUBLIC_ROUTES.map((path) => ({ path, group: 'public' as const })),
  ...AUTH_ROUTES.map((path) => ({ path, group: 'auth' as const })),
  ...ONBOARDING_ROUTES.map((path) => ({ path, group: 'onboarding' as const })),
  ...STUDENT_ROUTES.map((path) => ({ path, group: 'student' as const })),
  ...TUTOR_ROUTES.map((path) => ({ path, group: 'tutor' as const })),
  ...ADMIN_ROUTES.map((path) => ({ path, group: 'admin' as const })),
];

/** Routes that need a signed-in user: visited signed out, they redirect to /login?redirect=<path>. */
export const GUARDED_GROUPS = new Set(['student', 'tutor', 'admin']);
