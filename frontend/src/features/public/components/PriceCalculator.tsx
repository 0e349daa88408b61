import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { ESSAY_PRICE_TEXT, WORD_COUNT_ADJUST_PERCENT, essayChargePence, formatPounds } from '../pricing';
import { BRAND } from '../brand';

export const MAX_CALCULATOR_WORDS = 100_000;

function priceFor(raw: string): { pence: number } | { error: string } | null {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return { error: 'Enter a whole number of words.' };
  const words = Number(text);
  if (words < 1) return { error: 'Enter at least 1 word.' };
  if (words > MAX_CALCULATOR_WORDS) return { error: `Enter at most ${MAX_CALCULATOR_WORDS.toLocaleString('en-GB')} words.` };
  return { pence: essayChargePence(words) };
}

/** Live essay price estimate using the same tiers the server charges with. */
export function PriceCalculator({ initialWords = '1500' }: { initialWords?: string }) {
  const [words, setWords] = useState(initialWords);
  const resultId = useId();
  const result = priceFor(words);
  const error = result && 'error' in result ? result.error : undefined;

  return (
    <Stack gap="4" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p={{ base: '5', md: '8' }} shadow="sm">
      <Field.Root invalid={!!error}>
        <Field.Label>Essay word count</Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CALCULATOR_WORDS}
          step={1}
          value={words}
          onChange={(event) => setWords(event.target.value)}
          aria-describedby={resultId}
          maxW="xs"
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Box id={resultId} aria-live="polite">
        <Text color="gray.700" fontSize="sm">
          Estimated price
        </Text>
        <Text data-testid="calculated-price" fontSize="4xl" fontWeight="extrabold" color={BRAND.primaryStrong}>
          {result && 'pence' in result ? formatPounds(result.pence) : '—'}
        </Text>
      </Box>
      <Text color="gray.700">{ESSAY_PRICE_TEXT}.</Text>
      <Text color="gray.600" fontSize="sm">
        The price is fixed when you and your tutor confirm the word count, which may differ from the count we detect by up to{' '}
        {WORD_COUNT_ADJUST_PERCENT}% either way. Prices are in pounds sterling.
      </Text>
    </Stack>
  );
}
