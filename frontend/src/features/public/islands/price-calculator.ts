import { essayChargePence, formatPounds } from '@redpen/shared/pricing';
import { all, part, type Unmount } from '../../../lib/islands/runtime';

export const MAX_CALCULATOR_WORDS = 100_000;

/** The price for what was typed, the message to show instead, or null for an empty field. */
export function priceFor(raw: string): { pence: number } | { error: string } | null {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return { error: 'Enter a whole number of words.' };
  const words = Number(text);
  if (words < 1) return { error: 'Enter at least 1 word.' };
  if (words > MAX_CALCULATOR_WORDS) return { error: `Enter at most ${MAX_CALCULATOR_WORDS.toLocaleString('en-GB')} words.` };
  return { pence: essayChargePence(words) }; // never below the smallest card charge
}

/**
 * The price calculator: the word count (`input`) priced live with the tiers the server charges with
 * (`@redpen/shared/pricing`) into `[data-price]`; a wrong entry shows its message in `[data-price-error]`.
 */
export function mountPriceCalculator(root: HTMLElement): Unmount {
  const input = part<HTMLInputElement>(root, 'input');
  const price = part(root, '[data-price]');
  const error = part(root, '[data-price-error]');
  const field = input.closest<HTMLElement>('[data-part="root"]') ?? root;
  const update = () => {
    const result = priceFor(input.value);
    const message = result && 'error' in result ? result.error : '';
    price.textContent = result && 'pence' in result ? formatPounds(result.pence) : '—';
    error.textContent = message;
    error.hidden = !message;
    input.setAttribute('aria-invalid', String(Boolean(message)));
    if (message) field.setAttribute('data-invalid', '');
    else field.removeAttribute('data-invalid');
  };
  update();
  input.addEventListener('input', update);
  input.addEventListener('change', update);
  return all(
    () => input.removeEventListener('input', update),
    () => input.removeEventListener('change', update),
  );
}
