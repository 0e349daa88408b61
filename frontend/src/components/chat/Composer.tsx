import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Textarea } from '@chakra-ui/react/textarea';
import { CHAT_MESSAGE_MAX_LENGTH, normaliseChatText } from '@redpen/shared/chat-rules';
import { useState, type KeyboardEvent } from 'react';

interface ComposerProps {
  /** Nothing can be sent (no connection, no contact); the text can still be typed. */
  disabled?: boolean;
  /** A send in progress: the button spins and another send waits. */
  sending?: boolean;
  /**
   * Gets the trimmed text. The box clears at once; when `onSend` returns a promise, it clears only once that
   * resolves and keeps the text for another try when it rejects (the caller reports the error).
   */
  onSend: (text: string) => void | Promise<unknown>;
}

/** The message box: Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function Composer({ disabled = false, sending = false, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const content = normaliseChatText(text);
  const canSend = !disabled && content !== null;

  const send = async () => {
    if (!canSend || sending) return;
    const pending = onSend(content);
    if (!pending) return setText('');
    try {
      await pending;
      setText('');
    } catch {
      /* the caller reports it; the text stays for another try */
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Flex
      as="form"
      gap="2"
      p="3"
      borderTopWidth="1px"
      align="flex-end"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Textarea
        aria-label="Message"
        placeholder="Type your message..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        rows={1}
        autoresize
        maxH="40"
        resize="none"
      />
      <Button type="submit" colorPalette="brand" disabled={!canSend} loading={sending}>
        Send
      </Button>
    </Flex>
  );
}
