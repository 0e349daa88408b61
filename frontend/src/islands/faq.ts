// Entry of the static pages' "faq" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="faq" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountFaq } from '../features/public/islands/faq';

mountIslands('faq', mountFaq);
