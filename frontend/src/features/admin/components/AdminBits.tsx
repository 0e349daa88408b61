import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FiStar } from 'react-icons/fi';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { QueryState, type QueryLike } from '../../../components/ui/QueryState';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { banImpactQuery } from '../queries';
import { banConsequences, banQuestion, starRating } from '../rules';

/** Title, subtitle and an optional figure ("Total Students: 12") or actions on the right. */
export function AdminPageHeader({ title, subtitle, aside }: { title: string; subtitle: string; aside?: ReactNode }) {
  return (
    <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
      <Box>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Box>
      {aside}
    </HStack>
  );
}

/** Five stars, the average rounded to whole stars, then "4.5 (12)". */
export function StarRating({ average, count }: { average: number; count: number }) {
  const { filled, text } = starRating(average, count);
  return (
    <HStack gap="0.5" aria-label={`Rated ${average.toFixed(1)} out of 5 from ${count} reviews`} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <FiStar key={i} aria-hidden fill={i < filled ? 'currentColor' : 'none'} color={i < filled ? '#F4A261' : '#A0AEC0'} />
      ))}
      <Text as="span" fontSize="sm" color="fg.muted" ms="1" aria-hidden>
        {text}
      </Text>
    </HStack>
  );
}

export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} maxW="md" bg="white" />
  );
}

/**
 * A people list's states (Student and Tutor Management): a skeleton grid while it loads, a bold "Error" over the
 * page's failure line, "No {noun} found" with a hint when empty, else the cards in a grid.
 */
export function CardGridState<T, I>({
  query,
  noun,
  items,
  emptyHint,
  children,
}: {
  query: QueryLike<T>;
  /** Plural, lower case: "students". */
  noun: string;
  items: (data: T) => I[];
  emptyHint: string;
  children: (item: I) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      errorHeadline={`Failed to load ${noun}`}
      errorTitle={
        <Text fontWeight="semibold" fontSize="lg">
          Error
        </Text>
      }
      skeleton={<CardGridSkeleton label={`Loading ${noun}`} count={6} />}
      isEmpty={(data) => items(data).length === 0}
      empty={
        <Stack gap="1">
          <Text fontWeight="semibold">No {noun} found</Text>
          <Text color="fg.muted">{emptyHint}</Text>
        </Stack>
      }
    >
      {(data) => (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {items(data).map(children)}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

/** Previous / Next under a list of cards (the server pages it). */
export function ListPager({ page, totalPages, onPage, label }: { page: number; totalPages: number; onPage: (page: number) => void; label: string }) {
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label={label} justify="center" gap="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm" aria-live="polite">
        Page {page} of {totalPages}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}

export interface BanTarget {
  id: string;
  name: string;
  /** What the admin is about to do: ban (true) or unban (false). */
  ban: boolean;
}

/** What the ban will end in tutoring, read when the dialog opens; the Yes never waits on it. */
function BanConsequences({ userId }: { userId: string }) {
  const impact = useQuery(banImpactQuery(userId));
  return (
    <QueryState
      query={impact}
      skeleton={<Text role="status" color="fg.muted">Checking their tutoring sessions…</Text>}
      errorContent={<Text role="status" color="fg.muted">Their tutoring sessions could not be checked: any upcoming ones will still be cancelled and refunded in full.</Text>}
    >
      {(data) => <Text fontWeight="medium">{banConsequences(data)}</Text>}
    </QueryState>
  );
}

/** The spec's ban question with Yes / Cancel; a ban also states what it will end (upcoming sessions, unpaid holds). */
export function BanConfirmDialog({
  target,
  pending,
  onConfirm,
  onClose,
}: {
  target: BanTarget | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      title={target?.ban ? 'Ban user' : 'Unban user'}
      confirmLabel="Yes"
      cancelLabel="Cancel"
      pending={pending}
      danger={target?.ban}
    >
      <Stack gap="2">
        {target && banQuestion(target.name, target.ban).map((line) => <Text key={line}>{line}</Text>)}
        {target?.ban && <BanConsequences userId={target.id} />}
      </Stack>
    </ConfirmDialog>
  );
}

/** A labelled value in a details dialog; empty values read "Not provided". */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" fontWeight="medium">
        {empty ? 'Not provided' : children}
      </Box>
    </Box>
  );
}

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        {children}
      </Box>
    </Stack>
  );
}
