// Entry of the static pages' "price-calculator" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="price-calculator" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountPriceCalculator } from '../features/public/islands/price-calculator';

mountIslands('price-calculator', mountPriceCalculator);
