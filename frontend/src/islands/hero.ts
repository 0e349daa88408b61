// Entry of the static pages' "hero" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="hero" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountHero } from '../features/public/islands/hero';

mountIslands('hero', mountHero);
