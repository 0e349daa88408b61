import type { ReactNode } from 'react';
import { StatusBadge, type StatusTone } from './StatusBadge';

const TAG_TONES = { gray: 'neutral', blue: 'info', green: 'success', orange: 'warning' } as const satisfies Record<string, StatusTone>;

/** A small coloured label that is not a status (a request type, "Expedited"): the status badge's look and colours. */
export function Tag({ children, tone = 'gray' }: { children: ReactNode; tone?: keyof typeof TAG_TONES }) {
  return <StatusBadge tone={TAG_TONES[tone]}>{children}</StatusBadge>;
}
