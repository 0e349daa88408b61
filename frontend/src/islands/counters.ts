// Entry of the static pages' "counters" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="counters" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountCounters } from '../features/public/islands/counters';

mountIslands('counters', mountCounters);
