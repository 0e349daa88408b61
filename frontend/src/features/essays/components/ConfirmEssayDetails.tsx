import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { List } from '@chakra-ui/react/list';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '../../../components/ui/Skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ESSAY_PRICE_TEXT, essayChargePence, formatPounds } from '@redpen/shared/pricing';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { Card, InfoGrid } from '../../../components/ui/Card';
import { toastSuccess } from '../../../components/ui/toaster';
import { essayActions, priceAtCount, surchargeItems, type Essay } from '../essay-rules';
import { useUpdateWordCount } from '../hooks/useEssayMutations';
import { studentEssayQuery } from '../queries';
import { confirmWordCountRules, type WordCountValues } from '../schemas';
import { QueryState } from '../../../components/ui/QueryState';

const resolver = rulesResolver(confirmWordCountRules);

/** What the tutor's feedback covers and what a tutor will not do (the Terms' list), handed in by the route. */
export interface FeedbackGuidelines {
  may: readonly string[];
  mayNot: readonly string[];
}

/**
 * Step two of the upload, "Confirm Essay Details": the essay as the server read it, an
 * adjustable count within ±10 % of the original with Reset, the live estimated price, and Confirm Word Count
 * (`POST /student/updateWordCount`, which puts the essay in the pool) → My Essays.
 */
export function ConfirmEssayDetails({ essayId, guidelines }: { essayId: string; guidelines: FeedbackGuidelines }) {
  const essay = useQuery(studentEssayQuery(essayId));

  if (!essay.isSuccess) {
    return (
      <QueryState
        query={essay}
        errorFallback="Failed to load essay details."
        notFound={
          <Card>
            <Heading as="h2" size="lg">
              Essay not found
            </Heading>
          </Card>
        }
        skeleton={
          <Stack gap="4" aria-busy="true" aria-label="Loading essay details">
            <Skeleton height="220px" rounded="xl" />
            <Skeleton height="260px" rounded="xl" />
          </Stack>
        }
      >
        {() => null}
      </QueryState>
    );
  }
  if (!essayActions(essay.data).editWordCount) {
    return (
      <Card>
        <Stack gap="3" align="flex-start">
          <Text>A tutor has taken this essay on: its word count can no longer change.</Text>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/student/essay/$essayId" params={{ essayId }}>
              View the essay
            </RouterLink>
          </Button>
        </Stack>
      </Card>
    );
  }
  return <ConfirmForm essay={essay.data} guidelines={guidelines} />;
}

function ConfirmForm({ essay, guidelines }: { essay: Essay; guidelines: FeedbackGuidelines }) {
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdateWordCount();
  const { register, handleSubmit, watch, setValue } = useForm<WordCountValues, Essay>({ defaultValues: { wordCount: String(essay.wordCount) }, resolver, context: essay });
  const value = watch('wordCount');
  // The problem, the price and Confirm follow each keystroke: the same rules, read on the typed value.
  const problem = confirmWordCountRules({ wordCount: value }, essay).wordCount;
  const count = Number(value.trim());

  const confirm = handleSubmit(({ wordCount }) => {
    update.mutate(
      { essayId: essay._id, wordCount: Number(wordCount.trim()) },
      {
        onSuccess: () => {
          toastSuccess('Essay submitted', 'Your word count is confirmed: tutors can now accept your essay.');
          void navigate({ to: '/student/essays' });
        },
      },
    );
  });

  return (
    <Stack gap="6">
      <Card>
        <Stack gap="4">
          <Heading as="h2" size="lg">
            What your feedback covers
          </Heading>
          <Text>
            A tutor reads your essay and sends you feedback to improve it. The essay stays your own work: the tutor
            points things out rather than changing them for you.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Stack gap="2">
              <Heading as="h3" size="sm">
                Your tutor will
              </Heading>
              <List.Root ps="5" gap="1">
                {guidelines.may.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            </Stack>
            <Stack gap="2">
              <Heading as="h3" size="sm">
                Your tutor will not
              </Heading>
              <List.Root ps="5" gap="1">
                {guidelines.mayNot.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            </Stack>
          </SimpleGrid>
        </Stack>
      </Card>

      <Card>
        <form
          noValidate
          aria-label="Confirm word count"
          onSubmit={(event) => void confirm(event)}
        >
          <Stack gap="5">
            <InfoGrid
              items={[
                { label: 'Title', value: essay.title },
                { label: 'Subject', value: essay.subject },
                { label: 'Academic Level', value: essay.academicLevel },
                { label: 'Detected word count', value: essay.originalWordCount.toLocaleString('en-GB') },
              ]}
            />
            <FormField
              id={`${id}-count`}
              label="Word count"
              error={problem}
              helper={problem ? undefined : `You may adjust it within ±10% of the original (${essay.minWordCount}-${essay.maxWordCount}).`}
            >
              <HStack gap="2" align="flex-start">
                <Input inputMode="numeric" {...register('wordCount')} maxW="40" />
                <Button variant="outline" onClick={() => setValue('wordCount', String(essay.originalWordCount))} disabled={value === String(essay.originalWordCount)}>
                  Reset
                </Button>
              </HStack>
            </FormField>

            <Stack gap="1" bg="gray.50" rounded="lg" p="4">
              <Text fontSize="sm" color="fg.muted">
                Estimated price
              </Text>
              <Text fontSize="2xl" fontWeight="bold" aria-live="polite" data-testid="estimated-price">
                {problem ? '—' : formatPounds(priceAtCount(essay, count))}
              </Text>
              {!problem && (
                <Box as="dl" fontSize="sm" data-testid="price-items">
                  {priceItems(essay, count).map((item) => (
                    <HStack key={item.label} justify="space-between" gap="4">
                      <Text as="dt">{item.label}</Text>
                      <Text as="dd">{item.amount}</Text>
                    </HStack>
                  ))}
                </Box>
              )}
              <Text fontSize="sm" color="fg.muted">
                {ESSAY_PRICE_TEXT}.
              </Text>
            </Stack>

            {update.isError && <FormAlert title={`Failed to update word count: ${errorMessage(update.error, 'Please try again.')}`} />}

            <HStack justify="flex-end">
              <Button type="submit" colorPalette="brand" disabled={!!problem} loading={update.isPending} loadingText="Confirming...">
                Confirm Word Count
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** The price item by item: the review at the typed count, then each surcharge the upload fixed. */
function priceItems(essay: Essay, count: number): { label: string; amount: string }[] {
  return [
    { label: `Review of ${count.toLocaleString('en-GB')} words`, amount: formatPounds(essayChargePence(count)) },
    ...surchargeItems(essay).map((item) => ({ label: item.label, amount: `+ ${formatPounds(item.pence)}` })),
  ];
}
