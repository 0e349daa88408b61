import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ESSAY_PRICE_TEXT, essayPricePence, formatPounds } from '../pricing';
import { renderWithTheme } from '../test/utils';
import { PriceCalculator } from './PriceCalculator';

const price = () => screen.getByTestId('calculated-price').textContent;
const input = () => screen.getByRole('spinbutton', { name: 'Essay word count' });

describe('PriceCalculator', () => {
  it('prices the word count with the shared tiers', () => {
    renderWithTheme(<PriceCalculator initialWords="1000" />);
    expect(price()).toBe('£15.00');

    for (const [words, expected] of [
      // Never below the smallest card charge: one word costs 30p, not 2p.
      ['1', '£0.30'],
      ['20', '£0.30'],
      ['21', '£0.32'],
      ['1001', '£15.01'],
      ['2000', '£22.00'],
      ['3000', '£29.00'],
      ['5000', '£35.00'],
      ['12345', formatPounds(essayPricePence(12345))],
    ] as const) {
      fireEvent.change(input(), { target: { value: words } });
      expect(price()).toBe(expected);
    }
  });

  it('says "up to 10%" with its space', () => {
    renderWithTheme(<PriceCalculator initialWords="1000" />);
    expect(screen.getByText(/may differ from the count we detect/)).toHaveTextContent('by up to 10% either way');
  });

  it('shows the tier text', () => {
    renderWithTheme(<PriceCalculator />);
    expect(ESSAY_PRICE_TEXT).toBe(
      '1.5p per word for the first 1000 words, 0.7p per word for words 1001-3000, 0.3p per word thereafter',
    );
    expect(screen.getByText(`${ESSAY_PRICE_TEXT}.`)).toBeInTheDocument();
  });

  it('asks for a whole positive number instead of guessing', () => {
    renderWithTheme(<PriceCalculator />);
    fireEvent.change(input(), { target: { value: '0' } });
    expect(screen.getByText('Enter at least 1 word.')).toBeInTheDocument();
    expect(price()).toBe('—');
    fireEvent.change(input(), { target: { value: '' } });
    expect(price()).toBe('—');
  });
});
