// Entry of the static pages' "menu" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="menu" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountMenu } from '../features/public/islands/menu';

mountIslands('menu', mountMenu);
