import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId } from 'react';
import { useIsland } from '../../../lib/useIsland';
import { ESSAY_PRICE_TEXT, WORD_COUNT_ADJUST_PERCENT, formatPounds as formatInitial } from '../pricing';
import { BRAND } from '../brand';
import { MAX_CALCULATOR_WORDS, mountPriceCalculator, priceFor } from '../islands/price-calculator';

export { MAX_CALCULATOR_WORDS };

/**
 * Live essay price estimate using the same tiers the server charges with. The markup is React's; the behaviour is
 * the island islands/price-calculator.ts, which runs alone on the static /pricing page and is mounted here inside
 * the app. The field is uncontrolled: the island owns its value and the price shown.
 */
export function PriceCalculator({ initialWords = '1500' }: { initialWords?: string }) {
  const resultId = useId();
  const errorId = useId();
  const rootRef = useIsland(mountPriceCalculator, undefined);
  const initial = priceFor(initialWords);

  return (
    <Stack ref={rootRef} data-island="price-calculator" gap="4" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p={{ base: '5', md: '8' }} shadow="sm">
      <Field.Root>
        <Field.Label>Essay word count</Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CALCULATOR_WORDS}
          step={1}
          defaultValue={initialWords}
          aria-describedby={`${errorId} ${resultId}`}
          maxW="xs"
        />
        {/* Always in the HTML (hidden while empty), so its style is in the page's CSS for the island to show. */}
        <Text id={errorId} data-price-error hidden color="fg.error" fontSize="sm" fontWeight="medium" />
      </Field.Root>
      <Box id={resultId} aria-live="polite">
        <Text color="gray.700" fontSize="sm">
          Estimated price
        </Text>
        <Text data-testid="calculated-price" data-price fontSize="4xl" fontWeight="extrabold" color={BRAND.primaryStrong}>
          {initial && 'pence' in initial ? formatInitial(initial.pence) : '—'}
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
