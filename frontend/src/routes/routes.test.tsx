import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../routeTree.gen';
import { stubApi } from '../test/fetch';
import { renderApp } from '../test/render';

/** Every route in the spec's route tables and the layout that guards it. */
const SPEC_ROUTES: Array<[path: string, layout: '/_public' | '/_auth' | '/_student' | '/_tutor' | '/_admin' | null]> = [
  ['/', '/_public'],
  ['/about', '/_public'],
  ['/contact', '/_public'],
  ['/pricing', '/_public'],
  ['/faq', '/_public'],
  ['/terms', '/_public'],
  ['/privacy', '/_public'],
  ['/login', '/_auth'],
  ['/register', '/_auth'],
  ['/forgot-password', '/_auth'],
  ['/verify-email', '/_auth'],
  ['/reset-password/$resetToken', '/_auth'],
  ['/tutor-onboarding', null],
  ['/student/dashboard', '/_student'],
  ['/student/essay-upload', '/_student'],
  ['/student/essays', '/_student'],
  ['/student/essay/$essayId', '/_student'],
  ['/student/interviews', '/_student'],
  ['/student/profile', '/_student'],
  ['/student/tutor-list', '/_student'],
  ['/student/tutors', '/_student'],
  ['/student/chats', '/_student'],
  ['/payment-success/$', '/_student'],
  ['/payment-failed/$', '/_student'],
  ['/tutor/dashboard', '/_tutor'],
  ['/tutor/essay-pool', '/_tutor'],
  ['/tutor/chat/$essayId', '/_tutor'],
  ['/tutor/essay-feedback', '/_tutor'],
  ['/tutor/essay-feedback/$essayId', '/_tutor'],
  ['/tutor/interviews', '/_tutor'],
  ['/tutor/profile', '/_tutor'],
  ['/tutor/tutoring-profile', '/_tutor'],
  ['/tutor/chats', '/_tutor'],
  ['/tutor/payment-success', '/_tutor'],
  ['/tutor/payment-failed', '/_tutor'],
  ['/admin/dashboard', '/_admin'],
  ['/admin/tutors', '/_admin'],
  ['/admin/students', '/_admin'],
  ['/admin/tutors-management', '/_admin'],
  ['/admin/transactions', '/_admin'],
  ['/admin/payments', '/_admin'],
  ['/admin/content', '/_admin'],
];

interface RouteLike {
  id: string;
  fullPath: string;
  parentRoute?: RouteLike;
  children?: unknown;
}

function buildRouter(path = '/') {
  return createRouter({
    routeTree,
    context: {},
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

const normalise = (fullPath: string) => (fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath);

describe('route tree', () => {
  const router = buildRouter();
  const leaves = (Object.values(router.routesById) as RouteLike[]).filter(
    (route) => !route.children || (Array.isArray(route.children) && route.children.length === 0),
  );
  const byPath = new Map(leaves.map((route) => [normalise(route.fullPath), route]));

  it.each(SPEC_ROUTES)('has %s under %s', (path, layout) => {
    const route = byPath.get(path);
    expect(route, `missing route ${path}`).toBeDefined();
    const ancestors: string[] = [];
    for (let parent = route?.parentRoute; parent; parent = parent.parentRoute) ancestors.push(parent.id);
    const guardLayouts = ancestors.filter((id) => /^\/_(public|auth|student|tutor|admin)$/.test(id));
    expect(guardLayouts).toEqual(layout ? [layout] : []);
  });
});

describe('navigation and guards', () => {
  it('an unknown path redirects to / replacing the history entry', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.history.length).toBe(1);
  });

  it('an unknown path inside a guarded group also redirects to /', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student' }));
    const { router } = renderApp('/student/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a signed-out visitor to a student page goes to /login with a redirect param', async () => {
    const { router } = renderApp('/student/essays');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/student/essays' });
  });

  it('a tutor opening an admin page goes to /', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: true }));
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a tutor who has not finished onboarding goes to /tutor-onboarding', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 't2', role: 'tutor', onboardingCompleted: false }));
    const { router } = renderApp('/tutor/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor-onboarding'));
  });

  it('a signed-in student sees the page inside the dashboard layout', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', name: 'Sam', role: 'student' }));
    stubApi({});
    renderApp('/student/essays');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Essays' })).toBeInTheDocument();
    // jsdom applies no media queries, so the desktop sidebar (display: none below lg) is "hidden" here.
    expect(screen.getByRole('navigation', { name: 'Dashboard', hidden: true })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Redpen`)).toBeInTheDocument();
  });
});
