import { signedInDashboard } from '../signed-in';
import { all, part, type Unmount } from '../../../lib/islands/runtime';

/**
 * The site header's mobile menu: the toggle (`[data-menu-toggle]`, aria-controls the panel) opens and closes the
 * panel; Escape closes it and returns focus to the toggle; following a link in it closes it. A signed-in visitor's
 * "Log in" links (`[data-account-link]`) become their dashboard's.
 */
export function mountMenu(root: HTMLElement): Unmount {
  showDashboardLinks(root);
  const toggle = part<HTMLButtonElement>(root, '[data-menu-toggle]');
  const panel = part(root.ownerDocument, `#${CSS.escape(toggle.getAttribute('aria-controls') ?? '')}`);
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    panel.hidden = !open;
  };
  const onToggle = () => setOpen(toggle.getAttribute('aria-expanded') !== 'true');
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    setOpen(false);
    toggle.focus();
  };
  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest('a')) setOpen(false);
  };
  setOpen(false);
  toggle.addEventListener('click', onToggle);
  root.ownerDocument.addEventListener('keydown', onKey);
  panel.addEventListener('click', onPanelClick);
  return all(
    () => toggle.removeEventListener('click', onToggle),
    () => root.ownerDocument.removeEventListener('keydown', onKey),
    () => panel.removeEventListener('click', onPanelClick),
  );
}

/**
 * On a static page, "Log in" becomes "Dashboard" for a visitor the app has signed in (the prerendered HTML is
 * everyone's). Inside the app the header renders the right link itself, so there is nothing left to change.
 */
export function showDashboardLinks(root: ParentNode, dashboard = signedInDashboard()): void {
  if (!dashboard) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-account-link]')) {
    if (link.getAttribute('href') === dashboard) continue;
    link.setAttribute('href', dashboard);
    link.textContent = 'Dashboard';
  }
}
