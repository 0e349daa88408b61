import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { SelectField } from './SelectField';

const LEVELS = [
  { value: 'gcse', label: 'GCSE' },
  { value: 'a-level', label: 'A-Level' },
];

function Controlled({ disabled = false, error, helper = 'Pick one' }: { disabled?: boolean; error?: string; helper?: string }) {
  const [value, setValue] = useState('');
  return (
    <TestProviders>
      <SelectField id="level" label="Academic Level" placeholder="Select academic level" options={LEVELS} value={value} onChange={(event) => setValue(event.target.value)} disabled={disabled} error={error} helper={helper || undefined} required />
      <output>{value || 'none'}</output>
    </TestProviders>
  );
}

describe('SelectField', { timeout: 20_000 }, () => {
  it('is a labelled select with its placeholder first and the chosen value reported', async () => {
    render(<Controlled />);
    const select = screen.getByLabelText(/Academic Level/);
    expect(select.tagName).toBe('SELECT');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Select academic level', 'GCSE', 'A-Level']);
    await userEvent.setup({ delay: null }).selectOptions(select, 'A-Level');
    expect(screen.getByText('a-level')).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription('Pick one');
  });

  it('shows its error and marks the select invalid', () => {
    render(<Controlled error="Academic level is required" helper="" />);
    const select = screen.getByLabelText(/Academic Level/);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Academic level is required')).toBeInTheDocument();
  });

  it('can be disabled', () => {
    render(<Controlled disabled />);
    expect(screen.getByLabelText(/Academic Level/)).toBeDisabled();
  });
});
