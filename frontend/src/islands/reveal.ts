// Entry of the static pages' "reveal" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="reveal" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountReveal } from '../features/public/islands/reveal';

mountIslands('reveal', mountReveal);
