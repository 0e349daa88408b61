// Renders the pages a signed-out visitor reaches first (every public page, the sign-in forms) into static HTML,
// after `vite build` (the client) and `vite build --ssr src/entry-server.tsx` (the renderer). Each page is
// dist/index.html with the rendered markup inside #root (marked data-prerendered) and the page's own title and
// description, never hydrated: the app's scripts are taken out and each island the markup names
// (`data-island="<name>"`) gets its own module script, from the build manifest (dist/.vite/manifest.json), so a page
// loads only the small modules of its interactive pieces. A page whose island leads into the app (the sign-in form,
// registration) also names, in `<meta name="redpen:prefetch">`, the app's files the next page needs, for the island
// to prefetch while the visitor types. Output: dist/pages/<path>.html with .gz/.br twins, and dist/pages/manifest.json
// ({ "/pricing": "pages/pricing.html", … }) that the backend serves them from.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCompressedTwinsOf } from './compress.mjs';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(FRONTEND, 'dist');
const PAGES_DIR = join(DIST, 'pages');
const ROOT_PLACEHOLDER = '<div id="root"></div>';

/** @param {string} text */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The shell's stylesheet links replaced by their (small) contents: first paint then needs nothing but the HTML.
 * @param {string} template
 * @param {(file: string) => string} readAsset
 */
export function inlineStylesheets(template, readAsset) {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, /** @type {string} */ file) => `<style>${readAsset(file).trim()}</style>`);
}

/** @typedef {Record<string, { file: string, imports?: string[], dynamicImports?: string[], css?: string[], isEntry?: boolean }>} ViteManifest */

/** The island names a page's markup asks for, in the order they first appear. @param {string} html */
export function islandsIn(html) {
  return [...new Set([...html.matchAll(/\sdata-island="([a-z0-9-]+)"/g)].map((m) => /** @type {string} */ (m[1])))];
}

/**
 * The files an entry of the build manifest loads: its own, then its static imports (depth first, once each).
 * @param {ViteManifest} manifest
 * @param {string} key
 */
export function entryFiles(manifest, key) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} k */
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk) throw new Error(`the build manifest has no ${k}`);
    if (files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** The manifest key of an island's entry (src/islands/<name>.ts). @param {string} name */
export const islandEntry = (name) => `src/islands/${name}.ts`;

/**
 * The template for a static page: the shell without the application's scripts (its entry and preloads).
 * @param {string} template
 */
export function withoutAppScripts(template) {
  const out = template.replace(/\s*<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (/<script\b/.test(out)) throw new Error('the shell has a script the static pages would keep');
  return out;
}

/**
 * A static page's scripts: one module script per island of the page, with its imports preloaded. A page without
 * islands has nothing to wait for and is marked ready (`<html data-app="ready">`) as it is.
 * @param {string} page the filled static template
 * @param {ViteManifest} manifest
 */
export function addIslandScripts(page, manifest) {
  const names = islandsIn(page);
  if (names.length === 0) return page.replace(/<html\b/, '<html data-app="ready"');
  /** @type {string[]} */
  const entries = [];
  /** @type {string[]} */
  const preloads = [];
  for (const name of names) {
    const [entry, ...imports] = entryFiles(manifest, islandEntry(name));
    entries.push(/** @type {string} */ (entry));
    for (const file of imports) if (!preloads.includes(file)) preloads.push(file);
  }
  const tags = [
    ...preloads.filter((f) => !entries.includes(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...entries.map((f) => `<script type="module" crossorigin src="/${f}"></script>`),
  ];
  return page.replace('</head>', () => `${tags.join('')}</head>`);
}

/**
 * The app's pages an island leads to (by the build manifest's keys of their route code): the sign-in form opens a
 * dashboard (or the tutor's onboarding), the registration the email verification.
 */
export const NEXT_PAGES = {
  'sign-in': /^src\/routes\/(?:_(?:student|tutor|admin)\.tsx|_(student|tutor|admin)\/\1\/dashboard\.tsx|tutor-onboarding\.tsx)\?tsr-split=component/,
  register: /^src\/routes\/(?:_auth\.tsx|_auth\/verify-email\.tsx)\?tsr-split=component/,
};

/**
 * What the app's next page loads that the island can fetch ahead: the app's entry with its stylesheet and what its
 * start-up imports (main.tsx's steps), then the route code `routes` matches, each with its static imports.
 * @param {ViteManifest} manifest
 * @param {RegExp} routes
 */
export function appFilesFor(manifest, routes) {
  const app = manifest['index.html'];
  if (!app) throw new Error('the build manifest has no index.html');
  const keys = ['index.html', ...(app.dynamicImports ?? []), ...Object.keys(manifest).filter((key) => routes.test(key))];
  const files = [...(app.css ?? [])];
  for (const key of keys) for (const file of entryFiles(manifest, key)) if (!files.includes(file)) files.push(file);
  return files;
}

/**
 * The `<meta name="redpen:prefetch">` of a page whose islands lead into the app (NEXT_PAGES); the page as it is
 * otherwise.
 * @param {string} page
 * @param {ViteManifest} manifest
 */
export function addPrefetchHints(page, manifest) {
  /** @type {string[]} */
  const files = [];
  for (const name of islandsIn(page)) {
    const routes = NEXT_PAGES[/** @type {keyof typeof NEXT_PAGES} */ (name)];
    if (routes) for (const file of appFilesFor(manifest, routes)) if (!files.includes(file)) files.push(file);
  }
  if (files.length === 0) return page;
  return page.replace('</head>', () => `<meta name="redpen:prefetch" content="${files.map((f) => `/${f}`).join(' ')}"></head>`);
}

/**
 * The shell with the page's markup, title and description in place.
 * @param {string} template
 * @param {import('./prerender.d.mts').RenderedPage} page
 */
export function fillTemplate(template, { html, styles = '', head }) {
  if (!template.includes(ROOT_PLACEHOLDER)) throw new Error(`dist/index.html has no ${ROOT_PLACEHOLDER} to fill`);
  let page = template.replace(ROOT_PLACEHOLDER, () => `<div id="root" data-prerendered>${html}</div>`);
  page = page.replace('</head>', () => `${styles}</head>`);
  const title = head.title;
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (head.description) {
    page = page.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_m, /** @type {string} */ open, /** @type {string} */ close) => `${open}${escapeHtml(head.description ?? '')}${close}`);
  }
  return page;
}

/** @param {string} path */
const fileFor = (path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

async function main() {
  const started = Date.now();
  const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
  const inlined = inlineStylesheets(shell, (file) => readFileSync(join(DIST, file), 'utf8'));
  const template = withoutAppScripts(inlined);
  /** @type {ViteManifest} */
  const viteManifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
  const { render, prerenderedPaths } = await import(pathToFileURL(join(FRONTEND, 'dist-server', 'entry-server.js')).href);
  rmSync(PAGES_DIR, { recursive: true, force: true });
  /** @type {Record<string, string>} */
  const manifest = {};
  for (const path of prerenderedPaths()) {
    const rendered = await render(path);
    const page = addPrefetchHints(addIslandScripts(fillTemplate(template, rendered), viteManifest), viteManifest);
    const file = join(PAGES_DIR, fileFor(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
    writeCompressedTwinsOf(file);
    manifest[path] = `pages/${fileFor(path)}`;
  }
  writeFileSync(join(PAGES_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`prerendered ${Object.keys(manifest).length} pages into dist/pages in ${Date.now() - started} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(`prerender failed: ${err.stack ?? err}`);
    process.exit(1);
  });
}
