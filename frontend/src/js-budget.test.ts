// The JavaScript budget check (scripts/js-budget.mjs, run at the end of the build): what a page counts, and that a
// page over its budget fails.
import { describe, expect, it } from 'vitest';
import { checkBudgets, pageFiles, scriptsOf } from '../scripts/js-budget.mjs';

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_runtime.js'], dynamicImports: ['src/boot.tsx'] },
  'src/boot.tsx': { file: 'assets/boot-b.js', imports: ['_react.js'], dynamicImports: ['src/routes/_student.tsx'] },
  'src/routes/_student.tsx': { file: 'assets/student-c.js' },
  '_react.js': { file: 'assets/react-d.js' },
  '_runtime.js': { file: 'assets/runtime-e.js' },
  'src/islands/menu.ts': { file: 'assets/island-menu-f.js', isEntry: true, imports: ['_runtime.js', '_menu.js'] },
  '_menu.js': { file: 'assets/menu-g.js' },
  'src/islands/lazy.ts': { file: 'assets/island-lazy-h.js', isEntry: true, dynamicImports: ['_react.js'] },
};
const STATIC_PAGE = '<head><link rel="modulepreload" crossorigin href="/assets/runtime-e.js"><script type="module" crossorigin src="/assets/island-menu-f.js"></script></head>';
const APP_PAGE = '<head><script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script></head>';

describe('js-budget', () => {
  it("counts a static page's island scripts with their imports, each once", () => {
    expect(scriptsOf(STATIC_PAGE)).toEqual(['assets/runtime-e.js', 'assets/island-menu-f.js']);
    expect(pageFiles(STATIC_PAGE, MANIFEST).sort()).toEqual(['assets/island-menu-f.js', 'assets/menu-g.js', 'assets/runtime-e.js']);
  });

  it("counts an app page's entry with what its start-up imports dynamically, not the routes behind those", () => {
    expect(pageFiles(APP_PAGE, MANIFEST).sort()).toEqual(['assets/boot-b.js', 'assets/index-a.js', 'assets/react-d.js', 'assets/runtime-e.js']);
  });

  it('refuses an island that imports code dynamically, and a script the build does not know', () => {
    expect(() => pageFiles('<script type="module" src="/assets/island-lazy-h.js"></script>', MANIFEST)).toThrow(/imports code dynamically/);
    expect(() => pageFiles('<script type="module" src="/assets/nope.js"></script>', MANIFEST)).toThrow(/not in the build manifest/);
  });

  it('fails a page over its budget (its own, else "*") and passes one within', () => {
    const sizeOf = () => 10 * 1024;
    const results = checkBudgets({ pages: { '/': STATIC_PAGE, '/login': APP_PAGE }, manifest: MANIFEST, budgets: { '*': 25, '/login': 35 }, sizeOf });
    expect(results).toEqual([
      { path: '/', kb: 30, budget: 25, files: 3, ok: false },
      { path: '/login', kb: 40, budget: 35, files: 4, ok: false },
    ]);
    expect(checkBudgets({ pages: { '/': STATIC_PAGE }, manifest: MANIFEST, budgets: { '*': 30 }, sizeOf })[0]?.ok).toBe(true);
    expect(() => checkBudgets({ pages: { '/x': STATIC_PAGE }, manifest: MANIFEST, budgets: {}, sizeOf })).toThrow(/no budget for \/x/);
  });
});
