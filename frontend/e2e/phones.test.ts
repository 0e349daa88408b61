// Phones first: every route of the spec's route tables, as each role sees it (signed out, the demo
// student without a tutor profile, the demo tutor, the admin, and a student who added a tutor profile), at
// 375 × 812 and at 768 × 1024. On every page: nothing wider than the viewport (outside boxes that scroll sideways
// on purpose, marked `data-scroll-x`), the primary actions at least 24 × 24 px (WCAG 2.5.8), a screenshot per
// route and width (test-results/phones/), and on the signed-in pages axe at 375 px (0 serious or critical). Then
// the drawer at 375 px holds the navigation and the role switch, and the main pages reflow at 200 % text size.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { registerAndVerify, submitTutorOnboarding } from './support/accounts.ts';
import {
  ADMIN_ROUTES,
  AUTH_ROUTES,
  ONBOARDING_ROUTES,
  PUBLIC_ROUTES,
  RESULTS_DIR,
  STUDENT_ROUTES,
  TUTOR_ROUTES,
  baseUrl,
  gotoApp,
  launchBrowser,
  newPage,
  takeProblems,
} from './support/index.ts';

const SCREENSHOTS = join(RESULTS_DIR, 'phones');
const PHONE = { width: 375, height: 812 };
const TABLET = { width: 768, height: 1024 };
/** WCAG 2.5.8 (target size, minimum). */
const MIN_TARGET_PX = 24;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

type Viewer = 'public' | 'student' | 'tutor' | 'admin' | 'dual';
interface Session {
  token: string;
  user: unknown;
}

const DEMO = {
  student: { email: 'student@redpen.local', password: 'Student!2345' },
  tutor: { email: 'tutor@redpen.local', password: 'Tutor!2345' },
  admin: { email: 'admin@redpen.local', password: 'Admin!2345' },
} as const;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function get(path: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `GET /api${path}`);
  return (await res.json()) as Record<string, unknown>;
}

async function signIn(who: keyof typeof DEMO): Promise<Session> {
  const res = await post('/auth/login', DEMO[who]);
  assert.equal(res.status, 200, `the demo ${who} signs in`);
  return res.body as unknown as Session;
}

/**
 * The seed has no account with both profiles, so one is made as a person would: register a student, verify with the
 * mailed code, then submit the tutor onboarding (a student adds a tutor profile to the same account; it awaits approval).
 */
async function dualProfileUser(): Promise<Session> {
  const student = await registerAndVerify('student', 'Dee Dual', `phones-dual-${Date.now()}@example.com`, 'Phones!2345x');
  const onboarded = (await submitTutorOnboarding(student)) as Session & { user: { role: string } };
  assert.equal(onboarded.user.role, 'student', 'the account stays a student with a tutor profile added');
  // As the app's sign-in does (features/auth/sign-in.ts): the stored user carries its profiles.
  const profiles = await get('/auth/checkProfiles', onboarded.token);
  assert.deepEqual(profiles, { student: true, tutor: true });
  return { token: onboarded.token, user: { ...onboarded.user, profiles } };
}

/** A page for `viewer` in a context of its own, its session stored before the app starts (as the login page does). */
async function pageFor(session: Session | undefined, currentRole: 'student' | 'tutor' | 'admin' | undefined): Promise<Page> {
  const page = await newPage(browser, { viewport: PHONE });
  if (session && currentRole) {
    await page.addInitScript(
      ([t, u, r]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
        localStorage.setItem('currentRole', r);
      },
      [session.token, JSON.stringify(session.user), currentRole],
    );
  }
  return page;
}

