import { useCallback, useEffect, useState } from 'react';
import type { ChatSocket } from '../../../lib/chat-socket';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/**
 * One socket for the chat screen. socket.io retries 5 times, 1 s apart (spec part 2 §9); after that the
 * status stays offline and `reconnect` starts over (the screen's Reconnect button).
 */
export function useChatConnection(token: string | undefined, createSocket: (token: string) => ChatSocket) {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    const created = createSocket(token);
    const onConnect = () => {
      setStatus('connected');
      setRefusal(null);
    };
    const onDisconnect = () => setStatus('reconnecting');
    const onConnectError = (error: Error) => {
      setRefusal(error.message);
      setStatus((current) => (current === 'connected' ? 'reconnecting' : current));
    };
    const onGaveUp = () => setStatus('offline');
    created.on('connect', onConnect);
    created.on('disconnect', onDisconnect);
    created.on('connect_error', onConnectError);
    created.io.on('reconnect_failed', onGaveUp);
    setSocket(created);
    return () => {
      created.off('connect', onConnect);
      created.off('disconnect', onDisconnect);
      created.off('connect_error', onConnectError);
      created.io.off('reconnect_failed', onGaveUp);
      created.disconnect();
    };
  }, [token, createSocket]);

  const reconnect = useCallback(() => {
    setStatus('connecting');
    socket?.connect();
  }, [socket]);

  return { socket, status, connected: status === 'connected', refusal, reconnect };
}
