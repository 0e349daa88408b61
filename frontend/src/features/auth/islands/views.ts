/**
 * The steps of a sign-in island (the form, the two-factor step, "Check your email", …): all of them are in the
 * prerendered HTML, each a `[data-view="<name>"]` with its own `<h1>`, and all but the first hidden, so every
 * step's style is in the page's CSS. Showing a step hides the others and names the tab after its heading, as the
 * app's pages do (lib/page-head).
 */
import { pageTitle } from '../../../lib/page-head';
import { part } from '../../../lib/islands/runtime';

export function viewSwitcher<Name extends string>(root: HTMLElement, names: readonly Name[]) {
  const views = new Map<Name, HTMLElement>(names.map((name) => [name, part(root, `[data-view="${name}"]`)]));
  return {
    element: (name: Name) => views.get(name) as HTMLElement,
    show(name: Name): HTMLElement {
      for (const [other, view] of views) view.hidden = other !== name;
      const view = views.get(name) as HTMLElement;
      const heading = view.querySelector('h1')?.textContent?.trim();
      if (heading) document.title = pageTitle(heading);
      return view;
    },
  };
}

/** An alert of a step (`[data-alert]`, hidden while empty): its title set and shown, or hidden with `null`. */
export function showAlert(alert: HTMLElement, title: string | null): void {
  part(alert, '[data-alert-title]').textContent = title ?? '';
  alert.hidden = title === null;
}
