// The JavaScript budget check (scripts/js-budget.mjs, run at the end of the build): what a page counts, and that a
// page over its budget fails.
import { describe, expect, it } from 'vitest';
import { appPageFiles, checkAppBudgets, checkBudgets, pageFiles, routeChunks, scriptsOf } from '../scripts/js-budget.mjs';

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

  describe('the signed-in entry points', () => {
    const { 'src/routes/_student.tsx': _unsplit, ...SHELL } = MANIFEST;
    const APP_MANIFEST = {
      ...SHELL,
      'src/boot.tsx': { file: 'assets/boot-b.js', imports: ['_react.js'], dynamicImports: ['src/routes/_student.tsx?tsr-split=component---pendingComponent', 'src/features/auth/startup.ts'] },
      'src/routes/_student.tsx?tsr-split=component---pendingComponent': { file: 'assets/student-layout-i.js', src: 'src/routes/_student.tsx?tsr-split=component---pendingComponent', imports: ['src/boot.tsx', '_layout.js'] },
      'src/routes/_student.tsx?tsr-split=errorComponent': { file: 'assets/student-error-j.js', src: 'src/routes/_student.tsx?tsr-split=errorComponent', imports: ['_error.js'] },
      'src/routes/_student/student/dashboard.tsx?tsr-split=component---loader': { file: 'assets/dashboard-k.js', src: 'src/routes/_student/student/dashboard.tsx?tsr-split=component---loader', imports: ['_react.js', '_card.js'] },
      'src/routes/_tutor/tutor/dashboard.tsx?tsr-split=component': { file: 'assets/dashboard-l.js', src: 'src/routes/_tutor/tutor/dashboard.tsx?tsr-split=component' },
      'src/features/auth/startup.ts': { file: 'assets/startup-m.js', src: 'src/features/auth/startup.ts', imports: ['_react.js'] },
      '_layout.js': { file: 'assets/layout-n.js' },
      '_card.js': { file: 'assets/card-o.js' },
      '_error.js': { file: 'assets/error-p.js' },
    };
    const STUDENT = { routes: ['src/routes/_student.tsx', 'src/routes/_student/student/dashboard.tsx'] };

    it("names a route file's chunks by their source, leaving out those that only render an error", () => {
      expect(routeChunks('src/routes/_student.tsx', APP_MANIFEST)).toEqual(['src/routes/_student.tsx?tsr-split=component---pendingComponent']);
      expect(routeChunks('src/routes/_student/student/dashboard.tsx', APP_MANIFEST)).toEqual(['src/routes/_student/student/dashboard.tsx?tsr-split=component---loader']);
    });

    it("counts the app shell, the session's start-up and the role's layout and dashboard with their static imports, each file once, and nothing of another role", () => {
      const files = appPageFiles(APP_PAGE, APP_MANIFEST, { ...STUDENT, startup: ['src/features/auth/startup.ts'] }).sort();
      expect(files).toEqual(['assets/boot-b.js', 'assets/card-o.js', 'assets/dashboard-k.js', 'assets/index-a.js', 'assets/layout-n.js', 'assets/react-d.js', 'assets/runtime-e.js', 'assets/startup-m.js', 'assets/student-layout-i.js']);
    });

    it('fails a route or start-up source the build does not know, so a rename cannot pass unmeasured', () => {
      expect(() => appPageFiles(APP_PAGE, APP_MANIFEST, { routes: ['src/routes/_student/student/home.tsx'] })).toThrow(/no chunk of src\/routes\/_student\/student\/home.tsx/);
      expect(() => appPageFiles(APP_PAGE, APP_MANIFEST, { ...STUDENT, startup: ['src/features/auth/gone.ts'] })).toThrow(/no src\/features\/auth\/gone.ts/);
    });

    it('fails an entry point over its budget and passes one within', () => {
      const sizeOf = () => 10 * 1024;
      const signedIn = { startup: ['src/features/auth/startup.ts'], pages: { '/student/dashboard': { ...STUDENT, budgetKB: 89 } } };
      expect(checkAppBudgets({ indexHtml: APP_PAGE, manifest: APP_MANIFEST, signedIn, sizeOf })).toEqual([{ path: '/student/dashboard', kb: 90, budget: 89, files: 9, ok: false }]);
      signedIn.pages['/student/dashboard'].budgetKB = 90;
      expect(checkAppBudgets({ indexHtml: APP_PAGE, manifest: APP_MANIFEST, signedIn, sizeOf })[0]?.ok).toBe(true);
    });
  });
});
