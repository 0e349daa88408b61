// The JavaScript budget of each prerendered page, checked at the end of `npm run build -w frontend`
// (so by `npm test`'s build step): the build fails when a page's JavaScript passes its budget. Sizes, not times.
//
// What counts, per page (dist/pages/*.html), gzip level 9 of each file once:
//   - every script and modulepreload the HTML names, with their static imports (the build manifest's `imports`);
//   - were a page to load the app's entry (none does since the sign-in forms became islands), also what the entry
//     imports dynamically at start-up (boot with React and the router), with their static imports.
// An island may not import anything dynamically: what a static page loads is then exactly what is counted.
// Budgets: js-budgets.json beside package.json, { "<path or *>": KB }.
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
  const budgets = JSON.parse(readFileSync(join(FRONTEND, 'js-budgets.json'), 'utf8')).budgetsKB;
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
