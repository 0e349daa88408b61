import { usePageMeta } from '../hooks/usePageMeta';

import { ClosingCta, Features, Hero, Stats, Testimonials } from '../components/HomeSections';

export function HomePage() {
  usePageMeta(
    'Redpen',
    'Redpen: personalised essay feedback and one-to-one tutoring and mock interviews with vetted UK tutors.',
  );
  return (
    <>
      <Hero />
      <Stats />
      <Features />
      <Testimonials />
      <ClosingCta />
    </>
  );
}
