import { ESSAY_PRICE_TEXT, WORD_COUNT_ADJUST_PERCENT } from '../pricing';

export type FaqItem = { q: string; a: string };
export type FaqTab = { id: string; label: string; items: FaqItem[] };

export const FAQ_TABS: FaqTab[] = [
  {
    id: 'general',
    label: 'General Questions',
    items: [
      {
        q: 'What is Redpen?',
        a: 'Redpen is a UK platform where students get paid feedback on academic essays and book one-to-one tutoring and mock interview sessions with vetted tutors.',
      },
      {
        q: 'Who can use Redpen?',
        a: 'Anyone aged 16 or over. Redpen is not for under-16s. Tutors must also have the right to work in the UK.',
      },
      {
        q: 'How are tutors vetted?',
        a: 'Tutors give identity, education and right-to-work details when they join, and an admin approves each tutor before they can take any work. Tutors who run live sessions also need an enhanced DBS check.',
      },
      {
        q: 'Can I be both a student and a tutor?',
        a: 'Yes. One account can hold a student profile and a tutor profile, and you can switch between them from your dashboard.',
      },
    ],
  },
  {
    id: 'essays',
    label: 'Essay Reviews',
    items: [
      {
        q: 'What kinds of writing do you review?',
        a: 'Academic essays only. We do not accept personal statements, and coursework submissions are not allowed.',
      },
      {
        q: 'How long does a review take?',
        a: 'Feedback arrives within 48–72 hours, or within 24 hours with the expedited service. Once you have paid, your tutor has two days to complete the review.',
      },
      {
        q: 'What do I get back?',
        a: 'A score out of 10 and written feedback from your tutor, sometimes with a marked copy of your file. You can ask for a revision within 7 days.',
      },
      {
        q: 'What will a tutor change in my essay?',
        a: 'Tutors work as proof-readers: they point out spelling, grammar, punctuation, formatting and referencing-format problems, repetition and omissions. They do not add content, check facts, rewrite your argument or reorder your paragraphs.',
      },
      {
        q: 'Which file types can I upload?',
        a: 'PDF, DOC, DOCX, TXT and common image formats (JPG, PNG, GIF, WEBP, BMP), up to 10 MB each. You can add an optional mark scheme.',
      },
    ],
  },
  {
    id: 'interviews',
    label: 'Mock Interviews',
    items: [
      {
        q: 'How do I book a mock interview or tutoring session?',
        a: 'Open Find Your Tutor from your dashboard, choose a tutor, then pick a day, a time slot and the purpose of the session.',
      },
      {
        q: 'How long are sessions?',
        a: 'Between 30 and 60 minutes. Times are shown in your local time alongside the GMT range.',
      },
      {
        q: 'Where do sessions take place?',
        a: 'Online. A Join Meeting button appears on your session card while the session is running.',
      },
      {
        q: 'Are session tutors checked?',
        a: 'Yes. Only tutors with the right to work in the UK and an enhanced DBS check can run live sessions.',
      },
    ],
  },
  {
    id: 'pricing',
    label: 'Pricing & Plans',
    items: [
      {
        q: 'How much does an essay review cost?',
        a: `${ESSAY_PRICE_TEXT}. The pricing page has a calculator.`,
      },
      {
        q: 'Can the word count change?',
        a: `You and your tutor confirm the word count before you pay. It can be adjusted by up to ${WORD_COUNT_ADJUST_PERCENT}% either way from the count we detect.`,
      },
      {
        q: 'What do tutoring sessions cost?',
        a: "Each tutor sets an hourly rate, shown on their profile before you book.",
      },
      {
        q: 'Can I get a refund?',
        a: 'Yes. You can have a full refund within 24 hours if the service has not been used.',
      },
      {
        q: 'Is there a subscription?',
        a: 'No. You pay for each essay review or session; creating an account is free.',
      },
    ],
  },
];