/** Two pages per viewer and role, lent to the route checks two at a time (like the smoke journey). */
class PagePool {
  private idle: Page[] = [];
  private waiting: ((p: Page) => void)[] = [];
  private all: Page[] = [];
  private readonly make: () => Promise<Page>;
  constructor(make: () => Promise<Page>) {
    this.make = make;
  }
  async borrow(): Promise<Page> {
    if (this.idle.length) return this.idle.pop()!;
    if (this.all.length < 2) {
      const page = await this.make();
      this.all.push(page);
      return page;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  give(page: Page): void {
    const next = this.waiting.shift();
    if (next) next(page);
    else this.idle.push(page);
  }
  async close(): Promise<void> {
    await Promise.all(this.all.map((p) => p.context().close()));
  }
}

/**
 * Elements wider than the viewport or reaching past its edges. Not counted: what sits inside a box that scrolls
 * sideways on purpose (`data-scroll-x`: wide tables, the chat's rail), hidden or screen-reader-only nodes (1 px),
 * and what lies wholly outside the viewport (closed drawers, the skip link before it is focused).
 */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${testId}> "${text}"`;
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (el.parentElement?.closest('[data-scroll-x]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.right <= 0 || r.left >= vw) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (r.width > vw + 1 || r.right > vw + 1 || r.left < -1) {
        // Report the outermost culprit only: its descendants overflow with it.
        if (out.length && el.parentElement && out.some((o) => o === describe(el.parentElement!))) continue;
        out.push(describe(el));
      }
    }
    const excess = document.documentElement.scrollWidth - vw;
    if (excess > 1) out.unshift(`the page scrolls sideways by ${excess} px`);
    return out.slice(0, 8);
  });
}

/**
 * The primary actions under 24 × 24 px (WCAG 2.5.8): buttons, tabs, switches, form controls, links of the header and
 * of every navigation. As the criterion allows, a smaller target passes when a 24 px circle on its centre touches
 * no other target (a list of footer links 21 px tall, spaced apart, passes; two 16 px icons side by side do not).
 * Chakra's checkboxes and radios hide their input: their label (the whole row) is the target.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const vw = document.documentElement.clientWidth;
    const selector = 'button, [role="button"], [role="tab"], [role="switch"], select, input:not([type="hidden"]), textarea, nav a[href], header a[href]';
    const targets: { el: Element; r: DOMRect }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const input = el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type);
      const target = input ? el.closest('label') : el;
      if (!target || getComputedStyle(target).visibility === 'hidden') continue;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= vw) continue;
      if (!targets.some((t) => t.el === target)) targets.push({ el: target, r });
    }
    const small = (r: DOMRect) => r.width + 0.5 < min || r.height + 0.5 < min;
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distanceToRect = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const out: string[] = [];
    for (const a of targets.filter((t) => small(t.r))) {
      const c = centre(a.r);
      const crowded = targets.some((b) => {
        if (b === a || b.el.contains(a.el) || a.el.contains(b.el)) return false;
        // Another small target's circle, or a large target's box, within reach of this one's circle.
        return small(b.r) ? Math.hypot(c.x - centre(b.r).x, c.y - centre(b.r).y) < min : distanceToRect(c, b.r) < min / 2;
      });
      if (!crowded) continue;
      const name = (a.el.getAttribute('aria-label') ?? a.el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      out.push(`<${a.el.tagName.toLowerCase()}> "${name}" ${Math.round(a.r.width)}×${Math.round(a.r.height)}`);
    }
    return out.slice(0, 8);
  }, MIN_TARGET_PX);
}

/**
 * Below lg the signed-in header must show the menu button (the drawer) and Logout, wholly on screen. The onboarding's
 * focused layout has no drawer: Logout only.
 */
async function headerActionsOnScreen(page: Page, path: string, where: string): Promise<string[]> {
  const out: string[] = [];
  const width = page.viewportSize()!.width;
  for (const name of path === '/tutor-onboarding' ? ['Logout'] : ['Open navigation menu', 'Logout']) {
    const button = page.getByRole('banner').getByRole('button', { name });
    const box = (await button.count()) === 1 && (await button.isVisible()) ? await button.boundingBox() : null;
    if (!box) out.push(`${where}: the header shows no "${name}" button`);
    else if (box.x < 0 || box.x + box.width > width) out.push(`${where}: "${name}" reaches past the screen's edge (${Math.round(box.x)}–${Math.round(box.x + box.width)} px)`);
  }
  return out;
}

