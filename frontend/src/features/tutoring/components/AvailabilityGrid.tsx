import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { AVAILABILITY_WEEKDAYS, SLOT_TIMES, type AvailabilityWeekday, type SlotTime } from '@redpen/shared/tutoring';
import type { Availability } from '../queries';

const DAY_LABEL = (day: AvailabilityWeekday) => day[0]!.toUpperCase() + day.slice(1);

/** Toggles one slot of a weekday, keeping the spec's slot order. */
export function toggleSlot(availability: Availability, day: AvailabilityWeekday, slot: SlotTime): Availability {
  const current = new Set(availability[day] ?? []);
  if (current.has(slot)) current.delete(slot);
  else current.add(slot);
  return { ...availability, [day]: SLOT_TIMES.filter((s) => current.has(s)) };
}

/** The week grid: Monday to Sunday × the hourly slots, as wall-clock times in the tutor's zone. */
export function AvailabilityGrid({ value, onChange, timeZone }: { value: Availability; onChange: (next: Availability) => void; timeZone: string }) {
  return (
    <Box overflowX="auto">
      <Box as="table" w="full" fontSize="sm" css={{ '& th, & td': { padding: '6px', textAlign: 'center' } }}>
        <caption>
          <Text textAlign="start" fontWeight="semibold" mb="2">
            Weekly availability ({timeZone} time)
          </Text>
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {AVAILABILITY_WEEKDAYS.map((day) => (
              <th key={day} scope="col">
                {DAY_LABEL(day).slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SLOT_TIMES.map((slot) => (
            <tr key={slot}>
              <th scope="row">{slot}</th>
              {AVAILABILITY_WEEKDAYS.map((day) => (
                <td key={day}>
                  <input
                    type="checkbox"
                    aria-label={`${DAY_LABEL(day)} ${slot}`}
                    checked={value[day]?.includes(slot) ?? false}
                    onChange={() => onChange(toggleSlot(value, day, slot))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
