// ESLint for the whole repository (flat config), run by `npm test` (step "lint") and `npx eslint .`.
// Besides typescript-eslint's recommended rules it enforces the import boundaries of DESIGN.md §10; what each
// boundary means and why is in docs/architecture.md ("Enforced boundaries"). scripts/lint-boundaries.test.mjs
// proves every boundary rule fires.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = dirname(fileURLToPath(import.meta.url));
const SOURCE = '{ts,tsx,mts,cts,js,jsx,mjs}';

// Each boundary is ESLint's own `no-restricted-imports`, registered under its own name so that the boundaries
// never overwrite each other's options (a file can fall under several) and each can be switched off alone.
const restricted = /** @type {import('eslint').Rule.RuleModule} */ (builtinRules.get('no-restricted-imports'));
const BOUNDARY_RULES = ['drizzle-only-in-repositories', 'infra-common-not-modules', 'module-public-api', 'feature-isolation', 'shared-not-features'];
/** @type {import('eslint').ESLint.Plugin} */
const boundaries = { meta: { name: 'redpen-boundaries' }, rules: Object.fromEntries(BOUNDARY_RULES.map((r) => [r, restricted])) };

// ── Known violations, being fixed on other branches ────────────────────────────────────────────────────────
// TEMPORARY: one block per rule. The rule stays on everywhere else; the lead deletes a block once its branch
// has merged (and `npx eslint .` stays clean).
/** @type {Record<string, string[]>} */
const TEMPORARY_IGNORES = {};
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────

