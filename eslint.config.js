// ESLint for the whole repository (flat config), run by `npm test` (step "lint") and `npx eslint .`.
// Besides typescript-eslint's recommended rules it enforces the import boundaries of DESIGN.md §10; what each
// boundary means and why is in docs/architecture.md ("Enforced boundaries"). scripts/lint-boundaries.test.mjs
// proves every boundary rule fires.
import { readdirSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = dirname(fileURLToPath(import.meta.url));
const SOURCE = '{ts,tsx,mts,cts,js,jsx,mjs}';

/**
 * Which paths one boundary forbids: `no-restricted-imports`' patterns (a `regex` and a `message`), read on the
 * import as it means, not as it is spelled: a relative specifier is normalised first (`../.././modules/x` is
 * `../../modules/x`), a root-absolute `/src/…` (Vite resolves it; so might a slip) is rewritten relative to the
 * importing file, and dynamic `import()`, `typeof import()` and re-exports are checked like static imports. A
 * pattern may give `target` instead of `regex`: a regex over the repository path a relative specifier reaches
 * (`frontend/src/lib/session`), for boundaries that name a place rather than a folder depth.
 * @typedef {{ regex?: string, target?: string, message?: string }} BoundaryPattern
 * @type {import('eslint').Rule.RuleModule}
 */
const importBoundary = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries of DESIGN.md §10 (docs/architecture.md, "Enforced boundaries")' },
    schema: [{
      type: 'object',
      properties: {
        patterns: {
          type: 'array',
          items: { type: 'object', properties: { regex: { type: 'string' }, target: { type: 'string' }, message: { type: 'string' } }, additionalProperties: false },
        },
      },
      additionalProperties: false,
    }],
    messages: { restricted: "'{{specifier}}' is restricted here. {{message}}" },
  },
  create(context) {
    const patterns = /** @type {BoundaryPattern[]} */ (context.options[0]?.patterns ?? []).map((p) => ({
      regex: p.regex === undefined ? null : new RegExp(p.regex),
      target: p.target === undefined ? null : new RegExp(p.target),
      message: p.message ?? '',
    }));
    const file = relative(ROOT, context.filename).split(sep).join('/');
    const dir = posix.dirname(file);
    const workspace = file.split('/')[0];
    /** @param {string} raw @returns {{ specifier: string, target: string | null }} */
    const read = (raw) => {
      const local = raw.startsWith('/src/') ? posix.relative(dir, posix.join(workspace, raw)) : raw;
      if (local !== '.' && local !== '..' && !local.startsWith('./') && !local.startsWith('../')) return { specifier: local, target: null };
      const normal = posix.normalize(local);
      return { specifier: normal === '..' || normal.startsWith('../') ? normal : `./${normal}`, target: posix.join(dir, local) };
    };
    /** @param {import('estree').Node} node @param {any} source a string literal or a template without expressions */
    const check = (node, source) => {
      const raw = source?.type === 'Literal' ? source.value : source?.type === 'TemplateLiteral' && source.expressions.length === 0 ? source.quasis[0].value.cooked : null;
      if (typeof raw !== 'string') return;
      const { specifier, target } = read(raw);
      const broken = patterns.find((p) => (p.regex && p.regex.test(specifier)) || (p.target && target !== null && p.target.test(target)));
      if (broken) context.report({ node, messageId: 'restricted', data: { specifier: raw, message: broken.message } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      /** @param {any} node `typeof import('x')` in a type (typescript-eslint's TSImportType) */
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

// Each boundary is that rule registered under its own name, so that the boundaries never overwrite each other's
// options (a file can fall under several) and each can be switched off alone.
const BOUNDARY_RULES = [
  'drizzle-only-in-repositories',
  'infra-common-not-modules',
  'module-public-api',
  'module-owns-its-tables',
  'feature-isolation',
  'shared-not-features',
  'shared-only-shared',
  'shared-by-package-name',
  'public-no-app-code',
  'islands-plain',
];
/** @type {import('eslint').ESLint.Plugin} */
const boundaries = { meta: { name: 'redpen-boundaries' }, rules: Object.fromEntries(BOUNDARY_RULES.map((r) => [r, importBoundary])) };

// ── Known violations, being fixed on other branches ────────────────────────────────────────────────────────
// TEMPORARY: one block per rule. The rule stays on everywhere else; the lead deletes a block once its branch
// has merged (and `npx eslint .` stays clean).
/** @type {Record<string, string[]>} */
const TEMPORARY_IGNORES = {
  // 'module-owns-its-tables': none left (every module reads another's tables through its service or a read model).
};
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
 * @param {{ parent: string, own: string, targets?: string[], tail?: string, message: string, except?: string[], also?: BoundaryPattern[] }} boundary
 * @returns {import('eslint').Linter.Config[]}
 */
function perDepth(rule, { parent, own, targets, tail, message, except = [], also = [] }) {
  return Array.from({ length: depthOf(`${parent}/${own}`) + 4 }, (_, depth) => ({
    files: [`${parent}/${own}/${'*/'.repeat(depth)}*.${SOURCE}`],
    ignores: [...except, ...(TEMPORARY_IGNORES[rule] ?? [])],
    rules: {
      [`boundaries/${rule}`]: ['error', { patterns: [{ regex: entersSibling({ parent, own, depth, targets, tail }), message }, ...also] }],
    },
  }));
}

const backendModules = subfolders('backend/src/modules');
const frontendFeatures = subfolders('frontend/src/features');

// What another module may import from a module: its Nest module, its services, its presenters, its DTOs and the
// read models it publishes on purpose (*.read-model.ts). Everything else (repositories, controllers, processors,
// handlers, rules files) is the module's own. Its tables (*.schema.ts, schema/) are left to `module-owns-its-tables`,
// which says so more precisely.
const MODULE_TABLES = String.raw`(?:[^/]+/)*(?:schema/|[^/]+\.schema(?:\.[cm]?[jt]sx?)?$)`;
const MODULE_PUBLIC = String.raw`(?!(?:[^/]+/)*dto/)(?!(?:[^/]+/)*[^/]+\.(?:module|service|presenter|read-model)(?:\.[cm]?[jt]sx?)?$)(?!${MODULE_TABLES})`;

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
    ignores: [
      'backend/src/**/*.repository.ts',
      'backend/src/**/*.read-model.ts',
      'backend/src/infra/database/**',
      // The tables' declarations: each module's *.schema.ts (or schema/), the outbox's in infra/events.
      'backend/src/modules/**/*.schema.ts',
      'backend/src/modules/*/schema/**',
      'backend/src/infra/events/events.schema.ts',
      ...(TEMPORARY_IGNORES['drizzle-only-in-repositories'] ?? []),
    ],
    rules: {
      'boundaries/drizzle-only-in-repositories': ['error', {
        patterns: [{ regex: '^drizzle-(?:orm|kit)(?:/|$)', message: 'Only *.repository.ts, *.read-model.ts, the tables (*.schema.ts) and infra/database/ import Drizzle: put the query in a repository.' }],
      }],
    },
  },

  // 2. infra/ and common/ are below the modules: they never import one.
  {
    files: [`backend/src/infra/**/*.${SOURCE}`, `backend/src/common/**/*.${SOURCE}`],
    // The one exception: the index that gathers every module's tables for drizzle-kit and the typed client.
    ignores: ['backend/src/infra/database/schema/index.ts', ...(TEMPORARY_IGNORES['infra-common-not-modules'] ?? [])],
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

  // 3b. A module owns its tables: its files import only its own *.schema.ts (or schema/), never another module's nor
  // the index of every table (infra/database/schema). Another module's data comes through that module's service or a
  // read model it publishes (*.read-model.ts, which may join across owners for a hot read, documented there); a row
  // type through the owner's *.service.ts or *.read-model.ts. The tables' declarations may name another module's table
  // for a foreign key. The backend's tests (backend/test) check rows and may import any table.
  ...backendModules.flatMap((own) =>
    perDepth('module-owns-its-tables', {
      parent: 'backend/src/modules',
      own,
      tail: MODULE_TABLES,
      except: ['**/*.schema.ts', '**/schema/**', '**/*.read-model.ts'],
      message: "Another module's tables: reach its data through its *.service.ts or a *.read-model.ts it publishes.",
      also: [{
        regex: String.raw`^(?:\./)?(?:\.\./)+(?:src/)?infra/database/schema(?:/|\.[cm]?[jt]s$|$)`,
        message: "The index of every table is for drizzle-kit and the typed client: import your module's own *.schema.ts.",
      }],
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

  // 6. shared/ is below both sides: it imports only itself, by its package name (no Node, DOM or UI package, no
  // relative path: Node runs these files by stripping types, so `@redpen/shared/x` avoids any .ts/.js question).
  // Its tests may use jest and fast-check. Node's and the DOM's globals are kept out by shared/tsconfig.json.
  {
    files: [`shared/**/*.${SOURCE}`],
    ignores: ['shared/**/*.spec.ts', ...(TEMPORARY_IGNORES['shared-only-shared'] ?? [])],
    rules: {
      'boundaries/shared-only-shared': ['error', { patterns: [{ regex: '^(?!@redpen/shared/)', message: 'shared/ imports only shared/, as @redpen/shared/<file> (DESIGN.md §10).' }] }],
    },
  },
  {
    files: ['shared/**/*.spec.ts'],
    rules: {
      'boundaries/shared-only-shared': ['error', {
        patterns: [{ regex: '^(?!@redpen/shared/|@jest/globals$|fast-check$)', message: "shared/'s tests import shared/ (as @redpen/shared/<file>), @jest/globals and fast-check only." }],
      }],
    },
  },

  // 7. Both sides reach shared/ through its package name, never by a path into it (nor the old `@shared` alias).
  {
    files: [`backend/**/*.${SOURCE}`, `frontend/**/*.${SOURCE}`, `scripts/**/*.${SOURCE}`],
    ignores: TEMPORARY_IGNORES['shared-by-package-name'] ?? [],
    rules: {
      'boundaries/shared-by-package-name': ['error', {
        patterns: [
          { target: '^shared(?:/|$)', message: 'Import the shared rules as @redpen/shared/<file>, not by a path.' },
          { regex: '^@shared/', message: 'The @shared alias is gone: import @redpen/shared/<file>.' },
        ],
      }],
    },
  },

  // 8. The public site (prerendered, the first thing a visitor loads) uses no app code: not the session, the query
  // client, the chat socket, the API client or the app's forms (the contact form is an island that calls fetch). It
  // may use components/ (layout pieces), lib/'s page helpers and the theme. Its tests may render the whole app.
  {
    files: [`frontend/src/features/public/**/*.${SOURCE}`],
    ignores: ['frontend/src/features/public/**/*.test.{ts,tsx}', 'frontend/src/features/public/test/**', ...(TEMPORARY_IGNORES['public-no-app-code'] ?? [])],
    rules: {
      'boundaries/public-no-app-code': ['error', {
        patterns: [
          {
            target: String.raw`^frontend/src/(?:lib/(?:session|useLogout|query-client|chat[^/]*)|api|components/form|router|routes|App|boot|main)(?:\.[jt]sx?)?(?:/|$)`,
            message: 'features/public imports no app code (session, query client, chat socket, API client, app forms, router): keep the public pages light.',
          },
          { regex: String.raw`^(?:socket\.io-client|@tanstack/react-query)(?:/|$)`, message: 'features/public loads neither the chat socket nor TanStack Query.' },
        ],
      }],
    },
  },

  // 9. The islands (the static pages' only JavaScript, issue 28: the public site's pieces, the sign-in forms) are plain
  // TypeScript: no framework, no app code, no React component. They import other islands, the island runtime
  // (lib/islands), and the pure modules named here: the public feature's content and rules, the auth feature's
  // rules and sign-in sequence, the stored session without React (lib/session-store), the error body reader and
  // the API's generated types, @redpen/shared. The JavaScript budget (frontend/js-budgets.json) counts what they bring.
  {
    files: [`frontend/src/features/*/islands/**/*.${SOURCE}`, `frontend/src/lib/islands/**/*.${SOURCE}`, `frontend/src/islands/**/*.${SOURCE}`],
    ignores: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: {
      'boundaries/islands-plain': ['error', {
        patterns: [
          {
            regex: String.raw`^(?:react|react-dom|@chakra-ui|@emotion|@tanstack|socket\.io-client|openapi-fetch|react-hook-form|react-icons|@ark-ui|@zag-js)(?:/|$)`,
            message: 'An island is plain TypeScript: no framework or app library (it is all a static page loads).',
          },
          {
            target: String.raw`^frontend/src/(?!features/[^/]+/islands/|lib/islands/|features/public/(?!(?:components|pages|hooks|test)(?:/|$))|features/auth/(?:schemas|cooldown|login-search|sign-in)(?:\.ts)?$|lib/(?:session-store|page-head)(?:\.ts)?$|api/(?:error-body|schema)(?:\.d)?(?:\.ts)?$)`,
            message: 'An island imports only islands, the island runtime and the pure modules eslint.config.js names (rules, the stored session, the error body): no app code, no React component.',
          },
        ],
      }],
    },
  },

  // Chakra is imported per component (`@chakra-ui/react/<component>`), so each route chunk brings only what it uses.
  {
    files: [`frontend/**/*.${SOURCE}`],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@chakra-ui/react', message: "Import Chakra per component: '@chakra-ui/react/<component>' (e.g. { Box } from '@chakra-ui/react/box')." }],
      }],
    },
  },
);
