import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Textarea } from '@chakra-ui/react/textarea';
import { CHAT_MESSAGE_MAX_LENGTH, normaliseChatText } from '@redpen/shared/chat-rules';
import { useState, type KeyboardEvent } from 'react';

interface ComposerProps {
  /** Sending needs a connected socket and a selected contact (spec part 2 §5). */
  disabled: boolean;
  onSend: (text: string) => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function Composer({ disabled, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const content = normaliseChatText(text);
  const canSend = !disabled && content !== null;

  const send = () => {
    if (!canSend) return;
    onSend(content);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
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
        send();
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
      <Button type="submit" colorPalette="brand" disabled={!canSend}>
        Send
      </Button>
    </Flex>
  );
}
