import { useEffect } from 'react';
import type { ChatMessagePayload } from '@redpen/shared/chat-events';
import { connectChatSocket } from '../../../lib/chat-socket';

/**
 * The discussion's live half: a message from `fromUserId` arrives on the chat socket (Chat emits every saved
 * message to both people's rooms) and `onMessage` runs at once; the thread's slow poll is only a fallback for a
 * socket that cannot connect. `onMessage` should be stable (a `useCallback`).
 */
export function useThreadUpdates(token: string | undefined, fromUserId: string | null, onMessage: () => void): void {
  useEffect(() => {
    if (!token || !fromUserId) return;
    const socket = connectChatSocket(token);
    const onReceive = (message: ChatMessagePayload | undefined) => {
      if (message?.sender === fromUserId) onMessage();
    };
    socket.on('receiveMessage', onReceive);
    return () => {
      socket.off('receiveMessage', onReceive);
      socket.disconnect();
    };
  }, [token, fromUserId, onMessage]);
}
