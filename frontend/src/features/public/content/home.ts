export const STATS = [
  { value: '1000+', label: 'Students' },
  { value: '95%', label: 'Success rate' },
  { value: '50+', label: 'Tutors' },
  { value: '24/7', label: 'Support' },
] as const;

export const FEATURES = [
  {
    id: 'essays',
    title: 'Expert essay reviews',
    text: 'Upload an academic essay and a vetted tutor marks it with a score out of 10 and written feedback within 48–72 hours.',
  },
  {
    id: 'tutoring',
    title: 'One-to-one tutoring',
    text: 'Book tutoring or mock interview sessions with DBS-checked tutors, at times that suit you, and join online.',
  },
  {
    id: 'feedback',
    title: 'Personalised feedback',
    text: 'Feedback written for your essay and your goals, with a chat to agree the word count and ask follow-up questions.',
  },
] as const;

/** The service promises. */
export const SERVICE_PROMISES = [
  'Essay feedback within 48–72 hours',
  'Expedited feedback within 24 hours',
  'Revisions within 7 days',
  'Full refund within 24 hours if the service is unused',
] as const;

export const SERVICE_LIMITS = [
  'Only academic essays are accepted — not personal statements.',
  'Coursework submissions are not allowed.',
  'Redpen is not for under-16s.',
] as const;
