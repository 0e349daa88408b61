import { all, type Unmount } from '../../../lib/islands/runtime';

/**
 * The FAQ: topic tabs (WAI-ARIA tabs, automatic activation: click, ←/→, Home/End) over panels of questions, each
 * question a disclosure button for its answer (several may be open). The HTML carries the first topic selected
 * and every answer closed; without JavaScript a <noscript> style shows every topic and answer instead, and hides
 * the tabs. A URL hash naming a topic's panel (#faq-pricing) opens on that topic.
 */
export function mountFaq(root: HTMLElement): Unmount {
  const tabs = [...root.querySelectorAll<HTMLElement>('[role="tab"]')];
  const panelOf = (tab: HTMLElement) => root.ownerDocument.getElementById(tab.getAttribute('aria-controls') ?? '');
  const select = (chosen: HTMLElement, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !selected;
    }
    if (focus) chosen.focus();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const tab = target?.closest<HTMLElement>('[role="tab"]');
    if (tab && tabs.includes(tab)) {
      select(tab, false);
      return;
    }
    const trigger = target?.closest<HTMLElement>('[data-faq-trigger]');
    if (!trigger || !root.contains(trigger)) return;
    const answer = root.ownerDocument.getElementById(trigger.getAttribute('aria-controls') ?? '');
    const open = trigger.getAttribute('aria-expanded') !== 'true';
    trigger.setAttribute('aria-expanded', String(open));
    if (answer) answer.hidden = !open;
  };
  const onKey = (event: KeyboardEvent) => {
    const current = tabs.indexOf(event.target as HTMLElement);
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length]!, true);
  };
  const fromHash = tabs.find((tab) => `#${tab.getAttribute('aria-controls')}` === window.location.hash);
  select(fromHash ?? tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0]!, false);
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKey);
  return all(
    () => root.removeEventListener('click', onClick),
    () => root.removeEventListener('keydown', onKey),
  );
}
