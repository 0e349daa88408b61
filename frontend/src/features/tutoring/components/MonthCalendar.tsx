import { formatMonthYear, formatWeekdayDate } from '@redpen/shared/dates';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { localDayKey } from '../rules';

const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The month's days, Sunday first, padded with nulls before the 1st. */
export function monthCells(year: number, month: number): (Date | null)[] {
  const first = new Date(year, month, 1);
  const count = new Date(year, month + 1, 0).getDate();
  return [...Array<null>(first.getDay()).fill(null), ...Array.from({ length: count }, (_, i) => new Date(year, month, i + 1))];
}

/**
 * The month calendar of My Sessions: Sun–Sat, previous/next month, days with sessions marked, past
 * days disabled. Choosing a day selects it (again: clears it).
 */
export function MonthCalendar({
  marked,
  selected,
  onSelect,
  now,
}: {
  marked: Set<string>;
  selected: string | null;
  onSelect: (day: string | null) => void;
  now: number;
}) {
  const today = new Date(now);
  const [view, setView] = useState({
    year: today.getFullYear(),
    month: today.getMonth(),
  });
  const todayKey = localDayKey(now);
  const move = (by: number) =>
    setView(({ year, month }) => ({
      year: year + Math.floor((month + by) / 12),
      month: (((month + by) % 12) + 12) % 12,
    }));
  const title = formatMonthYear(new Date(view.year, view.month, 1));

  return (
    <Stack gap="3" p="4" bg="bg.panel" rounded="lg" borderWidth="1px" minW="72" aria-label="Session calendar" role="group">
      <HStack justify="space-between">
        <IconButton size="sm" variant="ghost" aria-label="Previous month" onClick={() => move(-1)}>
          ‹
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {title}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label="Next month" onClick={() => move(1)}>
          ›
        </IconButton>
      </HStack>
      <Box display="grid" gridTemplateColumns="repeat(7, 1fr)" gap="1" textAlign="center" fontSize="sm">
        {WEEKDAY_HEADERS.map((day) => (
          <Text key={day} color="fg.muted" aria-hidden>
            {day}
          </Text>
        ))}
        {monthCells(view.year, view.month).map((date, i) => {
          if (!date) return <span key={`pad-${i}`} />;
          const key = localDayKey(date);
          const hasSessions = marked.has(key);
          return (
            <Button
              key={key}
              size="xs"
              variant={selected === key ? 'solid' : 'ghost'}
              colorPalette={selected === key ? 'brand' : undefined}
              disabled={key < todayKey}
              aria-pressed={selected === key}
              aria-label={`${formatWeekdayDate(date, undefined, false)}${hasSessions ? ', has sessions' : ''}`}
              fontWeight={hasSessions ? 'bold' : 'normal'}
              textDecoration={hasSessions ? 'underline' : undefined}
              data-marked={hasSessions || undefined}
              onClick={() => onSelect(selected === key ? null : key)}
            >
              {date.getDate()}
            </Button>
          );
        })}
      </Box>
    </Stack>
  );
}
