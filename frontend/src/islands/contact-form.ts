// Entry of the static pages' "contact-form" island (see lib/islands/runtime.ts): loaded by a page whose HTML
// has an element marked data-island="contact-form" (scripts/prerender.mjs), never by the app.
import { mountIslands } from '../lib/islands/runtime';
import { mountContactForm } from '../features/public/islands/contact-form';

mountIslands('contact-form', mountContactForm);
