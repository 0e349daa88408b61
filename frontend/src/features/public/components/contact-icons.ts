import { circle, makeIcon, path, polyline } from './icons';

/** Feather icons used only by the contact page (kept out of the `/` chunk); see `icons.tsx`. */
export const FiCheckCircle = makeIcon([path('M22 11.08V12a10 10 0 1 1-5.93-9.14'), polyline('22 4 12 14.01 9 11.01')]);
export const FiMail = makeIcon([
  path('M4 4h16c1.1 0 2 .9 2 2v12c0 1.1-.9 2-2 2H4c-1.1 0-2-.9-2-2V6c0-1.1.9-2 2-2z'),
  polyline('22,6 12,13 2,6'),
]);
export const FiMapPin = makeIcon([path('M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z'), circle('12', '10', '3')]);
