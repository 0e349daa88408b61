export type Testimonial = { quote: string; name: string; course: string; university: string };

/**
 * The landing page's three static sample testimonials. They are illustrative
 * samples, and every place that shows them says so: UK consumer law (DMCC Act 2024) forbids
 * presenting invented reviews as real ones. Replace with verified reviews from tutor ratings.
 */
export const SAMPLE_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'The margin comments showed me exactly where my argument lost its thread. My next essay came back two grade boundaries higher.',
    name: 'Sample student A',
    course: 'History, first year',
    university: 'University of Manchester',
  },
  {
    quote:
      'Two mock interviews with a tutor who had been through the same process made the real one feel familiar instead of frightening.',
    name: 'Sample student B',
    course: 'Medicine applicant',
    university: 'University of Edinburgh',
  },
  {
    quote:
      'Clear, specific feedback within two days, and the tutor explained why each change mattered rather than just fixing it.',
    name: 'Sample student C',
    course: 'Economics, second year',
    university: "King's College London",
  },
];

export const SAMPLE_TESTIMONIALS_NOTE =
  'Sample testimonials, shown to illustrate the service. Verified reviews from students’ tutor ratings will replace them.';
