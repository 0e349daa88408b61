/**
 * Build-time rendering of the pages that a signed-out visitor reaches first (the public site, the sign-in forms):
 * `scripts/prerender.mjs` renders each to HTML, so the page paints before any JavaScript has run. The browser never
 * hydrates them: their interactive pieces are islands (data-island), small modules of their own. Runs in
 * Node, never in the browser.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { collectPageHead, type PageHead } from './lib/page-head';
import { PRERENDERED_CSS_ID } from './lib/prerendered-css';
import { createAppRouter } from './router';
import { getSystem } from './theme/system';

/**
 * The signed-out pages without parameters: the forms a visitor starts from. Not /verify-email or
 * /reset-password/$token: what they show depends on the URL.
 */
const PRERENDERED_AUTH_PAGES = ['/login', '/register', '/forgot-password'];

/** Routes rendered at build time: every page of the public layout, plus the sign-in and sign-up forms. */
export function prerenderedPaths(): string[] {
  const router = createAppRouter({ prerenderPath: '/' });
  const publicPaths = Object.values(router.routesById)
    .filter((route) => route.id.startsWith('/_public/') && !route.id.includes('$'))
    .map((route) => (route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, '')));
  return [...new Set([...publicPaths, ...PRERENDERED_AUTH_PAGES])].sort();
}

export interface RenderedPage {
  /** The markup for `#root`. */
  html: string;
  /** One `<style>` for `<head>` with every emotion style the page uses (see collectStyles). */
  styles: string;
  head: PageHead;
}

/**
 * An emotion cache that keeps the page's CSS instead of writing a `<style>` before each element (emotion's
 * default on a server): 80-odd style tags scattered through the body made the browser restyle the page
 * as it parsed. `styles()` gives them as one tag for <head>, in the order they were first used, tagged so
 * the browser's emotion cache adopts them as they are (`data-emotion` lists the names it then skips;
 * `data-s` tells it not to move the tag, which would make the browser parse the stylesheet again).
 */
function collectStyles(layerOrder: string) {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const names: string[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (shouldCache && cache.inserted[serialized.name] === undefined) names.push(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  const styles = () => {
    const css = names.map((name) => cache.inserted[name]).filter((rules): rules is string => typeof rules === 'string');
    // The layer order first: a layer's place is fixed by its first mention.
    return `<style id="${PRERENDERED_CSS_ID}" data-emotion="css ${names.join(' ')}" data-s="">${layerOrder}${css.join('')}</style>`;
  };
  return { cache, styles };
}

export async function render(path: string): Promise<RenderedPage> {
  const router = createAppRouter({ prerenderPath: path });
  await router.load();
  const leaf = router.state.matches.at(-1);
  if (!leaf || leaf.status !== 'success' || router.state.location.pathname !== path) {
    throw new Error(`prerender ${path}: the router did not settle on it (${leaf?.routeId ?? 'no match'}, ${leaf?.status ?? '-'})`);
  }
  const { cache, styles } = collectStyles(getSystem().layers.atRule);
  const { result: html, head } = collectPageHead(() =>
    renderToString(
      <CacheProvider value={cache}>
        <App router={router} />
      </CacheProvider>,
    ),
  );
  return { html, styles: styles(), head };
}
