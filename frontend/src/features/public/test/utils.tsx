import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppThemeProvider } from '../../../theme/AppThemeProvider';

export function renderWithTheme(ui: ReactElement) {
  return render(<AppThemeProvider>{ui}</AppThemeProvider>);
}

/** Renders `ui` as the only route of a memory router, for components that contain router links. */
export async function renderWithRouter(ui: ReactElement) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(
    <AppThemeProvider>
      <RouterProvider router={router as never} />
    </AppThemeProvider>,
  );
  await act(() => router.load());
  return result;
}

/** Makes `(prefers-reduced-motion: reduce)` match (or not) for the rest of the test. */
export function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
}

/** A controllable IntersectionObserver: call `intersectAll()` to report every observed element as visible. */
export function mockIntersectionObserver() {
  const instances: { callback: IntersectionObserverCallback; elements: Element[]; options?: IntersectionObserverInit }[] = [];
  class FakeIntersectionObserver {
    private readonly record: (typeof instances)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, elements: [], options };
      instances.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.elements = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    instances,
    intersectAll() {
      for (const instance of instances) {
        if (instance.elements.length === 0) continue;
        const entries = instance.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        act(() => instance.callback(entries, {} as IntersectionObserver));
      }
    },
  };
}
