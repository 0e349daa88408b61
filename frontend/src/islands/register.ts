// Entry of the "register" island (see lib/islands/runtime.ts): loaded by the prerendered /register, whose HTML has an element
// marked data-island="register" (scripts/prerender.mjs), never by the app (pages/RegisterPage.tsx mounts it there).
import { mountIslands } from '../lib/islands/runtime';
import { mountRegister } from '../features/auth/islands/register';

mountIslands('register', mountRegister);
