/**
 * Spec colours. `primary` (#E63946) only reaches 4.2:1 on white, so text, links and
 * filled buttons use `primaryStrong` (6.2:1 on white, 5.5:1 on the #F0F0F0 background) to meet
 * WCAG AA; `primary` stays for large display text, borders and decoration.
 */
export const BRAND = {
  primary: '#E63946',
  primaryStrong: '#C1121F',
  primaryHover: '#A4161A',
  accent: '#A8DADC',
  background: '#F0F0F0',
  text: '#000000',
  muted: '#4A4A4A',
} as const;
