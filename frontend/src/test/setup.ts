import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { settleRouters } from './routers';

const noop = () => {};

// No component test opens a real socket: the chat socket is a silent fake that never connects (ChatPage's tests pass
// fakes of their own; a test that needs socket events mocks `connectChatSocket` itself).
vi.mock('../lib/chat-socket', async (importOriginal) => {
  const original = await importOriginal<typeof import('../lib/chat-socket')>();
  const silentSocket = () => {
    const socket = { on: () => socket, off: () => socket, emit: () => socket, connect: () => socket, disconnect: () => socket, connected: false, timeout: () => socket, io: { on: noop, off: noop } };
    return socket;
  };
  return { ...original, connectChatSocket: vi.fn(() => silentSocket()) };
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
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}
