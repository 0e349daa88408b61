// Entry of the "forgot-password" island (see lib/islands/runtime.ts): loaded by the prerendered /forgot-password, whose HTML has an element
// marked data-island="forgot-password" (scripts/prerender.mjs), never by the app (pages/ForgotPasswordPage.tsx mounts it there).
import { mountIslands } from '../lib/islands/runtime';
import { mountForgotPassword } from '../features/auth/islands/forgot-password';

mountIslands('forgot-password', mountForgotPassword);
