import type { LinkProps } from '@tanstack/react-router';

export type SiteLink = { label: string; to: NonNullable<LinkProps['to']> };

/**
 * Where support mail goes. Mirrors SUPPORT_EMAIL in `.env.example` (the address the backend delivers
 * contact-form messages to); change both together when the production domain is set.
 */
export const SUPPORT_EMAIL = 'support@redpen.local';
export const LOCATION = 'London, United Kingdom';

export const FOOTER_TEXT =
  'Helping students through personalised essay reviews and expert interview preparation.';

/** Top menu. */
export const TOP_MENU: SiteLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Contact', to: '/contact' },
  { label: 'Terms', to: '/terms' },
  { label: 'FAQ', to: '/faq' },
];

export const FOOTER_GROUPS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Services',
    links: [
      { label: 'Essay reviews', to: '/services/essays' },
      { label: 'Mock interviews & tutoring', to: '/services/interviews' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Testimonials', to: '/testimonials' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'Help centre', to: '/help' },
      { label: 'Student guide', to: '/guide/student' },
      { label: 'Tutor guide', to: '/guide/tutor' },
      { label: 'FAQ', to: '/faq' },
      { label: 'Support', to: '/support' },
      { label: 'Contact us', to: '/contact' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Careers', to: '/careers' },
      { label: 'Blog', to: '/blog' },
      { label: 'News', to: '/news' },
      { label: 'Community', to: '/community' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of service', to: '/terms' },
      { label: 'Privacy policy', to: '/privacy' },
      { label: 'Cookies', to: '/cookies' },
      { label: 'GDPR', to: '/gdpr' },
      { label: 'Accessibility', to: '/accessibility' },
    ],
  },
];
