// The seeded demo accounts (backend/src/infra/database/seed) as the journeys sign in with them: through the API,
// then a page whose local storage holds that session as the app keeps it (keys `token`, `user`, `currentRole`).
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, newPage } from './index.ts';

export const DEMO = {
  student: { email: 'student@redpen.local', password: 'Student!2345' },
  tutor: { email: 'tutor@redpen.local', password: 'Tutor!2345' },
  admin: { email: 'admin@redpen.local', password: 'Admin!2345' },
} as const;
export type DemoRole = keyof typeof DEMO;

export interface DemoSession {
  token: string;
  user: unknown;
}

/** Signs the demo `role` in through the API. */
export async function signInDemo(role: DemoRole): Promise<DemoSession> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO[role]) });
  assert.equal(res.status, 200, `the demo ${role} signs in`);
  return (await res.json()) as DemoSession;
}

/**
 * A page in a browser context of its own, signed in as `session` with `role` current. The session is set before
 * the app's first script, and only once: a sign-out during the journey is not undone by the next navigation.
 */
export async function signedInPage(browser: Browser, role: DemoRole, session: DemoSession, options: { viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const page = await newPage(browser, options);
  await page.addInitScript(
    ([t, u, r]) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('currentRole', r);
    },
    [session.token, JSON.stringify(session.user), role],
  );
  return page;
}
