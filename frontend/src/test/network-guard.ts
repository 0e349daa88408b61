/**
 * Component tests never reach a server: `npm test` must pass while `npm start` serves :3000 on the same machine.
 * The setup file (setup.ts) installs this guard before every test file: fetch, XMLHttpRequest,
 * WebSocket, EventSource, sendBeacon and socket.io-client refuse at once with NETWORK_BLOCKED, so nothing waits
 * on a connection, and the shared after-each fails the test that tried (the app may have swallowed the error
 * into an error state, so the refusal alone would not always fail it).
 */
export const NETWORK_BLOCKED =
  'component tests may not reach the network: stub the API with stubApi or use the chat socket test double';

const attempts: string[] = [];

/** The error a blocked call throws or rejects with; the attempt is remembered for the after-each. */
export function refuseNetwork(what: string): Error {
  const error = new Error(`${NETWORK_BLOCKED} (${what})`);
  error.name = 'NetworkBlockedError';
  attempts.push(error.message);
  return error;
}

/** The attempts since the last call, forgotten: a test that expects a refusal takes it so its after-each passes. */
export function takeNetworkAttempts(): string[] {
  return attempts.splice(0);
}

/** Throws (failing the current test) when code tried to reach the network since the last check. */
export function failOnNetworkAttempts(): void {
  const seen = takeNetworkAttempts();
  if (seen.length > 0) throw new Error(seen.join('\n'));
}

const describeUrl = (input: unknown): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input instanceof Request ? input.url : String(input);

function define(target: object, key: string, value: unknown): void {
  // Writable and configurable, so `vi.stubGlobal` can still put a stub over it and `unstubAllGlobals` restores this.
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
}

/** Replaces every way out of the test process that browser code has. */
export function blockNetwork(): void {
  define(globalThis, 'fetch', (input: unknown) => Promise.reject(refuseNetwork(`fetch ${describeUrl(input)}`)));

  if (typeof globalThis.WebSocket === 'function') {
    define(
      globalThis,
      'WebSocket',
      class BlockedWebSocket {
        constructor(url: string | URL) {
          throw refuseNetwork(`WebSocket ${describeUrl(url)}`);
        }
      },
    );
  }

  if (typeof (globalThis as { EventSource?: unknown }).EventSource === 'function') {
    define(
      globalThis,
      'EventSource',
      class BlockedEventSource {
        constructor(url: string | URL) {
          throw refuseNetwork(`EventSource ${describeUrl(url)}`);
        }
      },
    );
  }

  if (typeof globalThis.XMLHttpRequest === 'function') {
    // The prototype, not the class: upload tests spy on `XMLHttpRequest.prototype.send` to capture a request.
    const urls = new WeakMap<XMLHttpRequest, string>();
    const proto = globalThis.XMLHttpRequest.prototype;
    const open = proto.open as (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) => void;
    define(proto, 'open', function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      urls.set(this, `${method} ${describeUrl(url)}`);
      open.call(this, method, url, ...rest);
    });
    define(proto, 'send', function (this: XMLHttpRequest) {
      throw refuseNetwork(`XMLHttpRequest ${urls.get(this) ?? ''}`.trim());
    });
  }

  if (typeof navigator !== 'undefined' && 'sendBeacon' in navigator) {
    define(navigator, 'sendBeacon', (url: string | URL) => {
      throw refuseNetwork(`sendBeacon ${describeUrl(url)}`);
    });
  }
}

/** Stands in for the socket.io-client module (mocked in setup.ts): any way of opening a socket is refused. */
export function blockedSocketIoClient() {
  const refuse = (...args: unknown[]): never => {
    throw refuseNetwork(`socket.io-client ${typeof args[0] === 'string' ? args[0] : '(page origin)'}`);
  };
  class Manager {
    constructor(...args: unknown[]) {
      refuse(...args);
    }
  }
  class Socket {
    constructor(...args: unknown[]) {
      refuse(...args);
    }
  }
  return { io: refuse, connect: refuse, default: refuse, Manager, Socket, protocol: 5 };
}
