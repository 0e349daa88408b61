import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../../router';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { FOOTER_TEXT } from '../content/site';
import { mockIntersectionObserver, mockReducedMotion, renderWithRouter } from '../test/utils';
import { AboutPage } from './AboutPage';
import { AccessibilityPage } from './AccessibilityPage';
import { BlogPage } from './BlogPage';
import { CareersPage } from './CareersPage';
import { CommunityPage } from './CommunityPage';
import { ContactPage } from './ContactPage';
import { CookiesPage } from './CookiesPage';
import { FaqPage } from './FaqPage';
import { GdprPage } from './GdprPage';
import { HelpPage } from './HelpPage';
import { HomePage } from './HomePage';
import { NewsPage } from './NewsPage';
import { PricingPage } from './PricingPage';
import { PrivacyPage } from './PrivacyPage';
import { ServicesEssaysPage } from './ServicesEssaysPage';
import { ServicesInterviewsPage } from './ServicesInterviewsPage';
import { StudentGuidePage } from './StudentGuidePage';
import { SupportPage } from './SupportPage';
import { TermsPage } from './TermsPage';
import { TestimonialsPage } from './TestimonialsPage';
import { TutorGuidePage } from './TutorGuidePage';

const PAGES: [string, ComponentType][] = [
  ['Redpen', HomePage],
  ['About Redpen · Redpen', AboutPage],
  ['Contact · Redpen', ContactPage],
  ['Pricing · Redpen', PricingPage],
  ['FAQ · Redpen', FaqPage],
  ['Terms of Service · Redpen', TermsPage],
  ['Privacy Policy · Redpen', PrivacyPage],
  ['Essay reviews · Redpen', ServicesEssaysPage],
  ['Mock interviews and tutoring · Redpen', ServicesInterviewsPage],
  ['Testimonials · Redpen', TestimonialsPage],
  ['Help centre · Redpen', HelpPage],
  ['Student guide · Redpen', StudentGuidePage],
  ['Tutor guide · Redpen', TutorGuidePage],
  ['Cookies · Redpen', CookiesPage],
  ['Your data rights (UK GDPR) · Redpen', GdprPage],
  ['Accessibility · Redpen', AccessibilityPage],
  ['Careers · Redpen', CareersPage],
  ['Blog · Redpen', BlogPage],
  ['News · Redpen', NewsPage],
  ['Community · Redpen', CommunityPage],
  ['Support · Redpen', SupportPage],
];

/** Every path the app routes (the generated route tree), so links can be checked against it. */
const routedPaths = new Set(Object.keys(createAppRouter().routesByPath));

