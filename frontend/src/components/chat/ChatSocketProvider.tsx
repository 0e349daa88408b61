import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { authApi } from '../../api/auth';
import type { ChatSocket, SocketListener } from '../../lib/chat-socket';
import { useSession } from '../../lib/session';
import type { ChatClientEvents, ChatServerEvents } from './chat-events';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

interface ChatSocketContextValue {
  socket: ChatSocket | null;
  status: ConnectionStatus;
  /** The server's reason when it refused the handshake (expired session, ban). */
  refusal: string | null;
  reconnect: () => void;
  /** A consumer needs the socket: the first call opens it. */
  want: () => void;
  reconnectListeners: Set<() => void>;
}

const ChatSocketContext = createContext<ChatSocketContextValue | null>(null);

/** socket.io-client loads with the socket, in a chunk of its own, after the page's own code (the public pages never load it). */
const openSocket = async (token: string): Promise<ChatSocket> => (await import('../../lib/chat-socket')).connectChatSocket(token);

/**
 * Runs `run` once the page is usable: after the window's load event, at the browser's next idle moment (at most 2 s
 * later), so the socket library, its handshake and its polling requests never compete with the page's own code,
 * data and first paint. Returns a cancel function.
 */
function whenPageUsable(run: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(run, 0);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    const onLoad = () => idle();
    window.addEventListener('load', onLoad, { once: true });
    cancel = () => window.removeEventListener('load', onLoad);
  }
  return () => cancel();
}

/**
 * The one chat socket of the signed-in session (mounted once, by the dashboard layout; the header's notification bell
 * subscribes on every page of a student or tutor, so it is open whenever the app is: presence). It opens when a page first
 * asks for it (`useChatSocket`, `useChatSocketEvent`) once the page is usable (`whenPageUsable`), then stays open while the session lasts, so moving between
 * the chats and a word-count discussion keeps the same connection. socket.io retries 5 times, 1 s
 * apart; after that the status stays `offline` and `reconnect` starts over. A new token (another sign-in)
 * closes it and opens a new one when asked.
 */
export function ChatSocketProvider({ enabled = true, children }: { enabled?: boolean; children: ReactNode }) {
  const { session } = useSession();
  const token = enabled ? session?.token : undefined;
  const [wanted, setWanted] = useState(false);
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [refusal, setRefusal] = useState<string | null>(null);
  const reconnectListeners = useRef(new Set<() => void>()).current;

  useEffect(() => {
    if (!token || !wanted) return;
    let closed = false;
    let opened: ChatSocket | null = null;
    let connectedBefore = false;
    const onConnect = () => {
      setStatus('connected');
      setRefusal(null);
      // Events sent while the socket was down are lost: whoever shows live data reloads it.
      if (connectedBefore) for (const listener of [...reconnectListeners]) listener();
      connectedBefore = true;
    };
    const onDisconnect = (reason?: unknown) => {
      setStatus('reconnecting');
      // The server closed the socket itself (socket.io will not retry): a revoked session (logout elsewhere, sign out
      // everywhere, password reset, ban). Ask the API: a 401 clears the session here too (api/client), which closes
      // this socket for good; a session that still stands connects again.
      if (reason === 'io server disconnect') {
        authApi.me().then(
          () => {
            if (!closed) opened?.connect();
          },
          () => undefined,
        );
      }
    };
    const onConnectError = (error: Error) => {
      setRefusal(error.message);
      setStatus((current) => (current === 'connected' ? 'reconnecting' : current));
    };
    const onGaveUp = () => setStatus('offline');

    const stopWaiting = whenPageUsable(() => void openSocket(token).then((created) => {
      if (closed) {
        created.disconnect();
        return;
      }
      opened = created;
      connectedBefore = created.connected;
      created.on('connect', onConnect);
      created.on('disconnect', onDisconnect);
      created.on('connect_error', onConnectError);
      created.io.on('reconnect_failed', onGaveUp);
      setStatus(created.connected ? 'connected' : 'connecting');
      setSocket(created);
    }));
    return () => {
      closed = true;
      stopWaiting();
      if (opened) {
        opened.off('connect', onConnect);
        opened.off('disconnect', onDisconnect);
        opened.off('connect_error', onConnectError);
        opened.io.off('reconnect_failed', onGaveUp);
        opened.disconnect();
      }
      setSocket(null);
      setStatus('connecting');
      setRefusal(null);
    };
  }, [token, wanted, reconnectListeners]);

  const reconnect = useCallback(() => {
    setStatus('connecting');
    socket?.connect();
  }, [socket]);
  const want = useCallback(() => setWanted(true), []);

  const value = useMemo(
    () => ({ socket, status, refusal, reconnect, want, reconnectListeners }),
    [socket, status, refusal, reconnect, want, reconnectListeners],
  );
  return <ChatSocketContext.Provider value={value}>{children}</ChatSocketContext.Provider>;
}

function useChatSocketContext(): ChatSocketContextValue {
  const context = useContext(ChatSocketContext);
  if (!context) throw new Error('chat hooks must be used inside <ChatSocketProvider> (the dashboard layout mounts it)');
  useEffect(context.want, [context.want]);
  return context;
}

/** No answer from the server in this time and a sent message counts as failed. */
export const CHAT_ACK_TIMEOUT_MS = 20_000;

export interface ChatSocketHandle {
  status: ConnectionStatus;
  connected: boolean;
  refusal: string | null;
  /** Starts over after socket.io gave up (the Reconnect button). */
  reconnect: () => void;
  /** Fire and forget; dropped while there is no socket yet. */
  send: <E extends keyof ChatClientEvents>(event: E, payload: ChatClientEvents[E]['payload']) => void;
  /** Sends and resolves with the server's acknowledgement; rejects when none comes within `timeoutMs`. */
  request: <E extends keyof ChatClientEvents>(event: E, payload: ChatClientEvents[E]['payload'], timeoutMs?: number) => Promise<ChatClientEvents[E]['ack']>;
}

/** The session's chat socket: its state and how to send. Using it opens the socket if it is not open yet. */
export function useChatSocket(): ChatSocketHandle {
  const { socket, status, refusal, reconnect } = useChatSocketContext();
  return useMemo<ChatSocketHandle>(
    () => ({
      status,
      connected: status === 'connected',
      refusal,
      reconnect,
      send: (event, payload) => void socket?.emit(event, payload),
      request: (event, payload, timeoutMs = CHAT_ACK_TIMEOUT_MS) =>
        new Promise((resolve, reject) => {
          if (!socket) return reject(new Error('not connected'));
          socket.timeout(timeoutMs).emit(event, payload, (error, answer) => (error ? reject(error) : resolve(answer as never)));
        }),
    }),
    [socket, status, refusal, reconnect],
  );
}

/**
 * Runs `handler` for each `event` the server sends while the calling component is mounted. The handler may
 * change on every render (the latest one runs); subscribing opens the socket if it is not open yet.
 */
export function useChatSocketEvent<E extends keyof ChatServerEvents>(event: E, handler: (payload: ChatServerEvents[E]) => void): void {
  const { socket } = useChatSocketContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener: SocketListener = (payload: ChatServerEvents[E]) => latest.current(payload);
    socket.on(event, listener);
    return () => void socket.off(event, listener);
  }, [socket, event]);
}

/** Runs `handler` when the socket connects again after a drop: whatever was sent meanwhile was missed. */
export function useChatReconnected(handler: () => void): void {
  const { reconnectListeners } = useChatSocketContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    reconnectListeners.add(listener);
    return () => void reconnectListeners.delete(listener);
  }, [reconnectListeners]);
}
