// Entry of the "sign-in" island (see lib/islands/runtime.ts): loaded by the prerendered /login, whose HTML has an
// element marked data-island="sign-in" (scripts/prerender.mjs), never by the app (pages/LoginPage.tsx mounts it there).
import { mountIslands } from '../lib/islands/runtime';
import { mountSignIn } from '../features/auth/islands/sign-in';

mountIslands('sign-in', mountSignIn);
