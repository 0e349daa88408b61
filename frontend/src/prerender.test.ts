// The prerender's HTML assembly (scripts/prerender.mjs): the page goes into #root, the stylesheet inline, the
// page's own title and description into <head>, and the application's scripts at low priority.
import { describe, expect, it } from 'vitest';
import { deprioritiseScripts, fillTemplate, inlineStylesheets } from '../scripts/prerender.mjs';

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

  it('inlines the stylesheet and fetches the scripts at low priority', () => {
    const page = deprioritiseScripts(inlineStylesheets(SHELL, (file: string) => (file === 'assets/index-123.css' ? '.a{color:red}\n' : '')));
    expect(page).toContain('<style>.a{color:red}</style>');
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-def.js">');
  });
});