/** @param {string} s */
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** @param {string} dir @returns {string[]} */
const subfolders = (dir) => {
  try {
    return readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
};

/**
 * `no-restricted-imports` sees the import string, not the file it resolves to. For a file `depth` folders
 * below `<parent>/<own>/`, a relative import reaches `<parent>/` after exactly depth + 1 `../` (or after more
 * `../` that walk back down through the parent's own path). This builds the regex that matches an import
 * entering `<parent>/<name>/…` for a name other than `own` (or, given `targets`, one of those names), so the
 * rule can be written per folder depth and stays exact: `../auth/x` is another feature from
 * `features/onboarding/x.ts` but this feature's own folder from `features/auth/components/x.tsx`.
 * @param {{ parent: string, own: string, depth: number, targets?: string[], tail?: string }} where
 */
function entersSibling({ parent, own, depth, targets, tail = '' }) {
  const segments = parent.split('/');
  const reenter = [''];
  for (let k = 1; k <= segments.length; k++) reenter.push(`(?:\\.\\./){${k}}${segments.slice(-k).map(esc).join('/')}/`);
  const name = targets ? `(?:${targets.map(esc).join('|')})` : `(?!${esc(own)}(?:/|$))(?!\\.\\.?(?:/|$))[^/]+`;
  return `^(?:\\./)?(?:\\.\\./){${depth + 1}}(?:${reenter.join('|')})${name}(?:/|$)${tail}`;
}

/** @param {string} dir @returns {number} How many folders deep `dir` goes below itself. */
const depthOf = (dir) => Math.max(0, ...subfolders(dir).map((d) => 1 + depthOf(`${dir}/${d}`)));

/**
 * One config block per folder depth of `<parent>/<own>/` (as deep as the tree goes now, and a few more), for `rule`.
 * @param {string} rule
 * @param {{ parent: string, own: string, targets?: string[], tail?: string, message: string, except?: string[] }} boundary
 * @returns {import('eslint').Linter.Config[]}
 */
function perDepth(rule, { parent, own, targets, tail, message, except = [] }) {
  return Array.from({ length: depthOf(`${parent}/${own}`) + 4 }, (_, depth) => ({
    files: [`${parent}/${own}/${'*/'.repeat(depth)}*.${SOURCE}`],
    ignores: [...except, ...(TEMPORARY_IGNORES[rule] ?? [])],
    rules: {
      [`boundaries/${rule}`]: ['error', { patterns: [{ regex: entersSibling({ parent, own, depth, targets, tail }), message }] }],
    },
  }));
}

const backendModules = subfolders('backend/src/modules');
const frontendFeatures = subfolders('frontend/src/features');

// What another module may import from a module: its Nest module, its services, its presenters and its DTOs.
// Everything else (repositories, controllers, processors, handlers, rules files) is the module's own.
const MODULE_PUBLIC = String.raw`(?!(?:[^/]+/)*dto/)(?!(?:[^/]+/)*[^/]+\.(?:module|service|presenter)(?:\.[cm]?[jt]sx?)?$)`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'frontend/dist-server/**',
      '.data/**',
      'coverage/**',
      'artifacts/**',
      '**/.tanstack/**',
      'frontend/test-results/**',
      'frontend/src/routeTree.gen.ts', // generated by the TanStack Router plugin
      'frontend/src/api/schema.d.ts', // generated from the OpenAPI document
      'backend/drizzle/**',
      'backend/src/modules/auth/common-passwords/common-passwords.ts', // generated word list
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (an ignored argument, a rest sibling that drops a key).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // Node for the scripts and configs, the browser for the web app.
  { files: [`**/*.${SOURCE}`], languageOptions: { globals: { ...globals.node } } },
  { files: [`frontend/src/**/*.${SOURCE}`], languageOptions: { globals: { ...globals.browser } } },
  // Functions the benchmarks hand to page.evaluate() run in the browser.
  { files: ['scripts/bench/scenarios/web*.mjs'], languageOptions: { globals: { ...globals.browser } } },
  { plugins: { boundaries } },

  // 1. Only repositories (and infra/database/) talk to the database through Drizzle.
  {
    files: [`backend/src/**/*.${SOURCE}`],
    ignores: ['backend/src/**/*.repository.ts', 'backend/src/infra/database/**', ...(TEMPORARY_IGNORES['drizzle-only-in-repositories'] ?? [])],
    rules: {
      'boundaries/drizzle-only-in-repositories': ['error', {
        patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', 'drizzle-kit'], message: 'Only *.repository.ts and infra/database/ import Drizzle (DESIGN.md §10): put the query in a repository.' }],
      }],
    },
  },

  // 2. infra/ and common/ are below the modules: they never import one.
  {
    files: [`backend/src/infra/**/*.${SOURCE}`, `backend/src/common/**/*.${SOURCE}`],
    ignores: TEMPORARY_IGNORES['infra-common-not-modules'] ?? [],
    rules: {
      'boundaries/infra-common-not-modules': ['error', {
        patterns: [{ regex: String.raw`^(?:\./)?(?:\.\./)+(?:src/)?modules(?:/|$)`, message: 'infra/ and common/ never import modules/ (DESIGN.md §10): move the piece down, or let the module register itself.' }],
      }],
    },
  },

  // 3. A module reaches another only through its public surface (MODULE_PUBLIC).
  ...backendModules.flatMap((own) =>
    perDepth('module-public-api', {
      parent: 'backend/src/modules',
      own,
      tail: MODULE_PUBLIC,
      // A unit test may build another module's real service over fakes of that service's own collaborators.
      except: ['**/*.spec.ts'],
      message: "Another module's internals: import only its *.module.ts, *.service.ts, *.presenter.ts or dto/ (docs/architecture.md).",
    }),
  ),

  // 4. A frontend feature never imports another feature's files.
  ...frontendFeatures.flatMap((own) =>
    perDepth('feature-isolation', {
      parent: 'frontend/src/features',
      own,
      message: "A feature never imports another feature's files: move the shared piece to components/ or lib/.",
    }),
  ),

  // 5. The shared layers of the web app (api/, components/, lib/) never import features/.
  ...['api', 'components', 'lib'].flatMap((own) =>
    perDepth('shared-not-features', {
      parent: 'frontend/src',
      own,
      targets: ['features'],
      message: 'api/, components/ and lib/ are shared by the features and never import features/.',
    }),
  ),
);
