// The prerender's HTML assembly (scripts/prerender.mjs): the page goes into #root, the stylesheet inline, the
// page's own title and description into <head>, the islands' scripts, and what a sign-in island prefetches.
import { describe, expect, it } from 'vitest';
import { addIslandScripts, addPrefetchHints, appFilesFor, entryFiles, NEXT_PAGES, fillTemplate, inlineStylesheets, islandsIn, withoutAppScripts } from '../scripts/prerender.mjs';

const SHELL = `<!doctype html><html><head>
<meta name="description" content="Default description" />
<title>Redpen — default</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
</head><body><div id="root"></div></body></html>`;

describe('prerender', () => {
  it('puts the markup into #root, marked as prerendered, with the page title and description escaped', () => {
    const page = fillTemplate(SHELL, { html: '<main>Hello</main>', styles: '<style id="x"></style>', head: { title: 'Terms & conditions · Redpen', description: 'Say "hi"' } });
    expect(page).toContain('<div id="root" data-prerendered><main>Hello</main></div>');
    expect(page).toContain('<style id="x"></style></head>');
    expect(page).toContain('<title>Terms &amp; conditions · Redpen</title>');
    expect(page).toContain('content="Say &quot;hi&quot;"');
    expect(page).not.toContain('Default description');
  });

  it('keeps the shell title when the page declares none, and refuses a shell without #root', () => {
    expect(fillTemplate(SHELL, { html: '', head: {} })).toContain('<title>Redpen — default</title>');
    expect(() => fillTemplate('<html></html>', { html: '', head: {} })).toThrow(/no <div id="root">/);
  });

  it('inlines the stylesheet', () => {
    const page = inlineStylesheets(SHELL, (file: string) => (file === 'assets/index-123.css' ? '.a{color:red}\n' : ''));
    expect(page).toContain('<style>.a{color:red}</style>');
    expect(page).not.toContain('rel="stylesheet"');
  });
});

describe('prerender: static pages with islands', () => {
  const MANIFEST = {
    'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-def.js' },
    'src/islands/menu.ts': { file: 'assets/island-menu-1.js', isEntry: true, imports: ['_runtime.js', '_menu.js'] },
    'src/islands/hero.ts': { file: 'assets/island-hero-2.js', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime-3.js' },
    '_menu.js': { file: 'assets/menu-4.js', imports: ['_runtime.js'] },
  };

  it('takes the application out of the shell', () => {
    const page = withoutAppScripts(SHELL);
    expect(page).not.toContain('index-abc.js');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<div id="root"></div>');
  });

  it("gives a page one module script per island its markup names, with the islands' imports preloaded once", () => {
    const filled = fillTemplate(withoutAppScripts(SHELL), { html: '<header data-island="menu"></header><section data-island="hero"></section><i data-island="menu"></i>', head: {} });
    expect(islandsIn(filled)).toEqual(['menu', 'hero']);
    const page = addIslandScripts(filled, MANIFEST);
    expect(page.match(/<script type="module" crossorigin src="[^"]+"><\/script>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/island-menu-1.js"></script>',
      '<script type="module" crossorigin src="/assets/island-hero-2.js"></script>',
    ]);
    expect(page.match(/rel="modulepreload"[^>]*href="([^"]+)"/g)).toEqual(['rel="modulepreload" crossorigin href="/assets/runtime-3.js"', 'rel="modulepreload" crossorigin href="/assets/menu-4.js"']);
    expect(page).not.toContain('data-app="ready"');
  });

  it('marks a page without islands ready as it is, and refuses an island the build does not have', () => {
    expect(addIslandScripts('<html lang="en-GB"><head></head><body></body></html>', MANIFEST)).toContain('<html data-app="ready" lang="en-GB">');
    expect(() => addIslandScripts('<html><head></head><body><div data-island="nope"></div></body></html>', MANIFEST)).toThrow(/no src\/islands\/nope\.ts/);
    expect(entryFiles(MANIFEST, 'src/islands/menu.ts')).toEqual(['assets/island-menu-1.js', 'assets/runtime-3.js', 'assets/menu-4.js']);
  });
});

describe('prerender: what a sign-in island prefetches for the next page', () => {
  const MANIFEST = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'], dynamicImports: ['src/boot.tsx'], css: ['assets/index-1.css'] },
    '_runtime.js': { file: 'assets/runtime-2.js' },
    'src/boot.tsx': { file: 'assets/boot-3.js', imports: ['_react.js', '_runtime.js'], dynamicImports: ['src/routes/_student.tsx?tsr-split=component'] },
    '_react.js': { file: 'assets/react-4.js' },
    'src/routes/_student.tsx?tsr-split=component': { file: 'assets/_student-5.js', imports: ['_react.js'] },
    'src/routes/_student/student/dashboard.tsx?tsr-split=component---loader': { file: 'assets/dashboard-6.js', imports: ['_chart.js'] },
    '_chart.js': { file: 'assets/chart-7.js' },
    'src/routes/_student/student/essays.tsx?tsr-split=component': { file: 'assets/essays-8.js' },
    'src/routes/_auth/verify-email.tsx?tsr-split=component': { file: 'assets/verify-email-9.js' },
    'src/islands/sign-in.ts': { file: 'assets/island-sign-in-10.js', isEntry: true, imports: ['_runtime.js'] },
  };

  it("lists the app's start-up with its stylesheet, then the dashboards' code, each once, and no other page's", () => {
    expect(appFilesFor(MANIFEST, NEXT_PAGES['sign-in'])).toEqual([
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/runtime-2.js',
      'assets/boot-3.js',
      'assets/react-4.js',
      'assets/_student-5.js',
      'assets/dashboard-6.js',
      'assets/chart-7.js',
    ]);
    expect(appFilesFor(MANIFEST, NEXT_PAGES.register)).toContain('assets/verify-email-9.js');
  });

  it('names them in a meta tag on a page with such an island, and leaves other pages alone', () => {
    const page = '<html><head></head><body><div data-island="sign-in"></div></body></html>';
    const hinted = addPrefetchHints(page, MANIFEST);
    expect(hinted).toMatch(/<meta name="redpen:prefetch" content="\/assets\/index-1\.css \/assets\/index-1\.js [^"]*\/assets\/dashboard-6\.js[^"]*"><\/head>/);
    const plain = '<html><head></head><body><div data-island="menu"></div></body></html>';
    expect(addPrefetchHints(plain, MANIFEST)).toBe(plain);
  });
});
