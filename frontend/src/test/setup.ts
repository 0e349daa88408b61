import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetChatSockets } from './chat-socket-double';
import { blockNetwork, failOnNetworkAttempts } from './network-guard';
import { settleRouters } from './routers';
import { toaster } from '../components/ui/toaster';

const noop = () => {};

// No component test reaches the network (network-guard.ts): socket.io-client itself refuses to open anything, and
// the app's chat socket is the test double (chat-socket-double.ts), one per provider, which a test takes with
// `await chatSocket()` to play the server.
vi.mock('socket.io-client', async () => (await import('./network-guard')).blockedSocketIoClient());
vi.mock('../lib/chat-socket', async (importOriginal) => {
  const original = await importOriginal<typeof import('../lib/chat-socket')>();
  const { createChatSocketDouble } = await import('./chat-socket-double');
  return { ...original, connectChatSocket: vi.fn((token: string) => createChatSocketDouble(token)) };
});
blockNetwork();

// Every file, either environment: a test that tried to reach the network fails, even if the app swallowed the
// refusal into an error state. Registered first, so it runs after the routers settled (after-each hooks run last first).
afterEach(() => {
  forgetChatSockets();
  failOnNetworkAttempts();
});

// Lazy route chunks load on first render; under a full parallel run that can exceed the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Files may opt into `// @vitest-environment node`; everything below is for jsdom.
if (typeof window !== 'undefined') {
  // jsdom has no layout engine or media queries: Chakra and Ark query these on mount.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: noop,
        removeListener: noop,
        addEventListener: noop,
        removeEventListener: noop,
        dispatchEvent: () => false,
      }),
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }

  if (!('IntersectionObserver' in window)) {
    class IntersectionObserverStub {
      readonly root = null;
      readonly rootMargin = '0px';
      readonly thresholds: number[] = [];
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    Object.defineProperty(globalThis, 'IntersectionObserver', {
      writable: true,
      configurable: true,
      value: IntersectionObserverStub,
    });
  }

  // Vitest loads the hoisted jsdom 24 (root node_modules), whose CSS parser rejects Chakra's `@layer`
  // blocks and reports each one as a jsdomError. Styles do not matter here: drop just that message.
  type Listener = (error: Error) => void;
  const virtualConsole = (globalThis as { jsdom?: { virtualConsole?: NodeJS.EventEmitter } }).jsdom?.virtualConsole;
  if (virtualConsole) {
    const forward = virtualConsole.listeners('jsdomError') as Listener[];
    virtualConsole.removeAllListeners('jsdomError');
    virtualConsole.on('jsdomError', (error: Error) => {
      if (error.message.includes('Could not parse CSS stylesheet')) return;
      for (const listener of forward) listener(error);
    });
  }

  window.scrollTo = noop as typeof window.scrollTo;

  // One after-each for every file, in this order: routers settle and unmount while the test's stubs (fetch…)
  // are still in place, and only then are the stubs removed (files add no after-each of their own for that).
  afterEach(async () => {
    await settleRouters();
    // The toaster's store is module state shared by the files of a worker (isolate: false) and shows at most 4
    // toasts: left alone, the toasts of earlier tests (still within their lifetime) queue a later test's out of sight.
    toaster.remove();
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}
