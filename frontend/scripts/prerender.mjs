// Renders the pages a signed-out visitor reaches first (every public page, the sign-in forms) into static HTML,
// after `vite build` (the client) and `vite build --ssr src/entry-server.tsx` (the renderer). Each page is
// dist/index.html with the rendered markup inside #root (marked data-prerendered, which main.tsx hydrates)
// and the page's own title and description. Output: dist/pages/<path>.html with .gz/.br twins, and
// dist/pages/manifest.json ({ "/pricing": "pages/pricing.html", … }) that the backend serves them from.
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

/**
 * The page's scripts fetched at low priority: the HTML already shows the page, so its JavaScript (which only
 * makes it interactive) should not compete with the images and the first paint.
 * @param {string} template
 */
export function deprioritiseScripts(template) {
  return template.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
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
  const template = deprioritiseScripts(inlineStylesheets(shell, (file) => readFileSync(join(DIST, file), 'utf8')));
  const { render, prerenderedPaths } = await import(pathToFileURL(join(FRONTEND, 'dist-server', 'entry-server.js')).href);
  rmSync(PAGES_DIR, { recursive: true, force: true });
  /** @type {Record<string, string>} */
  const manifest = {};
  for (const path of prerenderedPaths()) {
    const page = fillTemplate(template, await render(path));
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
