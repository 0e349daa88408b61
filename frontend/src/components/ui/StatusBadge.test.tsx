import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { STATUS_TONE_COLOURS, StatusBadge, type StatusTone } from './StatusBadge';
import { Tag } from './Tag';

describe('StatusBadge', () => {
  it('shows its label with its tone', () => {
    render(
      <TestProviders>
        <StatusBadge tone="error">Overdue</StatusBadge>
      </TestProviders>,
    );
    expect(screen.getByText('Overdue')).toHaveAttribute('data-tone', 'error');
  });

  it('has a distinct colour pair for every tone (the one tone → colour map)', () => {
    const tones = Object.keys(STATUS_TONE_COLOURS) as StatusTone[];
    expect(tones).toEqual(['neutral', 'info', 'primary', 'success', 'warning', 'error']);
    expect(new Set(tones.map((tone) => STATUS_TONE_COLOURS[tone].bg)).size).toBe(tones.length);
  });

  it('is what a Tag draws, with the Tag’s colour named as a tone', () => {
    render(
      <TestProviders>
        <Tag tone="orange">Expedited</Tag>
        <Tag>GCSE</Tag>
      </TestProviders>,
    );
    expect(screen.getByText('Expedited')).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByText('GCSE')).toHaveAttribute('data-tone', 'neutral');
  });
});
