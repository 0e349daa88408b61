/**
 * The password's strength as it is typed (the rules up front, ticked as each is met), on
 * the markup of components/PasswordStrength.tsx: the bar's score and label, and each rule's item. Plain TypeScript:
 * the registration island runs it on the prerendered page, and the React component runs it inside the app (the
 * reset-password form), so the display is written once.
 */
import { part } from '../../../lib/islands/runtime';
import { PASSWORD_CHECKS, passwordStrength } from '../schemas';

export function showPasswordStrength(root: HTMLElement, password: string): void {
  const { score, label } = passwordStrength(password);
  root.dataset.score = String(score);
  for (const segment of root.querySelectorAll<HTMLElement>('[data-segment]')) segment.toggleAttribute('data-filled', Number(segment.dataset.segment) <= score);
  part(root, '[data-strength-label]').textContent = label;
  for (const check of PASSWORD_CHECKS) {
    const item = part(root, `[data-rule="${check.id}"]`);
    const met = password !== '' && check.test(password);
    item.dataset.met = String(met);
    part(item, '[data-rule-state]').textContent = met ? '(met)' : '(not yet)';
  }
}
