/**
 * What the tutor's feedback covers, as the upload's confirm step says it (the service is feedback on the
 * essay, not proof-reading). What a tutor will not do is the Terms' list (features/public/content/proofreading.ts),
 * which the route hands in beside this one.
 */
export const FEEDBACK_COVERS = [
  'Written feedback on your argument, structure and use of evidence',
  'A score out of 10, with what would raise it',
  'Spelling, grammar and punctuation problems pointed out',
  'Referencing and formatting problems pointed out',
  'A model answer, when you ask for one',
] as const;
