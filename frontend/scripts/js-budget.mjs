// The JavaScript budget of each prerendered page, checked at the end of `npm run build -w frontend`
// (so by `npm test`'s build step): the build fails when a page's JavaScript passes its budget. Sizes, not times.
//
// What counts, per page (dist/pages/*.html), gzip level 9 of each file once:
//   - every script and modulepreload the HTML names, with their static imports (the build manifest's `imports`);
//   - were a page to load the app's entry (none does since the sign-in forms became islands), also what the entry
//     imports dynamically at start-up (boot with React and the router), with their static imports.
// An island may not import anything dynamically: what a static page loads is then exactly what is counted.
// Budgets: js-budgets.json beside package.json, `budgetsKB`: { "<path or *>": KB }.
//
// The signed-in app's entry points (js-budgets.json `signedIn`): what the browser loads for a cold
// /student/dashboard, /tutor/dashboard, /admin/dashboard, all from the build manifest:
//   - the app shell, as for an app page above: dist/index.html's scripts with their static imports, and what the
//     entry imports dynamically at start-up (boot) with its static imports;
//   - what start-up loads for a stored session (`startup`: manifest sources, e.g. the profile check; a page's own
//     `startup` adds what its layout loads at once, e.g. the chat socket for students and tutors);
//   - each route file of the page (`routes`: the role's layout and its dashboard route): every chunk the
//     router's code splitting made of it (its `src` before `?tsr-split=…`) except those holding only the error or
//     not-found component (loaded only on an error), with their static imports.
// Each file counts once. A named route or start-up source the manifest lacks fails the check (rename it here).
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {Record<string, { file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean, src?: string }>} ViteManifest */

/** The files the page's HTML names: module scripts and preloads. @param {string} html */
export function scriptsOf(html) {
  const files = [];
  for (const m of html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)) files.push(/** @type {string} */ (m[1]));
  return [...new Set(files)];
}

/**
 * The JavaScript files a page loads before any interaction, by the rules above.
 * @param {string} html
 * @param {ViteManifest} manifest
 */
export function pageFiles(html, manifest) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const file of scriptsOf(html)) {
    const key = byFile.get(file);
    if (!key) throw new Error(`${file} is not in the build manifest`);
    const chunk = /** @type {ViteManifest[string]} */ (manifest[key]);
    if (key.startsWith('src/islands/') && chunk.dynamicImports?.length) throw new Error(`the island ${key} imports code dynamically, which this budget would not see`);
    visit(key);
    if (chunk.isEntry && !key.startsWith('src/islands/')) for (const dynamic of chunk.dynamicImports ?? []) visit(dynamic);
  }
  return [...files];
}

/** Code-split parts of a route loaded only when it fails or finds nothing. */
const ERROR_ONLY_SPLITS = new Set(['errorComponent', 'notFoundComponent']);

/**
 * The manifest keys of the chunks the router loads for route file `source` (e.g. `src/routes/_student.tsx`).
 * @param {string} source @param {ViteManifest} manifest
 */
export function routeChunks(source, manifest) {
  const keys = Object.entries(manifest)
    .filter(([key, chunk]) => (chunk.src ?? key).split('?')[0] === source)
    .filter(([key, chunk]) => {
      const split = /[?&]tsr-split=([^&]+)/.exec(chunk.src ?? key)?.[1];
      return !split || split.split('---').some((part) => !ERROR_ONLY_SPLITS.has(part));
    })
    .map(([key]) => key);
  if (!keys.length) throw new Error(`the build manifest has no chunk of ${source}: was the route renamed? (frontend/js-budgets.json names it)`);
  return keys;
}

/**
 * The JavaScript files a cold signed-in page loads, by the rules above.
 * @param {string} indexHtml dist/index.html
 * @param {ViteManifest} manifest
 * @param {{ routes: string[], startup?: string[] }} entry
 */
