/**
 * The document title and meta description a page declares. In the browser the page hooks
 * (usePageMeta, useDocumentTitle) set them in an effect; effects never run in a server render, so during
 * the build-time prerender (entry-server.tsx) the hooks record them here instead, for the HTML's <head>.
 */
export const APP_NAME = 'Redpen';

/** "Pricing" → "Pricing · Redpen"; the home page's title is the name alone. */
export const pageTitle = (title: string): string => (title === APP_NAME ? APP_NAME : `${title} · ${APP_NAME}`);

export interface PageHead {
  title?: string;
  description?: string;
}

let collecting: PageHead | null = null;

/** Called while rendering; records only inside `collectPageHead` (the server render). */
export function declarePageHead(head: PageHead): void {
  if (collecting) Object.assign(collecting, head);
}

/** Runs a synchronous server render and returns what the rendered pages declared. */
export function collectPageHead<T>(render: () => T): { result: T; head: PageHead } {
  const head: PageHead = {};
  collecting = head;
  try {
    return { result: render(), head };
  } finally {
    collecting = null;
  }
}