async function axeAt375(page: Page, path: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.html.slice(0, 120)}: ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)})`);
}

/** `student-student-essay-essayId-375.png`: one file per route and width, the same every run. */
const shotName = (viewer: Viewer, route: string, width: number) =>
  `${viewer}-${route === '/' ? 'home' : route.replace(SAMPLE_ID, 'essayId').replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-${width}.png`;

/** Loads `path` at 375 px, checks it, resizes to 768 px and checks again (media queries apply without a reload). */
async function checkRoute(page: Page, viewer: Viewer, route: string, { axe }: { axe: boolean }): Promise<void> {
  const path = withId(route);
  await page.setViewportSize(PHONE);
  const res = await gotoApp(page, path);
  assert.equal(res?.status(), 200, `GET ${path} answers 200`);
  await page.getByRole('heading').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const failures: string[] = [];
  for (const size of [PHONE, TABLET]) {
    if (size !== PHONE) {
      await page.setViewportSize(size);
      // A wider screen can show more (the chat's thread beside its list): measure once React has re-rendered for it.
      // Two macrotask hops, not animation frames: pages run two at a time, and a page in the background gets no frames.
      await page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));
      await page.waitForLoadState('networkidle');
    }
    const where = `${viewer} ${path} at ${size.width} px`;
    // A resize can start a fetch and a re-render (the chat's thread appears beside its list): a layout that is still
    // settling is measured again, for up to 2 s; one that stays too wide fails.
    let overflow = await overflowingElements(page);
    for (let tries = 0; overflow.length > 0 && tries < 10; tries++) {
      await page.waitForTimeout(200);
      overflow = await overflowingElements(page);
    }
    for (const o of overflow) failures.push(`${where}: wider than the screen: ${o}`);
    for (const t of await smallTargets(page)) failures.push(`${where}: touch target under ${MIN_TARGET_PX} px: ${t}`);
    if (viewer !== 'public') failures.push(...(await headerActionsOnScreen(page, path, where)));
    await page.screenshot({ path: join(SCREENSHOTS, shotName(viewer, route, size.width)), fullPage: true });
    if (axe && size === PHONE) failures.push(...(await axeAt375(page, `${viewer} ${path} at 375 px`)));
  }
  const errors = takeProblems(page).filter((p) => p.kind === 'pageerror');
  for (const e of errors) failures.push(`${viewer} ${path}: uncaught exception: ${e.text}`);
  assert.ok(failures.length === 0, `${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
}

interface Audience {
  viewer: Viewer;
  currentRole?: 'student' | 'tutor' | 'admin';
  session: () => Promise<Session | undefined>;
  /** Paths as the route tables write them; `SAMPLE_ID` stands for a demo essay's id, filled in at run time. */
  routes: string[];
  axe: boolean;
}

/** Real ids for the parameterised routes: a demo essay the demo tutor holds (set in `before`). */
const ids = { studentEssay: SAMPLE_ID, tutorEssay: SAMPLE_ID };
const withId = (path: string) => path.replace(SAMPLE_ID, path.startsWith('/student/') ? ids.studentEssay : ids.tutorEssay);
const sessions = new Map<string, Promise<Session>>();
const once = (key: string, make: () => Promise<Session>) => () => {
  if (!sessions.has(key)) sessions.set(key, make());
  return sessions.get(key)!;
};
const studentSession = once('student', () => signIn('student'));
const tutorSession = once('tutor', () => signIn('tutor'));
const dualSession = once('dual', dualProfileUser);

const AUDIENCES: Audience[] = [
  { viewer: 'public', session: async () => undefined, routes: [...PUBLIC_ROUTES, ...AUTH_ROUTES], axe: false },
  { viewer: 'student', currentRole: 'student', session: studentSession, routes: [...STUDENT_ROUTES, ...ONBOARDING_ROUTES], axe: true },
  { viewer: 'tutor', currentRole: 'tutor', session: tutorSession, routes: [...TUTOR_ROUTES, `/tutor/essay-feedback/${SAMPLE_ID}`], axe: true },
  { viewer: 'admin', currentRole: 'admin', session: once('admin', () => signIn('admin')), routes: ADMIN_ROUTES, axe: true },
  // The account with both profiles: its header offers Student | Tutor instead of "Become a Tutor".
  { viewer: 'dual', currentRole: 'student', session: dualSession, routes: ['/student/dashboard', '/student/essays', '/student/profile'], axe: true },
  { viewer: 'dual', currentRole: 'tutor', session: dualSession, routes: ['/tutor/dashboard', '/tutor/profile', '/tutor/tutoring-profile'], axe: true },
];

describe('phones first: every route at 375 and 768 px', () => {
  before(async () => {
    const [student, tutor] = await Promise.all([studentSession(), tutorSession()]);
    const studentEssays = (await get('/student/essays', student.token)).essays as { _id: string }[];
    const tutorEssays = (await get('/tutor/getAllEssays', tutor.token)).essays as { _id: string }[];
    assert.ok(studentEssays.length && tutorEssays.length, 'the seed gives the demo student and the demo tutor essays');
    ids.studentEssay = studentEssays[0]!._id;
    ids.tutorEssay = tutorEssays[0]!._id;
  });

  for (const audience of AUDIENCES) {
    describe(`${audience.viewer}${audience.currentRole ? ` as ${audience.currentRole}` : ''}`, { concurrency: 2 }, () => {
      let pool: PagePool;
      before(async () => {
        const session = await audience.session();
        pool = new PagePool(() => pageFor(session, audience.currentRole));
      });
      after(() => pool?.close());
      for (const route of audience.routes) {
        test(route.replace(SAMPLE_ID, ':essayId'), async () => {
          const page = await pool.borrow();
          try {
            await checkRoute(page, audience.viewer, route, { axe: audience.axe });
          } finally {
            pool.give(page);
          }
        });
      }
    });
  }
});

/** A signed-in page of its own at 375 px for the one-off checks below. */
async function signedInPage(session: Session, currentRole: 'student' | 'tutor' | 'admin'): Promise<Page> {
  return pageFor(session, currentRole);
}

describe('phones first: the drawer and large text', () => {
  // The header at 375 px holds the menu button, the logo and Logout; the rest is one tap away in the drawer.
  for (const { who, currentRole, path, switchLabels } of [
    { who: 'student', currentRole: 'student', path: '/student/dashboard', switchLabels: ['Student', 'Become a Tutor'] },
    { who: 'dual', currentRole: 'tutor', path: '/tutor/dashboard', switchLabels: ['Student', 'Tutor'] },
    { who: 'admin', currentRole: 'admin', path: '/admin/dashboard', switchLabels: [] },
  ] as const) {
    test(`${who}: at 375 px the drawer holds the navigation${switchLabels.length ? ' and the role switch' : ''}; Logout stays in the header`, async () => {
      const session = who === 'student' ? await studentSession() : who === 'dual' ? await dualSession() : await signIn('admin');
      const page = await signedInPage(session, currentRole);
      try {
        await gotoApp(page, path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
        assert.ok(await logout.isVisible(), 'Logout is in the header');
        const box = (await logout.boundingBox())!;
        assert.ok(box.x + box.width <= PHONE.width, `Logout lies inside the screen (its right edge at ${box.x + box.width} px)`);
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
        await drawer.waitFor();
        await page.waitForTimeout(50); // the slide-in is instant with reduced motion; let layout settle
        const links = drawer.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
        assert.ok((await links.count()) >= 6, 'the drawer lists the sidebar items');
        for (const label of switchLabels) assert.ok(await drawer.getByRole('group', { name: 'Switch role' }).getByRole('button', { name: label }).isVisible(), `the drawer offers "${label}"`);
        if (!switchLabels.length) assert.equal(await drawer.getByRole('group', { name: 'Switch role' }).count(), 0, 'an admin has no role switch');
        const failures = [...(await overflowingElements(page)), ...(await smallTargets(page))];
        await page.screenshot({ path: join(SCREENSHOTS, `${who}-drawer-375.png`) });
        assert.ok(failures.length === 0, `with the drawer open:\n  ${failures.join('\n  ')}`);
      } finally {
        await page.context().close();
      }
    });
  }

  // WCAG 1.4.4 (text at 200 %) with 1.4.10 (reflow): the browser's font-size setting (Chrome: Settings › Appearance ›
  // Font size), set here through the DevTools protocol (Page.setFontSizes), doubles the size every rem and every em
  // media query derives from; at 768 px the breakpoints then see 24em, the phone layout, with every text and space
  // doubled. Nothing may need sideways scrolling.
  test('the main pages at 200 % text size still fit 768 px', async () => {
    const mains = [
      { session: undefined, currentRole: undefined, paths: ['/', '/login', '/pricing'] },
      { session: await studentSession(), currentRole: 'student' as const, paths: ['/student/dashboard', '/student/essays', '/student/essay-upload'] },
      { session: await tutorSession(), currentRole: 'tutor' as const, paths: ['/tutor/dashboard', '/tutor/essay-pool'] },
      { session: await signIn('admin'), currentRole: 'admin' as const, paths: ['/admin/dashboard'] },
    ];
    const failures: string[] = [];
    await Promise.all(
      mains.map(async ({ session, currentRole, paths }) => {
        const page = await pageFor(session, currentRole);
        try {
          await page.setViewportSize(TABLET);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
          for (const path of paths) {
            await gotoApp(page, path);
            await page.getByRole('heading').first().waitFor();
            const root = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
            assert.equal(root, '32px', 'the text is at 200 %');
            for (const o of await overflowingElements(page)) failures.push(`${path} at 200 % text: wider than the screen: ${o}`);
            // The viewport only: a full-page screenshot resizes the page and Chromium drops the font size for it.
            await page.screenshot({ path: join(SCREENSHOTS, `text200-${path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-768.png`) });
          }
        } finally {
          await page.context().close();
        }
      }),
    );
    assert.ok(failures.length === 0, `${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
  });
});
