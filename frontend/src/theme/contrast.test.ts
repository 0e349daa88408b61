// @vitest-environment node
// WCAG 1.4.3: the colour pairs the app uses for text that must be read — validation messages, the Online
// label, filled buttons (Get Paid, the brand), a student's own chat bubble and the unread badge — reach 4.5:1,
// computed from the system's own tokens (a palette change that breaks one fails here, before any browser run).
import { describe, expect, it } from 'vitest';
import { getSystem } from './system';

const system = getSystem();

/** A token's colour as #rrggbb, following semantic tokens' base value to the palette. */
function hex(name: string): string {
  const token = system.tokens.getByName(`colors.${name}`);
  if (!token) throw new Error(`no colour token ${name}`);
  const ref = (token.extensions?.conditions as { base?: string } | undefined)?.base ?? String(token.value);
  const inner = /^\{colors\.(.+)\}$/.exec(ref);
  return inner ? hex(inner[1]!) : ref;
}

function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('text colours reach 4.5:1', () => {
  it.each([
    ['validation text (fg.error) on white', 'fg.error', '#ffffff'],
    ['validation text (fg.error) on the page background', 'fg.error', '#f0f0f0'],
    ['the Online label (green.700) on white', 'green.700', '#ffffff'],
    ['white on Get Paid (green.solid)', 'green.solid', '#ffffff'],
    ['white on the brand fill: buttons, own chat bubbles, unread badge (brand.solid)', 'brand.solid', '#ffffff'],
  ])('%s', (_what, token, against) => {
    expect(contrast(hex(token), against)).toBeGreaterThanOrEqual(4.5);
  });
});