function internalHrefs(): string[] {
  return Array.from(document.querySelectorAll('a[href^="/"]'), (a) => a.getAttribute('href') ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('public pages', () => {
  it.each(PAGES)('%s: sets the title and description, has one h1 and no dead links', async (title, Page) => {
    mockReducedMotion(true);
    await renderWithRouter(<Page />);
    expect(document.title).toBe(title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^.{30,}$/);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const href of internalHrefs()) {
      expect(routedPaths, `link to ${href}`).toContain(href.split(/[?#]/)[0]);
    }
  });

  it.each([
    ['student guide', StudentGuidePage, 'student'],
    ['essay reviews', ServicesEssaysPage, 'student'],
    ['mock interviews', ServicesInterviewsPage, 'student'],
    ['tutor guide', TutorGuidePage, 'tutor'],
  ] as const)('%s: its registration link arrives with the role chosen (?role=%s)', async (_name, Page, role) => {
    mockReducedMotion(true);
    await renderWithRouter(<Page />);
    const links = internalHrefs().filter((href) => href.startsWith('/register'));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toBe(`/register?role=${role}`);
  });

  it('pricing: the surcharges (model answer, expedited) are listed with their amounts', async () => {
    mockReducedMotion(true);
    await renderWithRouter(<PricingPage />);
    expect(screen.getByRole('heading', { name: 'Extras' })).toBeInTheDocument();
    expect(screen.getByText(/A model answer as well as feedback: \+ £5\.00 per essay/)).toBeInTheDocument();
    expect(screen.getByText(/Expedited review, marked within 24 hours of paying instead of 48: \+ £10\.00 per essay/)).toBeInTheDocument();
  });

  it('footer: spec text and a working link to every footer page', async () => {
    await renderWithRouter(<SiteFooter />);
    expect(screen.getByText(FOOTER_TEXT)).toBeInTheDocument();
    const hrefs = internalHrefs();
    for (const path of [
      '/services/essays', '/services/interviews', '/testimonials', '/careers', '/blog', '/news', '/help',
      '/guide/student', '/guide/tutor', '/community', '/support', '/cookies', '/gdpr', '/accessibility',
      '/about', '/contact', '/pricing', '/faq', '/terms', '/privacy',
    ]) {
      expect(hrefs).toContain(path);
      expect(routedPaths).toContain(path);
    }
    expect(document.querySelectorAll('a[href^="http"]')).toHaveLength(0);
  });

  it('header: logo, top menu, log in and get started; the mobile menu toggles', async () => {
    await renderWithRouter(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Redpen home' })).toHaveAttribute('href', '/');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Contact', 'Terms', 'FAQ']);
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/login');
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) expect(link).toHaveAttribute('href', '/register?role=student');

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel).not.toBeVisible();
  });

  it('header: a signed-in visitor sees the dashboard link, not "Log in"', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor' }));
    localStorage.setItem('currentRole', 'tutor');
    try {
      await renderWithRouter(<SiteHeader />);
      const links = await screen.findAllByRole('link', { name: 'Dashboard' });
      for (const link of links) expect(link).toHaveAttribute('href', '/tutor/dashboard');
      expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    } finally {
      localStorage.clear();
    }
  });

  it('home: Get Started goes to /register with Student chosen, stats and testimonials are there', async () => {
    mockReducedMotion(false);
    mockIntersectionObserver();
    await renderWithRouter(<HomePage />);
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) expect(link).toHaveAttribute('href', '/register?role=student');
    for (const text of ['1000+ Students', '95% Success rate', '50+ Tutors', '24/7 Support']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Expert essay reviews',
      'One-to-one tutoring',
      'Personalised feedback',
    ]);
    expect(screen.getAllByRole('figure')).toHaveLength(3);
    expect(screen.getByText(/University of Edinburgh/)).toBeInTheDocument();
  });

  it('home under reduced motion: no autoplay, counters final at once, nothing hidden', async () => {
    mockReducedMotion(true);
    await renderWithRouter(<HomePage />);
    vi.useFakeTimers();
    const current = () =>
      screen.getAllByRole('button', { name: /^Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(0);
    expect(screen.getAllByTestId('stat-value').map((el) => el.textContent)).toEqual(['1000+', '95%', '50+', '24/7']);
    expect(document.querySelectorAll('[data-state="hidden"]')).toHaveLength(0);
  });

  it('home with motion: cards and closing block wait for the viewport, observed at 70% and 80%', async () => {
    mockReducedMotion(false);
    const io = mockIntersectionObserver();
    await renderWithRouter(<HomePage />);
    expect(document.querySelectorAll('.rp-reveal[data-state="hidden"]').length).toBe(4);
    const margins = io.instances.map((i) => i.options?.rootMargin);
    expect(margins).toContain('0px 0px -30% 0px');
    expect(margins).toContain('0px 0px -20% 0px');
    io.intersectAll();
    expect(document.querySelectorAll('.rp-reveal[data-state="hidden"]').length).toBe(0);
  });

  it('faq: four tabs with accordion answers and a link to /contact', async () => {
    await renderWithRouter(<FaqPage />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'General Questions',
      'Essay Reviews',
      'Mock Interviews',
      'Pricing & Plans',
    ]);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    const trigger = screen.getByRole('button', { name: 'What is Redpen?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing & Plans' }));
    expect(screen.getByRole('button', { name: 'Can I get a refund?' })).toBeVisible();
  });

  it('terms: dates, proof-reader lists, enforcement and contact section', async () => {
    await renderWithRouter(<TermsPage />);
    expect(screen.getByText('Last updated 19 March 2024')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A proof-reader may' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A proof-reader may not' })).toBeInTheDocument();
    expect(screen.getByText('Translate into English')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Monitoring, warnings, suspension and bans/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Contact Us/ })).toBeInTheDocument();
  });

  it('privacy: seven sections, date, links to /contact and /terms', async () => {
    await renderWithRouter(<PrivacyPage />);
    expect(screen.getByText('Last updated 22 December 2024')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
    const hrefs = internalHrefs();
    expect(hrefs).toContain('/contact');
    expect(hrefs).toContain('/terms');
  });

  it('contact: support details and London location', async () => {
    await renderWithRouter(<ContactPage />);
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});
