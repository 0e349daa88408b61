export type Slide = { src: string; alt: string; width: number; height: number };

/** Hero slideshow images: the project's own SVG drawings in `frontend/public/images/slides/`. */
export const SLIDES: Slide[] = [
  { src: '/images/slides/01-essay-feedback.svg', alt: 'An essay page with red pen corrections and margin notes' },
  { src: '/images/slides/02-online-tutoring.svg', alt: 'A laptop showing a one-to-one video tutoring session' },
  { src: '/images/slides/03-graduation.svg', alt: 'A graduation cap above a rising bar chart of improving marks' },
  { src: '/images/slides/04-booking-calendar.svg', alt: 'A monthly calendar with a tutoring session booked and a clock' },
  { src: '/images/slides/05-chat.svg', alt: 'Chat bubbles between a student and a tutor on a phone' },
  { src: '/images/slides/06-university.svg', alt: 'A university building with columns under a clear sky' },
  { src: '/images/slides/07-mock-interview.svg', alt: 'Two people at a table during a mock interview, with a checklist' },
].map((slide) => ({ ...slide, width: 1200, height: 800 }));

export const SLIDE_INTERVAL_MS = 3000;
