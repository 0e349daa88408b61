import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MIN_CHARGE_PENCE } from '@redpen/shared/pricing';
import { mockReducedMotion, renderWithRouter } from '../test/utils';
import { PricingPage } from './PricingPage';

// /pricing quotes the smallest charge (shared/src/pricing.ts MIN_CHARGE_PENCE, Stripe's GBP minimum).
describe('the pricing page', () => {
  it('quotes the smallest charge for an essay, £0.30', async () => {
    mockReducedMotion(true);
    await renderWithRouter(<PricingPage />);
    expect(MIN_CHARGE_PENCE).toBe(30);
    expect(screen.getByText(/The smallest charge for an essay is £0\.30, however short it is/)).toBeInTheDocument();
  });
});