export function appPageFiles(indexHtml, manifest, { routes, startup = [] }) {
  const files = new Set(pageFiles(indexHtml, manifest));
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key} (frontend/js-budgets.json names it)`);
    if (files.has(chunk.file)) return; // the shell's files came with their static imports already
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startup) visit(key);
  for (const source of routes) for (const key of routeChunks(source, manifest)) visit(key);
  return [...files];
}

/**
 * Each signed-in entry point's JavaScript against its budget.
 * @param {{ indexHtml: string, manifest: ViteManifest, signedIn: SignedInBudgets, sizeOf: (file: string) => number }} input
 */
export function checkAppBudgets({ indexHtml, manifest, signedIn, sizeOf }) {
  return Object.entries(signedIn.pages).map(([path, { routes, startup = [], budgetKB }]) => {
    const files = appPageFiles(indexHtml, manifest, { routes, startup: [...(signedIn.startup ?? []), ...startup] });
    const kb = files.reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
    return { path, kb: Number(kb.toFixed(1)), budget: budgetKB, files: files.length, ok: kb <= budgetKB };
  });
}

/** @typedef {{ startup?: string[], pages: Record<string, { routes: string[], startup?: string[], budgetKB: number }> }} SignedInBudgets */

/** @param {string} path @param {Record<string, number>} budgets */
export const budgetFor = (path, budgets) => budgets[path] ?? budgets['*'];

/**
 * Each page's JavaScript against its budget.
 * @param {{ pages: Record<string, string>, manifest: ViteManifest, budgets: Record<string, number>, sizeOf: (file: string) => number }} input
 *   pages: URL path → HTML; sizeOf: gzip bytes of a built file
 */
export function checkBudgets({ pages, manifest, budgets, sizeOf }) {
  return Object.entries(pages).map(([path, html]) => {
    const files = pageFiles(html, manifest);
    const kb = files.reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
    const budget = budgetFor(path, budgets);
    if (budget === undefined) throw new Error(`js-budgets.json has no budget for ${path} (nor "*")`);
    return { path, kb: Number(kb.toFixed(1)), budget, files: files.length, ok: kb <= budget };
  });
}

function main() {
  const dist = join(FRONTEND, 'dist');
  /** @type {ViteManifest} */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  /** @type {Record<string, string>} */
  const pageFilesByPath = JSON.parse(readFileSync(join(dist, 'pages', 'manifest.json'), 'utf8'));
  const pages = Object.fromEntries(Object.entries(pageFilesByPath).map(([path, file]) => [path, readFileSync(join(dist, file), 'utf8')]));
  const config = JSON.parse(readFileSync(join(FRONTEND, 'js-budgets.json'), 'utf8'));
  const budgets = config.budgetsKB;
  /** @type {Map<string, number>} */
  const sizes = new Map();
  const sizeOf = (/** @type {string} */ file) => {
    if (!sizes.has(file)) {
      if (!statSync(join(dist, file), { throwIfNoEntry: false })) throw new Error(`dist/${file} is missing`);
      sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    }
    return /** @type {number} */ (sizes.get(file));
  };
  const results = checkBudgets({ pages, manifest, budgets, sizeOf });
  if (config.signedIn) results.push(...checkAppBudgets({ indexHtml: readFileSync(join(dist, 'index.html'), 'utf8'), manifest, signedIn: config.signedIn, sizeOf }));
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'OVER'} ${r.path.padEnd(22)} ${String(r.kb).padStart(6)} KB gzip in ${r.files} files (budget ${r.budget} KB)`);
  const over = results.filter((r) => !r.ok);
  if (over.length) {
    console.error(`JavaScript budget exceeded by ${over.map((r) => `${r.path} (${r.kb} KB > ${r.budget} KB)`).join(', ')}: see frontend/js-budgets.json`);
    process.exit(1);
  }
  console.log(`JavaScript budgets: ${results.length} pages within budget (${relative(FRONTEND, join(FRONTEND, 'js-budgets.json'))})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (err) {
    console.error(`js-budget failed: ${/** @type {Error} */ (err).stack ?? err}`);
    process.exit(1);
  }
}
