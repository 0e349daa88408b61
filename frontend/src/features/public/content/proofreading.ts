/** What a proof-reader may and may not do (the Terms). */
export const PROOFREADER_MAY = [
  'Fix typographical and spelling errors',
  'Fix punctuation errors',
  'Fix formatting and layout errors',
  'Fix grammatical errors',
  'Fix errors in the format of references',
  'Fix labelling errors (figures, tables, headings)',
  'Point out lexical repetition and omissions',
] as const;

export const PROOFREADER_MAY_NOT = [
  'Add content',
  'Check facts or calculations',
  'Rewrite ambiguous content',
  'Alter the argument',
  'Reorder paragraphs',
  'Implement a referencing system',
  'Cut content to meet a word limit',
  'Translate into English',
] as const;
