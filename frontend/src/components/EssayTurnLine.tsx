import { Text } from '@chakra-ui/react/text';
import { essayTurn, type EssayTurnInput } from '@redpen/shared/essay-turn';

/**
 * Whose move is next on an essay, in words, beside its status badge: the same line on the student's and
 * the tutor's screens, from the one rule in @redpen/shared/essay-turn, dates in the viewer's time zone.
 */
export function EssayTurnLine({ essay, now }: { essay: EssayTurnInput; now?: number }) {
  const turn = essayTurn(essay, now);
  return (
    <Text fontSize="sm" fontWeight="medium" color="fg" data-testid="essay-turn" data-actor={turn.actor}>
      {turn.line}
    </Text>
  );
}
