// Accessibility of the signed-in pages at desktop width, as public.test.ts checks the public ones: the
// demo student, tutor and admin on their dashboards and main pages (with the seed's essays in every state, chats
// and payments), axe-core with WCAG 2.1 AA (0 serious or critical violations: colour contrast included); every text
// field shows a visible focus ring (WCAG 2.4.7).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, gotoApp, launchBrowser } from './support/index.ts';
import { signInDemo, signedInPage, type DemoRole, type DemoSession } from './support/demo.ts';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
type Role = DemoRole;
type Session = DemoSession;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const signIn = signInDemo;

async function get(token: string, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `GET /api${path}`);
  return (await res.json()) as Record<string, unknown>;
}

const pageFor = (role: Role, session: Session): Promise<Page> => signedInPage(browser, role, session, { viewport: { width: 1280, height: 900 } });

async function open(page: Page, path: string): Promise<void> {
  const res = await gotoApp(page, path);
  assert.equal(res?.status(), 200, `GET ${path} answers 200`);
  await page.getByRole('heading').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
}

async function axe(page: Page, path: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.html.slice(0, 120)}: ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)})`);
}

/** Text fields, selects and text areas of the page whose keyboard focus draws no ring of at least 2 px. */
async function fieldsWithoutFocusRing(page: Page, path: string): Promise<string[]> {
  const fields = page.locator(
    'main input:not([type="checkbox"]):not([type="radio"]):not([type="file"]):not([type="hidden"]):enabled:visible, main select:enabled:visible, main textarea:enabled:visible',
  );
  const out: string[] = [];
  for (let i = 0; i < Math.min(await fields.count(), 6); i++) {
    const field = fields.nth(i);
    // As a keyboard user arrives: Tab into the field (from the element before it), so focus is :focus-visible.
    await field.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    // The fields animate their outline (Chakra's transition, ~150 ms): read it once the transition has run.
    const ring = await field.evaluate(
      (el) =>
        new Promise<{ focused: boolean; width: number; style: string; name: string }>((resolve) => {
          const read = () => {
            const style = getComputedStyle(el);
            return { focused: document.activeElement === el, width: parseFloat(style.outlineWidth), style: style.outlineStyle, name: el.getAttribute('name') ?? el.id ?? el.tagName };
          };
          setTimeout(() => resolve(read()), 400);
        }),
    );
    if (!ring.focused) continue; // a field that cannot take focus (covered, read-only widget) is not a keyboard stop
    if (ring.style === 'none' || ring.width < 2) out.push(`${path}: ${ring.name} has no visible focus ring (${ring.style} ${ring.width}px)`);
  }
  return out;
}

describe('signed-in pages: axe (WCAG 2.1 AA) at 1280 px, focus rings', () => {
  const check = async (role: Role, paths: (ids: Record<string, string>) => string[], ids: (session: Session) => Promise<Record<string, string>>) => {
    const session = await signIn(role);
    const page = await pageFor(role, session);
    const failures: string[] = [];
    try {
      for (const path of paths(await ids(session))) {
        await open(page, path);
        failures.push(...(await axe(page, path)));
        failures.push(...(await fieldsWithoutFocusRing(page, path)));
      }
    } finally {
      await page.context().close();
    }
    assert.deepEqual(failures, [], failures.join('\n'));
  };

  test('the student: dashboard, essays (every state), an essay, upload, sessions, tutors, chats, profile, payment not completed', { timeout: 300_000 }, async () => {
    await check(
      'student',
      ({ essayId }) => ['/student/dashboard', '/student/essays', `/student/essay/${essayId}`, '/student/essay-upload', '/student/interviews', '/student/tutor-list', '/student/chats', '/student/profile', '/payment-failed/essay'],
      async (s) => ({ essayId: ((await get(s.token, '/student/essays')).essays as { _id: string }[])[0]!._id }),
    );
  });

  test('the tutor: dashboard, pool, essay reviews, a discussion, marking, sessions, chats, profiles', { timeout: 300_000 }, async () => {
    await check(
      'tutor',
      ({ held }) => ['/tutor/dashboard', '/tutor/essay-pool', '/tutor/essay-feedback', `/tutor/chat/${held}`, `/tutor/essay-feedback/${held}`, '/tutor/interviews', '/tutor/chats', '/tutor/profile', '/tutor/tutoring-profile'],
      async (s) => ({ held: ((await get(s.token, '/tutor/getAllEssays')).essays as { _id: string }[])[0]!._id }),
    );
  });

  test('the admin: dashboard, approvals, students, tutors, transactions, payments, content', { timeout: 300_000 }, async () => {
    await check(
      'admin',
      () => ['/admin/dashboard', '/admin/tutors', '/admin/students', '/admin/tutors-management', '/admin/transactions', '/admin/payments', '/admin/content'],
      async () => ({}),
    );
  });
});
