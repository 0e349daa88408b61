// Entry of the static pages' "price-calculator" island (see features/public/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="price-calculator" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../features/public/islands/runtime';
import { mountPriceCalculator } from '../features/public/islands/price-calculator';

mountIslands('price-calculator', mountPriceCalculator);
