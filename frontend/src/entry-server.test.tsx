// @vitest-environment node
// The build-time renderer in the environment it runs in (Node, no DOM): every public page and the sign-in forms render
// to HTML with their content, their emotion styles inline and their own title, and as a signed-out visitor.
import { describe, expect, it } from 'vitest';
import { prerenderedPaths, render } from './entry-server';

describe('prerenderedPaths', () => {
  it('lists every page of the public layout and the sign-in forms, and nothing behind sign-in', () => {
    const paths = prerenderedPaths();
    for (const path of ['/', '/about', '/pricing', '/faq', '/terms', '/privacy', '/contact', '/guide/student', '/services/essays', '/login', '/register', '/forgot-password']) {
      expect(paths).toContain(path);
    }
    expect(paths.filter((path) => /^\/(student|tutor|admin)\b|onboarding|verify-email|reset-password/.test(path))).toEqual([]);
  });
});

describe('render', () => {
  it('renders the pricing page with its heading, calculator, styles and title', async () => {
    const { html, styles, head } = await render('/pricing');
    expect(html).toContain('<h1');
    expect(html).toMatch(/Pricing/);
    expect(html).toMatch(/<label[^>]*>[^<]*[Ww]ord/);
    expect(html).not.toContain('<style');
    expect(html).not.toContain('<script');
    // Every class the markup uses is defined by the one style tag for <head>, which starts with the layer order.
    expect(styles).toMatch(/^<style id="prerendered-css" data-emotion="css [a-z0-9 ]+" data-s="">@layer reset, ?base, ?tokens, ?recipes;/);
    const classes = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter((c) => c.startsWith('css-')));
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(styles, name).toContain(`.${name}`);
    expect(head.title).toBe('Pricing · Redpen');
    expect(head.description).toBeTruthy();
  });

  it('renders the home page with the first slide and the statistics before they count', async () => {
    const { html, head } = await render('/');
    expect(html).toContain('Better essays and confident interviews');
    expect(html).toContain('/images/slides/01-');
    expect(head.title).toBe('Redpen');
    // Static: never hydrated, its islands named in the markup, the figures themselves in the HTML.
    for (const island of ['menu', 'hero', 'counters', 'reveal']) expect(html).toContain(`data-island="${island}"`);
    expect(html).toMatch(/data-count="true"[^>]*>1000\+</);
  });

  it('renders the sign-in forms and the pricing page as islands (nothing is hydrated)', async () => {
    const islands = { '/login': 'sign-in', '/register': 'register', '/forgot-password': 'forgot-password', '/pricing': 'price-calculator' };
    for (const [path, island] of Object.entries(islands)) expect((await render(path)).html, path).toContain(`data-island="${island}"`);
  });

  it('renders the sign-in forms with their submit buttons disabled until their island runs', async () => {
    const { html, head } = await render('/login');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(head.title).toBe('Welcome back · Redpen');
    for (const path of ['/register', '/forgot-password']) {
      const { html: form } = await render(path);
      expect(form, path).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    }
  });

  it("renders the sign-in form's later steps hidden, every one in the HTML (so their style is in the page's CSS)", async () => {
    const { html } = await render('/login');
    for (const view of ['two-factor', 'direct-progress', 'direct-confirm']) expect(html).toMatch(new RegExp(`data-view="${view}" hidden=""`));
    expect(html).not.toMatch(/data-view="form" hidden/);
  });

  it('renders the contact form as a working HTML form: it posts without JavaScript', async () => {
    const { html } = await render('/contact');
    const form = /<form[^>]*aria-label="Contact form"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('action="/api/contact/form"');
    expect(form).toContain('method="post"');
    expect(html).toMatch(/<button type="submit"(?![^>]*disabled)[^>]*>/);
    for (const name of ['name', 'email', 'subject', 'message']) expect(html).toMatch(new RegExp(`name="${name}"[^>]*required=""|required=""[^>]*name="${name}"`));
  });

  it('refuses a path the router does not settle on', async () => {
    await expect(render('/student/dashboard')).rejects.toThrow(/did not settle/);
  });
});
