// Route-level splitting of the signed-in app, as the browser sees it: a signed-in student's dashboard, opened on
// a cold start (a fresh browser context: no cache, no service worker), loads no chunk of the tutor's or the admin's
// routes, and likewise for the tutor and the admin. Chunks are named by the build manifest
// (frontend/dist/.vite/manifest.json, the build the platform serves): a chunk whose source is a route file under
// src/routes/_student, _tutor or _admin (or that group's layout, src/routes/_<role>.tsx) belongs to that role. Shared
// chunks (components, queries, vendors) have no route source and are not counted. Each page must also load chunks
// of its own role's routes, so the check cannot pass by naming nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { gotoApp, launchBrowser, pathOf } from './support/index.ts';
import { signInDemo, signedInPage, type DemoRole } from './support/demo.ts';

const ROLES = ['student', 'tutor', 'admin'] as const satisfies readonly DemoRole[];
const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

type Manifest = Record<string, { file: string; src?: string }>;

/** Built file → the role whose routes it holds (by the manifest's route source), for route chunks only. */
function roleChunks(manifest: Manifest): Map<string, DemoRole> {
  const out = new Map<string, DemoRole>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = (chunk.src ?? key).split('?')[0] ?? '';
    const role = /^src\/routes\/_(student|tutor|admin)(?:\.tsx$|\/)/.exec(source)?.[1] as DemoRole | undefined;
    if (role) out.set(chunk.file, role);
  }
  return out;
}

let browser: Browser;
let manifest: Manifest;
let byFile: Map<string, DemoRole>;

before(async () => {
  manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  byFile = roleChunks(manifest);
  for (const role of ROLES) assert.ok([...byFile.values()].includes(role), `the build manifest names route chunks of the ${role}'s routes`);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('each role loads only its own route chunks', () => {
  for (const role of ROLES) {
    test(`the ${role}'s dashboard, cold, loads no chunk of another role's routes`, async () => {
      const page = await signedInPage(browser, role, await signInDemo(role));
      try {
        const scripts: string[] = [];
        page.on('request', (req) => {
          if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname.replace(/^\//, ''));
        });
        const path = `/${role}/dashboard`;
        await gotoApp(page, path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
        await page.waitForLoadState('networkidle');
        assert.equal(pathOf(page), path, `the demo ${role} stays on ${path}`);

        const entry = manifest['index.html']?.file;
        assert.ok(entry && scripts.includes(entry), `the page ran the entry of the build this journey reads (${entry}): was dist rebuilt while the platform ran?`);
        const own = scripts.filter((file) => byFile.get(file) === role);
        const foreign = scripts.filter((file) => byFile.has(file) && byFile.get(file) !== role).map((file) => `${file} (${byFile.get(file)})`);
        assert.ok(own.length >= 2, `${path} loads its layout's and its page's chunks (loaded: ${own.join(', ') || 'none'})`);
        assert.deepEqual(foreign, [], `${path} loads route chunks of other roles`);
      } finally {
        await page.context().close();
      }
    });
  }
});
